import { type CustomerPick, formatSaudiPhoneLocal } from '@idara/domain';
import { type SelectProps, Text } from '@mantine/core';
import { RemoteSelect } from '../data-table';

const customerOption = (c: CustomerPick) => ({ value: c._id, label: c.name });
const customerPhone = (c: CustomerPick) =>
  c.phoneNumber ? (
    <Text size="xs" c="dimmed">
      <bdi dir="ltr">{formatSaudiPhoneLocal(c.phoneNumber)}</bdi>
    </Text>
  ) : null;

/**
 * The app's one customer picker: a select searched on the server as you type (Arabic-aware: name or
 * phone, `/api/lookup/customers`), in forms and as a list filter. `initialLabel` names a preselected
 * customer without asking the server; otherwise it is loaded by id.
 */
export function CustomerPicker({
  value,
  onChange,
  initialLabel,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  /** With the picked customer's row (`GET /api/lookup/customers`: name, phone, city and address). */
  onChange: (value: string | null, customer: CustomerPick | null) => void;
  initialLabel?: string;
}) {
  return (
    <RemoteSelect
      {...props}
      path="/api/lookup/customers"
      params={{ sort: '-createdAt' }}
      toOption={customerOption}
      describe={customerPhone}
      value={value}
      selectedLabel={initialLabel}
      loadSelected
      clearable
      clearButtonProps={{ 'aria-label': 'مسح العميل' }}
      nothingFoundMessage="لا يوجد عميل مطابق"
      placeholder={props.placeholder ?? 'ابحث بالاسم أو رقم الجوال'}
      onChange={(v, c) => onChange(v, c)}
    />
  );
}
