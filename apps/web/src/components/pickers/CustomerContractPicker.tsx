import type { CustomerContract } from '@idara/domain';
import type { SelectProps } from '@mantine/core';
import { RemoteSelect } from '../data-table';

const contractOption = (c: CustomerContract) => ({
  value: c._id,
  label: `عقد رقم ${c.number} — ${c.customerName}`,
});

/**
 * A customer contract, searched on the server by its number, customer or type
 * (`/api/customer-contract`, its readers only): a visit list's filter.
 */
export function CustomerContractPicker({
  value,
  onChange,
  initialLabel,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
  initialLabel?: string;
}) {
  return (
    <RemoteSelect
      {...props}
      path="/api/customer-contract"
      params={{ sort: '-number' }}
      toOption={contractOption}
      value={value}
      selectedLabel={initialLabel}
      loadSelected
      clearable
      clearButtonProps={{ 'aria-label': 'مسح العقد' }}
      nothingFoundMessage="لا يوجد عقد مطابق"
      placeholder={props.placeholder ?? 'ابحث برقم العقد أو اسم العميل'}
      onChange={(v) => onChange(v)}
    />
  );
}
