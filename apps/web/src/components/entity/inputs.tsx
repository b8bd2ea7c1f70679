import { TextInput, type TextInputProps } from '@mantine/core';

/** A Saudi mobile number field: left to right, the telephone keyboard, the local format as a hint. */
export function PhoneField(props: TextInputProps) {
  return <TextInput type="tel" inputMode="tel" dir="ltr" placeholder="05XXXXXXXX" {...props} />;
}

/** An e-mail field: left to right, the e-mail keyboard. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput label="البريد الإلكتروني" type="email" dir="ltr" placeholder="name@example.com" {...props} />
  );
}
