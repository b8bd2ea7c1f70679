import type { Column, Field, Filter } from '../app/resource';

/** Small shared bits of the record screens (government, city, service, contract, payment method, forms). */
export const ACTIVE_FILTER_OPTIONS = [
  { value: 'true', label: 'فعّال' },
  { value: 'false', label: 'موقوف' },
];

/** A record's «active» switch: its list column, its filter and its form field. */
export const activeColumn: Column<'active'> = { key: 'active', header: 'الحالة', display: 'active' };
export const activeFilter: Filter<'active'> = {
  filter: 'active',
  label: 'الحالة',
  placeholder: 'كل الحالات',
  options: ACTIVE_FILTER_OPTIONS,
  width: 160,
};
export const activeField: Field<'active'> = { name: 'active', label: 'فعّال', kind: 'switch', initial: true };
