import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';

export type CalendarKind = 'gregorian' | 'hijri';

const CALENDARS = [
  { value: 'gregorian', label: 'ميلادي' },
  { value: 'hijri', label: 'هجري' },
];

/** Gregorian or Hijri: the calendar a date range or a period is picked and named in. */
export function CalendarSwitch({
  value,
  onChange,
  ...props
}: Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'> & {
  value: CalendarKind;
  onChange: (calendar: CalendarKind) => void;
}) {
  return (
    <SegmentedControl
      aria-label="التقويم"
      value={value}
      onChange={(v) => onChange(v as CalendarKind)}
      data={CALENDARS}
      {...props}
    />
  );
}
