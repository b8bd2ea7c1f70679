import { TextInput, type TextInputProps } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';

/** Saudi mobile input: left-to-right, telephone keyboard. */
export function PhoneInput(props: TextInputProps) {
  return (
    <TextInput
      label="رقم الجوال"
      placeholder="05XXXXXXXX"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      dir="ltr"
      leftSection={<IconPhone size={16} />}
      {...props}
    />
  );
}
