import { Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { DialogForm, DialogNote } from '../DialogForm';

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
  const submit = () => {
    if (reason.trim().length < 3) {
      setError(`اكتب ${label} (3 أحرف على الأقل)`);
      return;
    }
    void onSubmit(reason.trim());
  };
  return (
    <DialogForm
      opened={opened}
      onClose={onClose}
      title={title}
      onSubmit={submit}
      submitLabel={submitLabel}
      submitIcon={submitIcon}
      submitColor={color}
      busy={busy}
      cancelLabel="تراجع"
    >
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <DialogNote
        label={label}
        withAsterisk
        placeholder={placeholder}
        maxLength={500}
        value={reason}
        onChange={setReason}
        error={error}
        clearError={() => setError(null)}
      />
    </DialogForm>
  );
}
