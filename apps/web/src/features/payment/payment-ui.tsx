import { type PaymentStatus, paymentStatusLabels } from '@idara/domain';
import { Badge, type BadgeProps, Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { ListResponse } from '../../components/data-table';
import { api } from '../../lib/api';

export const PAYMENT_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  approved: 'blue',
  paid: 'teal',
  rejected: 'red',
};

export const PAYMENT_STATUS_OPTIONS = (Object.keys(paymentStatusLabels) as PaymentStatus[]).map((s) => ({
  value: s,
  label: paymentStatusLabels[s],
}));

export function PaymentStatusBadge({ status, ...props }: { status: PaymentStatus } & BadgeProps) {
  return (
    <Badge
      variant="light"
      radius="sm"
      color={PAYMENT_STATUS_COLORS[status] ?? 'gray'}
      data-testid="payment-status"
      data-status={status}
      // never cut to an ellipsis inside a narrow table cell
      style={{ minWidth: 'max-content' }}
      {...props}
    >
      {paymentStatusLabels[status] ?? status}
    </Badge>
  );
}

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
    queryFn: ({ signal }) => api<ListResponse<T>>(path, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });

  const data = useMemo(() => {
    const options: Option[] = [];
    for (const row of result.data?.data ?? []) {
      const option = toOption(row);
      seen.current.set(row._id, { row, option });
      options.push(option);
    }
    if (value && !options.some((o) => o.value === value)) {
      const known = seen.current.get(value)?.option;
      const label = known?.label ?? selectedLabel;
      if (label) options.unshift({ value, label });
    }
    return options;
  }, [result.data, value, selectedLabel, toOption]);

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
      nothingFoundMessage={result.isFetching ? 'جارٍ البحث…' : 'لا توجد نتائج'}
      rightSection={result.isFetching ? <Loader size={14} /> : undefined}
    />
  );
}

const RIYADH_OFFSET = '+03:00';

/** 'YYYY-MM-DD' (a Riyadh day) → ISO instant of its start or end. */
export function dayToIso(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}${RIYADH_OFFSET}`).toISOString();
}

/** ISO instant → its Riyadh day 'YYYY-MM-DD'. */
export function isoToDay(iso: string | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 10);
}

/** A calendar date 'YYYY-MM-DD' shown as 'YYYY/MM/DD'. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return day.slice(0, 10).replace(/-/g, '/');
}
