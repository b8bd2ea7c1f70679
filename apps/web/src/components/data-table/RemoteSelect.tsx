import type { ListPage, RouteAnswer } from '@idara/domain';
import { Loader, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { apiUntyped } from '../../lib/api';

type Option = { value: string; label: string };

/**
 * The pickers' routes (apps/api lookup `picker`): a list page at the path, one row at `<path>/:id`;
 * a record list answers the same way (customer contracts, picked by their own readers).
 */
export type PickerPath =
  | '/api/lookup/customers'
  | '/api/lookup/orders'
  | '/api/lookup/users'
  | '/api/lookup/forms'
  | '/api/customer-contract';
/** A picker's row, as its route answers it (the route map of `@idara/domain`). */
export type PickerRows = { [P in PickerPath]: RouteAnswer<`GET ${P}/:id`> };

export interface RemoteSelectProps<P extends PickerPath>
  extends Omit<
    SelectProps,
    'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'searchable'
  > {
  /** A picker's route: searched with `?search=…&limit=20`; its rows type `toOption`, `onChange`, `describe`. */
  path: P;
  /** Filters and sort; never `fields` (the rows are whole). */
  params?: Record<string, string | number> & { fields?: never };
  toOption: (row: PickerRows[P]) => Option;
  value: string | null;
  onChange: (value: string | null, row: PickerRows[P] | null) => void;
  /** Label of the current value when it is not among the loaded rows (e.g. preselected from the URL). */
  selectedLabel?: string;
  /** Without `selectedLabel`, read a current value the list does not hold from `<path>/<id>`. */
  loadSelected?: boolean;
  /** A second line under each option (e.g. the customer's phone). */
  describe?: (row: PickerRows[P]) => ReactNode;
  enabled?: boolean;
}

/**
 * A searchable select over a large resource: the search runs on the server (Arabic-aware), 20 rows
 * at a time; the chosen option stays in the list so its label keeps showing.
 */
export function RemoteSelect<P extends PickerPath>({
  path,
  params,
  toOption,
  value,
  onChange,
  selectedLabel,
  loadSelected = false,
  describe,
  enabled = true,
  ...props
}: RemoteSelectProps<P>) {
  type T = PickerRows[P];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const seen = useRef(new Map<string, { row: T; option: Option }>());

  const currentLabel = value ? (seen.current.get(value)?.option.label ?? selectedLabel) : undefined;
  // Choosing an option writes its label into the box: that is not a new search.
  const term = debounced.trim() && debounced !== currentLabel ? debounced.trim() : '';
  const query = { limit: 20, ...params, ...(term ? { search: term } : {}) };
  const result = useQuery({
    queryKey: [path, 'options', query],
    // The path is a type parameter here, so `api` cannot pick its route: the rows are PickerRows[P], a
    // whole row each (no `fields`), as the route map says.
    queryFn: ({ signal }) => apiUntyped<ListPage<T>>(path, { query, signal, stopAlert: true }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });

  const unknown = Boolean(value) && !seen.current.has(value!) && !selectedLabel;
  const inResults = value ? result.data?.data.some((r) => r._id === value) : false;
  const single = useQuery({
    queryKey: [path, 'option', value],
    queryFn: ({ signal }) => apiUntyped<T>(`${path}/${value}`, { signal, stopAlert: true }).catch(() => null),
    enabled: enabled && loadSelected && unknown && !inResults,
    staleTime: 60_000,
  });

  const data = useMemo(() => {
    const options: Option[] = [];
    for (const row of result.data?.data ?? []) {
      const option = toOption(row);
      seen.current.set(row._id, { row, option });
      options.push(option);
    }
    if (single.data && !seen.current.has(single.data._id)) {
      seen.current.set(single.data._id, { row: single.data, option: toOption(single.data) });
    }
    if (value && !options.some((o) => o.value === value)) {
      const known = seen.current.get(value)?.option;
      const label = known?.label ?? selectedLabel;
      if (label) options.unshift({ value, label });
    }
    return options;
  }, [result.data, single.data, value, selectedLabel, toOption]);

  return (
    <Select
      {...props}
      searchable
      data={data}
      value={value}
      onChange={(v) => onChange(v, v ? (seen.current.get(v)?.row ?? null) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      renderOption={
        describe
          ? ({ option }) => {
              const row = seen.current.get(option.value)?.row;
              return (
                <Stack gap={0}>
                  <Text>{option.label}</Text>
                  {row ? describe(row) : null}
                </Stack>
              );
            }
          : undefined
      }
      nothingFoundMessage={result.isFetching ? 'جارٍ البحث…' : (props.nothingFoundMessage ?? 'لا توجد نتائج')}
      rightSection={result.isFetching ? <Loader size={14} /> : undefined}
    />
  );
}
