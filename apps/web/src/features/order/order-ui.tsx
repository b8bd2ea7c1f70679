import { type Customer, type CustomerPick, formatSaudiPhoneLocal, orderStatusLabels } from '@idara/domain';
import { Badge, type SelectProps, Text, type TextProps } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { RemoteSelect } from '../../components/data-table';
import { api } from '../../lib/api';
import { customerKey } from '../customer/customer-api';
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
type AddressParts = Partial<Pick<Customer, 'district' | 'street' | 'buildingNumber' | 'postalCode'>>;

/** A picked customer: the picker's row (its address parts when the server includes them). */
export type PickedCustomer = CustomerPick & AddressParts;

/** Where an order for a customer takes place, as the customer record has it. */
export interface CustomerPlace {
  city: string | null;
  address: string;
}

/** The customer's national address as one line of the order: «النرجس، طريق الملك فهد، مبنى 1234». */
export function customerAddress(c: AddressParts): string {
  return [
    c.district?.trim(),
    c.street?.trim(),
    c.buildingNumber?.trim() ? `مبنى ${c.buildingNumber.trim()}` : '',
    c.postalCode?.trim() ? `الرمز البريدي ${c.postalCode.trim()}` : '',
  ]
    .filter(Boolean)
    .join('، ');
}

/**
 * A customer's city and address for an order: from their record when the user may open it
 * (`customer:details`), else from the picker's row (`/api/lookup/customers/:id`), which carries the
 * city and, where the server gives them, the address parts. Null when neither answers.
 */
export async function loadCustomerPlace(
  queryClient: QueryClient,
  id: string,
  canDetails: boolean,
  known?: { city: string | null } & AddressParts,
): Promise<CustomerPlace | null> {
  try {
    if (canDetails) {
      const c = await queryClient.fetchQuery({
        queryKey: customerKey(id),
        queryFn: () => api<Customer>(`/api/customer/${id}`, { stopAlert: true }),
        staleTime: 30_000,
      });
      return { city: c.city, address: customerAddress(c) };
    }
    const row =
      known ?? (await api<CustomerPick & AddressParts>(`/api/lookup/customers/${id}`, { stopAlert: true }));
    return { city: row.city, address: customerAddress(row) };
  } catch {
    return null;
  }
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
      onChange={(v, c) => onChange(v, c)}
    />
  );
}
