import { formatHijriDate } from '@idara/domain';
import {
  DatePickerInput,
  type DatePickerInputProps,
  DateTimePicker,
  type DateTimePickerProps,
} from '@mantine/dates';
import { IconCalendar, IconCalendarTime } from '@tabler/icons-react';
import { dayNoon } from '../lib/riyadh-day';

/** The Umm al-Qura date of a picked day or date-time, shown under its picker; nothing while empty. */
export function hijriHint(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  try {
    return formatHijriDate(dayNoon(value.slice(0, 10)));
  } catch {
    return undefined;
  }
}

/** A Riyadh date and time: the 12-hour clock with ص/م, the Hijri date under it, a named clear button. */
export function DateTimeField({ label, ...props }: DateTimePickerProps & { label: string }) {
  return (
    <DateTimePicker
      label={label}
      placeholder="اختر التاريخ والوقت"
      leftSection={<IconCalendarTime size={16} aria-hidden />}
      valueFormat="hh:mm A YYYY/MM/DD"
      clearable
      clearButtonProps={{ 'aria-label': `مسح ${label}` }}
      timePickerProps={{ format: '12h', amPmLabels: { am: 'ص', pm: 'م' } }}
      description={hijriHint(props.value)}
      {...props}
    />
  );
}

/** A day: YYYY/MM/DD, the Hijri date under it, a named clear button. */
export function DayField({ label, ...props }: DatePickerInputProps & { label: string }) {
  return (
    <DatePickerInput
      label={label}
      placeholder="اختر التاريخ"
      leftSection={<IconCalendar size={16} aria-hidden />}
      valueFormat="YYYY/MM/DD"
      clearable
      clearButtonProps={{ 'aria-label': `مسح ${label}` }}
      description={hijriHint(props.value)}
      {...props}
    />
  );
}
