import { arabicPlural } from '@idara/domain';
import { Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { DialogForm, useDialogValue } from '../../components/DialogForm';
import { useBusy } from '../../components/use-busy';
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
  const assignee = useDialogValue<string | null>(opened, null);
  const [busy, run] = useBusy<'assign'>();

  const submit = () => {
    if (!assignee.value) {
      assignee.fail('اختر الموظف');
      return;
    }
    const chosen = assignee.value;
    return run('assign', async () => {
      const res = await assignTasks(ids, chosen);
      notify.success(res?.message ?? 'تم إسناد المهام');
      afterTaskChanged(queryClient);
      onDone();
      onClose();
    });
  };

  return (
    <DialogForm
      opened={opened}
      onClose={onClose}
      title="إسناد المهام المحددة"
      onSubmit={submit}
      submitLabel="إسناد"
      submitIcon={<IconUserCheck size={16} />}
      busy={busy === 'assign'}
    >
      <Text size="sm">
        تُسند <bdi>{arabicPlural(ids.length, TASKS)}</bdi> إلى الموظف الذي تختاره.
      </Text>
      <UserPicker
        label="الموظف"
        withAsterisk
        value={assignee.value}
        error={assignee.error}
        onChange={assignee.change}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
    </DialogForm>
  );
}
