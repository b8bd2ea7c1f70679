import { Card, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CalendarSwitch } from '../../components/CalendarSwitch';
import { type Calendar, type PeriodLength, periodNames, type ReportPeriod } from './report-period';

/** A month, a quarter, or (when the report offers `range`) days of one's own choosing. */
export type PeriodChoice = PeriodLength | 'range';

/** What the reader changed: the calendar, the length, or which of the periods. */
export type PeriodChange = { calendar?: Calendar; length?: PeriodChoice; index?: number };

/**
 * A report's period, in its card: month or quarter, Gregorian or Hijri, one of `periods`; or, with `range`, the
 * days that control picks. The period shown is named in both calendars under it.
 */
export function PeriodPicker({
  choice: { calendar, length, index },
  periods,
  shown,
  testId,
  lengthLabel,
  range,
  onChoose,
}: {
  choice: { calendar: Calendar; length: PeriodChoice; index: number };
  periods: ReportPeriod[];
  /** The period the report shows (its days named under the controls). */
  shown: Pick<ReportPeriod, 'from' | 'to'>;
  /** `<testId>-period` (the select) and `<testId>-period-names`. */
  testId: string;
  lengthLabel: string;
  /** The days-of-one's-own-choosing fields; without it only months and quarters are offered. */
  range?: ReactNode;
  onChoose: (change: PeriodChange) => void;
}) {
  const names = periodNames(shown);
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap" align="flex-end">
          {length !== 'range' && (
            <CalendarSwitch value={calendar} onChange={(c) => onChoose({ calendar: c })} />
          )}
          <SegmentedControl
            aria-label={lengthLabel}
            value={length}
            onChange={(v) => onChoose({ length: v as PeriodChoice })}
            data={[
              { value: 'month', label: 'شهري' },
              { value: 'quarter', label: 'ربع سنوي' },
              ...(range ? [{ value: 'range', label: 'فترة محددة' }] : []),
            ]}
          />
          {length === 'range' ? (
            range
          ) : (
            <Select
              label="الفترة"
              data-testid={`${testId}-period`}
              allowDeselect={false}
              value={String(index)}
              onChange={(v) => onChoose({ index: Number(v ?? 0) })}
              data={periods.map((p, i) => ({ value: String(i), label: p.label }))}
              w={220}
              maw="100%"
            />
          )}
        </Group>
        <Text size="sm" c="dimmed" data-testid={`${testId}-period-names`}>
          <bdi>{names.gregorian} م</bdi> — <bdi>{names.hijri}</bdi>
        </Text>
      </Stack>
    </Card>
  );
}
