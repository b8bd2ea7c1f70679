import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A customer's name as every screen that adds one asks it (the customer form, the WhatsApp inbox):
 * checked by the domain's `customerBody`, the same rules and messages as the server's.
 */
export function CustomerNameField({ company = false, ...props }: TextInputProps & { company?: boolean }) {
  return (
    <TextInput label={company ? 'اسم المنشأة' : 'اسم العميل'} withAsterisk autoComplete="off" {...props} />
  );
}
