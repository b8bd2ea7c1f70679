import { arabicPlural } from '@idara/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../lib/toast';
import { UserPicker } from './pickers';
import { afterTaskChanged, assignTasks, TASKS } from './task-api';

/** Bulk assign: POST /api/task/assign {ids, assignee} (all or nothing). */
export function AssignModal({
  ids,
  opened,
  onClose,
  onDone,
}: {
  ids: string[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [assignee, setAssignee] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setAssignee(null);
      setError(null);
    }
  }, [opened]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!assignee) {
      setError('اختر الموظف');
      return;
    }
    setBusy(true);
    try {
      const res = await assignTasks(ids, assignee);
      notify.success(res?.message ?? 'تم إسناد المهام');
      afterTaskChanged(queryClient);
      onDone();
      onClose();
    } catch {
      // the API client showed the Arabic message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="إسناد المهام المحددة"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            تُسند <bdi>{arabicPlural(ids.length, TASKS)}</bdi> إلى الموظف الذي تختاره.
          </Text>
          <UserPicker
            label="الموظف"
            withAsterisk
            value={assignee}
            error={error}
            onChange={(v) => {
              setAssignee(v);
              setError(null);
            }}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              إلغاء
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconUserCheck size={16} />}>
              إسناد
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
