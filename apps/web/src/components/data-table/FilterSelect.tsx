import { NativeSelect } from '@mantine/core';
import { toolbarField } from './toolbar-field';
import type { ListState } from './use-list-state';

/** What a dropdown filter bound to one `<filter>` of the list's URL state is given. */
export interface OptionFilterProps {
  state: ListState;
  filter: string;
  label: string;
  /** The "all …" text ("كل الحالات"): the first option, or the empty field's placeholder. */
  placeholder: string;
  data: { value: string; label: string }[];
  width?: number;
}

/**
 * A dropdown filter over a short fixed list, kept in the list's URL state: choosing sets
 * `<filter>=value`, the first option ("all …") removes it. A native select: a phone opens its own
 * picker, and a list page mounts no popover for it.
 */
export function FilterSelect({ state, filter, label, placeholder, data, width = 160 }: OptionFilterProps) {
  const value = state.filters[filter] ?? '';
  return (
    <NativeSelect
      aria-label={label}
      data={[{ value: '', label: placeholder }, ...data]}
      value={value}
      onChange={(event) => state.setFilter(filter, event.currentTarget.value || null)}
      {...toolbarField(width)}
      radius="xl"
      // "All" reads as a hint, but it is the select's value, so it needs body-text contrast: the
      // theme's dimmed grey (5.4:1), not the placeholder grey (2.1:1).
      styles={value ? undefined : { input: { color: 'var(--mantine-color-dimmed)' } }}
    />
  );
}
