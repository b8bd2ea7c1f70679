import { type CustomerPick, formatSaudiPhoneLocal, orderStatusLabels } from '@idara/domain';
import { Badge, type SelectProps, Text, type TextProps } from '@mantine/core';
import { RemoteSelect } from '../../components/data-table';
import { type OrderStatus, orderStatusColors } from './order-api';

/** Coloured status badge with the Arabic label. */
export function OrderStatusBadge({
  status,
  size = 'md',
}: {
  status: OrderStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge variant="light" radius="sm" size={size} color={orderStatusColors[status] ?? 'gray'}>
      {orderStatusLabels[status] ?? status}
    </Badge>
  );
}

/** '#123' read left to right inside Arabic text. */
export function OrderNumber({ value, ...props }: { value: number } & TextProps) {
  return (
    <Text span fw={600} {...props}>
      <bdi dir="ltr">#{value}</bdi>
    </Text>
  );
}

// ---- Customer picker: searches the server as you type ------------------------------------------------

type CustomerHit = CustomerPick;

export interface PickedCustomer {
  _id: string;
  name: string;
  city: string | null;
}

const customerOption = (c: CustomerHit) => ({ value: c._id, label: c.name });
const customerPhone = (c: CustomerHit) =>
  c.phoneNumber ? (
    <Text size="xs" c="dimmed">
      <bdi dir="ltr">{formatSaudiPhoneLocal(c.phoneNumber)}</bdi>
    </Text>
  ) : null;

/**
 * Searchable customer select (Arabic-aware search on the server: name or phone). `initialLabel` names
 * a preselected customer without asking the server; otherwise it is loaded by id.
 */
export function CustomerPicker({
  value,
  onChange,
  initialLabel,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (value: string | null, customer: PickedCustomer | null) => void;
  initialLabel?: string;
}) {
  return (
    <RemoteSelect<CustomerHit>
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
      onChange={(v, c) => onChange(v, c ? { _id: c._id, name: c.name, city: c.city } : null)}
    />
  );
}
