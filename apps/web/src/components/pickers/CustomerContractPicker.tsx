import { type PickerKind, RecordPicker, type RecordPickerProps } from './record-picker';

const contracts: PickerKind<'/api/customer-contract'> = {
  path: '/api/customer-contract',
  params: { sort: '-number' },
  toOption: (c) => ({ value: c._id, label: `عقد رقم ${c.number} — ${c.customerName}` }),
  clearLabel: 'مسح العقد',
  nothingFound: 'لا يوجد عقد مطابق',
  placeholder: 'ابحث برقم العقد أو اسم العميل',
};

/**
 * A customer contract, searched on the server by its number, customer or type
 * (`/api/customer-contract`, its readers only): a visit list's filter.
 */
export function CustomerContractPicker(props: RecordPickerProps<'/api/customer-contract'>) {
  return <RecordPicker kind={contracts} {...props} />;
}
