import { type CustomerPick, formatSaudiPhoneLocal } from '@idara/domain';
import { Text } from '@mantine/core';
import { type PickerKind, RecordPicker, type RecordPickerProps } from './record-picker';

const customers: PickerKind<'/api/lookup/customers'> = {
  path: '/api/lookup/customers',
  params: { sort: '-createdAt' },
  toOption: (c: CustomerPick) => ({ value: c._id, label: c.name }),
  describe: (c: CustomerPick) =>
    c.phoneNumber ? (
      <Text size="xs" c="dimmed">
        <bdi dir="ltr">{formatSaudiPhoneLocal(c.phoneNumber)}</bdi>
      </Text>
    ) : null,
  clearLabel: 'مسح العميل',
  nothingFound: 'لا يوجد عميل مطابق',
  placeholder: 'ابحث بالاسم أو رقم الجوال',
};

/**
 * The app's one customer picker: a select searched on the server as you type (Arabic-aware: name or
 * phone, `/api/lookup/customers`), in forms and as a list filter; `onChange` gives the customer's
 * row (name, phone, city and address).
 */
export function CustomerPicker(props: RecordPickerProps<'/api/lookup/customers'>) {
  return <RecordPicker kind={customers} {...props} />;
}
