import { type CustomerPick, orderStatusLabels } from '@idara/domain';
import { Badge } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
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

/** Where an order for a customer takes place, as the customer record has it. */
export interface CustomerPlace {
  city: string | null;
  address: string;
}

/** The customer's national address as one line of the order: «النرجس، طريق الملك فهد، مبنى 1234». */
export function customerAddress(
  c: Pick<CustomerPick, 'district' | 'street' | 'buildingNumber' | 'postalCode'>,
): string {
  return [
    c.district.trim(),
    c.street.trim(),
    c.buildingNumber.trim() ? `مبنى ${c.buildingNumber.trim()}` : '',
    c.postalCode.trim() ? `الرمز البريدي ${c.postalCode.trim()}` : '',
  ]
    .filter(Boolean)
    .join('، ');
}

/**
 * A customer's city and address for an order: from their record when the user may open it
 * (`customer:details`), else from the picker's row (`/api/lookup/customers/:id`), which carries the
 * city and the address parts. Null when neither answers.
 */
export async function loadCustomerPlace(
  queryClient: QueryClient,
  id: string,
  canDetails: boolean,
  known?: CustomerPick,
): Promise<CustomerPlace | null> {
  try {
    if (canDetails) {
      const c = await queryClient.fetchQuery({
        queryKey: customerKey(id),
        queryFn: () => api(`/api/customer/${id}`, { stopAlert: true }),
        staleTime: 30_000,
      });
      return { city: c.city, address: customerAddress(c) };
    }
    const row = known ?? (await api(`/api/lookup/customers/${id}`, { stopAlert: true }));
    return { city: row.city, address: customerAddress(row) };
  } catch {
    return null;
  }
}
