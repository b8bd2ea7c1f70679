import type { Permission } from '@idara/domain';
import type { ComponentProps } from 'react';
import type { RefName } from '../../app/resource';
import { CustomerPicker } from '../pickers/CustomerPicker';

type Picker = (props: ComponentProps<typeof CustomerPicker>) => React.ReactNode;

/**
 * What a `ref` field needs per record it may refer to: the picker that searches the server, and
 * where the record opens (with the permission that may open it). One entry per record kind: the
 * app's one customer picker serves every form and filter that names a customer.
 */
export const refs: Record<
  RefName,
  { Picker: Picker; base: string; detailsPermission: Permission; noun: string }
> = {
  customer: {
    Picker: CustomerPicker,
    base: '/dashboard/customer',
    detailsPermission: 'customer:details',
    noun: 'العميل',
  },
};
