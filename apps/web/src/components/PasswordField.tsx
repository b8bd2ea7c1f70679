import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/**
 * A required password field with the lock icon and a named show/hide button; `isNew` for a
 * password being chosen (the browser offers to generate and save it), else the current one.
 */
export function PasswordField({ isNew = false, ...props }: PasswordInputProps & { isNew?: boolean }) {
  return (
    <PasswordInput
      autoComplete={isNew ? 'new-password' : 'current-password'}
      withAsterisk
      leftSection={<IconLock size={16} />}
      visibilityToggleButtonProps={{ 'aria-label': 'إظهار الحروف أو إخفاؤها' }}
      {...props}
    />
  );
}

/** Choosing a new password: the password, 8 characters at least, then the same again. */
export function NewPasswordFields({
  password,
  confirm,
  confirmLabel,
}: {
  /** The form's props of each field (`form.getInputProps('password')`). */
  password: PasswordInputProps;
  confirm: PasswordInputProps;
  confirmLabel: string;
}) {
  return (
    <>
      <PasswordField label="كلمة المرور الجديدة" description="8 أحرف على الأقل" isNew {...password} />
      <PasswordField label={confirmLabel} isNew {...confirm} />
    </>
  );
}
