import { formatGregorianDate, formatSaudiPhoneLocal, hijriParts, orderStatusLabels } from '@idara/domain';
import {
  Badge,
  Group,
  SegmentedControl,
  Select,
  type SelectProps,
  Stack,
  Text,
  type TextProps,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../lib/api';
import { dayNoon, type OrderStatus, orderStatusColors } from './order-api';

/** Coloured status badge with the Arabic label. */
export function OrderStatusBadge({
  status,
  size = 'md',
}: {
  status: OrderStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge variant="light" radius="sm" size={size} color={orderStatusColors[status] ?? 'gray'}>
      {orderStatusLabels[status] ?? status}
    </Badge>
  );
}

/** '#123' read left to right inside Arabic text. */
export function OrderNumber({ value, ...props }: { value: number } & TextProps) {
  return (
    <Text span fw={600} {...props}>
      <bdi dir="ltr">#{value}</bdi>
    </Text>
  );
}

// ---- Customer picker: searches the server as you type ------------------------------------------------

interface CustomerHit {
  _id: string;
  name: string;
  phoneNumber: string;
  city: string | null;
}

export interface PickedCustomer {
  _id: string;
  name: string;
  city: string | null;
}

/**
 * Searchable customer select: `GET /api/customer?search=…&limit=20` (Arabic-aware search on the
 * server: name or phone), the chosen customer kept as an option even when the results move on.
 * `initialLabel` names a preselected customer without asking the server; otherwise it is loaded by id.
 */
export function CustomerPicker({
  value,
  onChange,
  initialLabel,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: string | null;
  onChange: (value: string | null, customer: PickedCustomer | null) => void;
  initialLabel?: string;
}) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<Map<string, CustomerHit>>(() => new Map());
  const selected = value ? known.get(value) : undefined;
  const selectedLabel = selected?.name ?? (value ? initialLabel : undefined);
  // Typing filters on the server; the text Mantine puts back after a choice (the label) does not.
  const term = search.trim() && search !== selectedLabel ? search.trim() : '';
  const [debounced] = useDebouncedValue(term, 250);

  const results = useQuery({
    queryKey: ['/api/customer', 'picker', debounced],
    queryFn: ({ signal }) =>
      api<{ data: CustomerHit[] }>('/api/customer', {
        query: {
          limit: 20,
          fields: '_id,name,phoneNumber,city',
          sort: debounced ? 'name' : '-createdAt',
          ...(debounced ? { search: debounced } : {}),
        },
        stopAlert: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  // A customer chosen before (edit, ?customer=<id>) that the list does not hold: load it by id.
  const inResults = value ? results.data?.data.some((c) => c._id === value) : false;
  const single = useQuery({
    queryKey: ['/api/customer', 'picker-one', value],
    queryFn: ({ signal }) =>
      api<CustomerHit>(`/api/customer/${value}`, { stopAlert: true, signal }).catch(() => null),
    enabled: Boolean(value) && !selected && !inResults && !initialLabel,
    staleTime: 60_000,
  });

  const hits = useMemo(() => {
    const map = new Map<string, CustomerHit>();
    for (const c of results.data?.data ?? []) map.set(c._id, c);
    if (value && !map.has(value)) {
      const fallback =
        known.get(value) ??
        single.data ??
        (initialLabel ? { _id: value, name: initialLabel, phoneNumber: '', city: null } : undefined);
      if (fallback) map.set(value, fallback);
    }
    return map;
  }, [results.data, value, known, single.data, initialLabel]);

  const data = [...hits.values()].map((c) => ({ value: c._id, label: c.name }));

  return (
    <Select
      {...props}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'مسح العميل' }}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? 'جارٍ البحث…' : 'لا يوجد عميل مطابق'}
      placeholder={props.placeholder ?? 'ابحث بالاسم أو رقم الجوال'}
      renderOption={({ option }) => {
        const c = hits.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {c?.phoneNumber ? (
              <Text size="xs" c="dimmed">
                <bdi dir="ltr">{formatSaudiPhoneLocal(c.phoneNumber)}</bdi>
              </Text>
            ) : null}
          </Stack>
        );
      }}
      onChange={(v) => {
        const c = v ? hits.get(v) : undefined;
        if (c) setKnown((m) => new Map(m).set(c._id, c));
        onChange(v, c ? { _id: c._id, name: c.name, city: c.city } : null);
      }}
    />
  );
}

// ---- Date range filter with a Hijri/Gregorian display ------------------------------------------------

export type CalendarKind = 'gregorian' | 'hijri';

/** The calendar the date filters display, remembered on this device. */
export function useCalendarKind() {
  return useLocalStorage<CalendarKind>({
    key: 'idara-date-calendar',
    defaultValue: 'gregorian',
    getInitialValueInEffect: false,
  });
}

/** '15 رمضان 1447 هـ' of a calendar day. */
export function hijriOfDay(day: string): string {
  const h = hijriParts(dayNoon(day));
  return `${h.day} ${h.monthName} ${h.year} هـ`;
}

/** A Hijri range without repeating what both ends share: '3–17 رمضان 1447 هـ', '28 شعبان – 5 رمضان 1447 هـ'. */
export function hijriRange(from: string, to: string): string {
  const a = hijriParts(dayNoon(from));
  const b = hijriParts(dayNoon(to));
  if (a.year !== b.year) return `${hijriOfDay(from)} – ${hijriOfDay(to)}`;
  if (a.month !== b.month) return `${a.day} ${a.monthName} – ${b.day} ${b.monthName} ${b.year} هـ`;
  if (a.day === b.day) return hijriOfDay(from);
  return `${a.day}–${b.day} ${a.monthName} ${a.year} هـ`;
}

/** Hijri day-of-month of a calendar day (for the calendar cells). */
const hijriDayOf = (day: string) => hijriParts(dayNoon(day)).day;

/**
 * A date range picker (Riyadh calendar days) with a Gregorian/Hijri switch: in Hijri mode the input
 * shows the Umm al-Qura dates of the picked days and every calendar cell carries its Hijri day.
 */
export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  /** 'YYYY-MM-DD' or null. */
  from: string | null;
  to: string | null;
  onChange: (from: string | null, to: string | null) => void;
}) {
  const [kind, setKind] = useCalendarKind();
  const hijri = kind === 'hijri';
  const fmt = (d: string) => (hijri ? hijriOfDay(d) : formatGregorianDate(dayNoon(d)));
  const rangeText = (a: string, b: string | null) => {
    if (!b) return `${fmt(a)} –`;
    if (a === b) return fmt(a);
    return hijri ? hijriRange(a, b) : `${fmt(a)} – ${fmt(b)}`;
  };

  return (
    <Group gap={6} wrap="nowrap" w={{ base: '100%', xs: 'auto' }} align="center">
      <DatePickerInput
        type="range"
        aria-label={label}
        placeholder={label}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={[from, to]}
        onChange={([start, end]) =>
          onChange(start ? start.slice(0, 10) : null, end ? end.slice(0, 10) : null)
        }
        allowSingleDateInRange
        clearable
        clearButtonProps={{ 'aria-label': `مسح ${label}` }}
        valueFormatter={({ date }) => {
          const [a, b] = Array.isArray(date) ? date : [date, null];
          return a ? rangeText(String(a).slice(0, 10), b ? String(b).slice(0, 10) : null) : '';
        }}
        renderDay={
          hijri
            ? (date) => (
                <Stack gap={0} align="center" style={{ lineHeight: 1.1 }}>
                  <span>{Number(date.slice(8, 10))}</span>
                  <Text span fz={9} c="dimmed" aria-hidden>
                    {hijriDayOf(date)}
                  </Text>
                </Stack>
              )
            : undefined
        }
        w={{ base: '100%', xs: hijri ? 330 : 240 }}
        style={{ flex: '1 1 auto', minWidth: 0 }}
        styles={{ input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}
        radius="xl"
      />
      <SegmentedControl
        size="xs"
        radius="xl"
        aria-label="التقويم"
        value={kind}
        onChange={(v) => setKind(v as CalendarKind)}
        data={[
          { value: 'gregorian', label: 'ميلادي' },
          { value: 'hijri', label: 'هجري' },
        ]}
        style={{ flex: '0 0 auto' }}
      />
    </Group>
  );
}
