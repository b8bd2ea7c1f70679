import { formatHijriDate } from '@idara/domain';
import {
  DatePickerInput,
  type DatePickerInputProps,
  DateTimePicker,
  type DateTimePickerProps,
} from '@mantine/dates';
import { IconCalendar, IconCalendarTime } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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

/** What both pickers show alike: the label, an icon, a clear button named after the field, the Hijri date. */
const pickerBasics = (label: string, icon: ReactNode, value: unknown) => ({
  label,
  leftSection: icon,
  clearable: true,
  clearButtonProps: { 'aria-label': `مسح ${label}` },
  description: hijriHint(value),
});

/** A Riyadh date and time: the 12-hour clock with ص/م, the Hijri date under it, a named clear button. */
export function DateTimeField({ label, ...props }: DateTimePickerProps & { label: string }) {
  return (
    <DateTimePicker
      {...pickerBasics(label, <IconCalendarTime size={16} aria-hidden />, props.value)}
      placeholder="اختر التاريخ والوقت"
      valueFormat="hh:mm A YYYY/MM/DD"
      timePickerProps={{ format: '12h', amPmLabels: { am: 'ص', pm: 'م' } }}
      {...props}
    />
  );
}

/** A day: YYYY/MM/DD, the Hijri date under it, a named clear button. */
export function DayField({ label, ...props }: DatePickerInputProps & { label: string }) {
  return (
    <DatePickerInput
      {...pickerBasics(label, <IconCalendar size={16} aria-hidden />, props.value)}
      placeholder="اختر التاريخ"
      valueFormat="YYYY/MM/DD"
      {...props}
    />
  );
}
