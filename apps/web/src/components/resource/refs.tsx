import type { Permission } from '@idara/domain';
import type { ComponentProps, ReactNode } from 'react';
import type { RefName, ShownRefName } from '../../app/resource';
import { CustomerContractPicker } from '../pickers/CustomerContractPicker';
import { CustomerPicker } from '../pickers/CustomerPicker';

type Picker = (
  props: Omit<ComponentProps<typeof CustomerPicker>, 'onChange'> & {
    onChange: (value: string | null) => void;
  },
) => ReactNode;

/** Where a referred record opens, and whom for; `number`: it is named by its number ('#12', `<key>Number`). */
interface RefTarget {
  base: string;
  detailsPermission: Permission;
  named?: 'number';
}

/**
 * What a `ref` field needs per record it may refer to: the picker that searches the server, and
 * where the record opens (with the permission that may open it). One entry per record kind: the
 * app's one customer picker serves every form and filter that names a customer.
 */
export const refs: Record<RefName, RefTarget & { Picker: Picker; noun: string; readPermission: Permission }> =
  {
    customer: {
      Picker: CustomerPicker,
      base: '/dashboard/customer',
      detailsPermission: 'customer:details',
      readPermission: 'customer:read',
      noun: 'العميل',
    },
    customerContract: {
      Picker: CustomerContractPicker,
      base: '/dashboard/customer-contract',
      detailsPermission: 'customerContract:details',
      readPermission: 'customerContract:read',
      noun: 'العقد',
      named: 'number',
    },
  };

/** Records a value names and links to, chosen through a lookup where a form asks for them. */
export const shownRefs: Record<ShownRefName, RefTarget> = {
  city: { base: '/dashboard/city', detailsPermission: 'city:details' },
  contract: { base: '/dashboard/contract', detailsPermission: 'contract:details' },
};

export const refTarget = (name: RefName | ShownRefName): RefTarget =>
  name in refs ? refs[name as RefName] : shownRefs[name as ShownRefName];
