import { Select } from '@mantine/core';
import type { OptionFilterProps } from './FilterSelect';
import { toolbarField } from './toolbar-field';

/**
 * A searchable filter over a lookup (regions, cities, services, users), kept in the list's URL
 * state: choosing sets `<filter>=value`, clearing removes it. `onChange` replaces the default when
 * choosing must change other filters too.
 */
export function LookupFilter({
  state,
  filter,
  label,
  placeholder,
  data,
  width = 180,
  onChange,
}: OptionFilterProps & { onChange?: (value: string | null) => void }) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      data={data}
      value={state.filters[filter] ?? null}
      onChange={onChange ?? ((value) => state.setFilter(filter, value))}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `مسح ${label}` }}
      nothingFoundMessage="لا توجد نتائج"
      {...toolbarField(width)}
      radius="xl"
    />
  );
}
