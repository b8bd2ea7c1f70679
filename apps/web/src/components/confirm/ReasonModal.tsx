import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';

/**
 * Asks for a required reason before an act that records one (rejecting a payment, approving one's
 * own, cancelling an invoiced order). The reason is checked here as the server checks it (3–500
 * characters) so the dialog answers at once; the server still decides.
 */
export function ReasonModal({
  opened,
  title,
  label,
  placeholder,
  hint,
  submitLabel,
  submitIcon,
  color,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  label: string;
  placeholder: string;
  hint?: ReactNode;
  submitLabel: string;
  submitIcon?: ReactNode;
  color: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void | Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
    }
  }, [opened]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setError(`اكتب ${label} (3 أحرف على الأقل)`);
      return;
    }
    void onSubmit(reason.trim());
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'إغلاق' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
          <Textarea
            label={label}
            withAsterisk
            placeholder={placeholder}
            autosize
            minRows={3}
            maxRows={6}
            maxLength={500}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              if (error) setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              تراجع
            </Button>
            <Button type="submit" color={color} loading={busy} leftSection={submitIcon}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
