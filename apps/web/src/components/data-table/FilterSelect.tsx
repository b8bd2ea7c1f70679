import { Select } from '@mantine/core';
import type { ListState } from './use-list-state';

/** A dropdown filter kept in the list's URL state: choosing sets `<filter>=value`, clearing removes it. */
export function FilterSelect({
  state,
  filter,
  label,
  placeholder,
  data,
  width = 160,
}: {
  state: ListState;
  filter: string;
  label: string;
  placeholder: string;
  data: { value: string; label: string }[];
  width?: number;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      data={data}
      value={state.filters[filter] ?? null}
      onChange={(v) => state.setFilter(filter, v)}
      clearable
      w={{ base: '100%', xs: width }}
      radius="xl"
    />
  );
}
