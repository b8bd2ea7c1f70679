import { formatGregorianDate, hijriParts } from '@idara/domain';
import { Group, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useLocalStorage } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { dayNoon, dayToIso, isoToDay } from '../../lib/riyadh-day';
import { type CalendarKind, CalendarSwitch } from '../CalendarSwitch';
import type { ListState } from './use-list-state';
import '../../lib/dayjs-locale';
import { toolbarField } from './toolbar-field';

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
    <Group gap={6} wrap="nowrap" align="center" {...toolbarField('auto')}>
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
        {...toolbarField(hijri ? 330 : 240, { flex: '1 1 auto', minWidth: 0 })}
        styles={{ input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}
        radius="xl"
      />
      <CalendarSwitch size="xs" value={kind} onChange={setKind} style={{ flex: '0 0 auto' }} />
    </Group>
  );
}

/**
 * The date range filter of a list: `<field>From` / `<field>To` in the URL as the first and last
 * instant of the chosen Riyadh days, or for a calendar-day field (`days`) the days themselves.
 */
export function ListDateRangeFilter({
  state,
  field,
  label,
  days = false,
}: {
  state: ListState;
  field: string;
  label: string;
  /** The field is a calendar day (`day`): the filter is the days themselves, not instants. */
  days?: boolean;
}) {
  const read = (v: string | undefined) => (days ? (v ?? null) : isoToDay(v));
  return (
    <DateRangeFilter
      label={label}
      from={read(state.filters[`${field}From`])}
      to={read(state.filters[`${field}To`])}
      onChange={(a, b) =>
        state.setFilters({
          [`${field}From`]: a ? (days ? a : dayToIso(a, false)) : null,
          [`${field}To`]: b ? (days ? b : dayToIso(b, true)) : null,
        })
      }
    />
  );
}
