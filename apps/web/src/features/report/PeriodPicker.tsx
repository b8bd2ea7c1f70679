import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { CalendarSwitch } from '../../../components/CalendarSwitch';
import { type Calendar, type PeriodLength, periodNames, type VatPeriod } from './vat-period';

/** Month or quarter, Gregorian or Hijri; the chosen period named in both calendars. */
export function VatPeriodPicker({
  calendar,
  length,
  periods,
  index,
  onCalendar,
  onLength,
  onIndex,
}: {
  calendar: Calendar;
  length: PeriodLength;
  periods: VatPeriod[];
  index: number;
  onCalendar: (c: Calendar) => void;
  onLength: (l: PeriodLength) => void;
  onIndex: (i: number) => void;
}) {
  const period = periods[index];
  const names = periodNames(period);
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <CalendarSwitch value={calendar} onChange={onCalendar} />
        <SegmentedControl
          aria-label="مدة الإقرار"
          value={length}
          onChange={(v) => onLength(v as PeriodLength)}
          data={[
            { value: 'month', label: 'شهري' },
            { value: 'quarter', label: 'ربع سنوي' },
          ]}
        />
        <Select
          label="الفترة"
          data-testid="vat-period"
          allowDeselect={false}
          value={String(index)}
          onChange={(v) => onIndex(Number(v ?? 0))}
          data={periods.map((p, i) => ({ value: String(i), label: p.label }))}
          w={220}
          maw="100%"
        />
      </Group>
      <Text size="sm" c="dimmed" data-testid="vat-period-names">
        <bdi>{names.gregorian} م</bdi> — <bdi>{names.hijri}</bdi>
      </Text>
    </Stack>
  );
}
