import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DialogForm, type DialogFormProps, DialogNote, useDialogValue } from '../DialogForm';

/**
 * Asks for a required reason before an act that records one (rejecting a payment, approving one's
 * own, cancelling an invoiced order). The reason is checked here as the server checks it (3–500
 * characters) so the dialog answers at once; the server still decides.
 */
export function ReasonModal({
  label,
  placeholder,
  hint,
  color,
  onSubmit,
  ...dialog
}: Omit<DialogFormProps, 'onSubmit' | 'submitColor' | 'cancelLabel' | 'size' | 'children'> & {
  title: string;
  label: string;
  placeholder: string;
  hint?: ReactNode;
  submitLabel: string;
  color: string;
  onSubmit: (reason: string) => void | Promise<void>;
}) {
  const reason = useDialogValue(dialog.opened, '');
  const submit = () => {
    const text = reason.value.trim();
    if (text.length < 3) {
      reason.fail(`اكتب ${label} (3 أحرف على الأقل)`);
      return;
    }
    void onSubmit(text);
  };
  return (
    <DialogForm {...dialog} onSubmit={submit} submitColor={color} cancelLabel="تراجع">
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <DialogNote label={label} withAsterisk placeholder={placeholder} maxLength={500} note={reason} />
    </DialogForm>
  );
}
