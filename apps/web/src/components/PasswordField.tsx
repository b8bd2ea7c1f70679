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
