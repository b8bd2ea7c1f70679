import { Loader, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api';
import type { ListResponse } from './use-list-query';

type Option = { value: string; label: string };

export interface RemoteSelectProps<T extends { _id: string }>
  extends Omit<
    SelectProps,
    'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'searchable'
  > {
  /** `/api/<x>`: searched with `?search=…&limit=20`. */
  path: string;
  params?: Record<string, string | number>;
  toOption: (row: T) => Option;
  value: string | null;
  onChange: (value: string | null, row: T | null) => void;
  /** Label of the current value when it is not among the loaded rows (e.g. preselected from the URL). */
  selectedLabel?: string;
  /** Without `selectedLabel`, read a current value the list does not hold from `<path>/<id>`. */
  loadSelected?: boolean;
  /** A second line under each option (e.g. the customer's phone). */
  describe?: (row: T) => ReactNode;
  enabled?: boolean;
}

/**
 * A searchable select over a large resource: the search runs on the server (Arabic-aware), 20 rows
 * at a time; the chosen option stays in the list so its label keeps showing.
 */
export function RemoteSelect<T extends { _id: string }>({
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
}: RemoteSelectProps<T>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const seen = useRef(new Map<string, { row: T; option: Option }>());

  const currentLabel = value ? (seen.current.get(value)?.option.label ?? selectedLabel) : undefined;
  // Choosing an option writes its label into the box: that is not a new search.
  const term = debounced.trim() && debounced !== currentLabel ? debounced.trim() : '';
  const query = { limit: 20, ...params, ...(term ? { search: term } : {}) };
  const result = useQuery({
    queryKey: [path, 'options', query],
    queryFn: ({ signal }) => api<ListResponse<T>>(path, { query, signal, stopAlert: true }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });

  const unknown = Boolean(value) && !seen.current.has(value!) && !selectedLabel;
  const inResults = value ? result.data?.data.some((r) => r._id === value) : false;
  const single = useQuery({
    queryKey: [path, 'option', value],
    queryFn: ({ signal }) => api<T>(`${path}/${value}`, { signal, stopAlert: true }).catch(() => null),
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
