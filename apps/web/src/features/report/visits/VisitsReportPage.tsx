import { formatCount, formatSAR, percentOf, riyadhDayOf, toHalalas, visitsReportMonths } from '@idara/domain';
import { Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCalendarOff,
  IconCalendarX,
  IconCash,
  IconChartPie,
  IconCircleCheck,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/page';
import { KpiTiles } from '../../home/KpiCards';
import { type PeriodChange, PeriodPicker } from '../PeriodPicker';
import { ReportAnswer } from '../ReportAnswer';
import { ReportExports } from '../ReportExports';
import { ContractRatings } from './ContractRatings';
import { TechnicianHours } from './TechnicianHours';
import { VisitMonthsTable } from './VisitMonthsTable';
import { VisitsRangeFields } from './VisitsRangeFields';
import { useVisitsReport } from './visits-api';
import { choiceOf, currentIndex, indexOf, periodOfAddress, visitsPeriods } from './visits-period';

/**
 * تقرير الزيارات والعقود: a period's visits due, done and missed per month, the overdue ones, each
 * technician's booked hours against the working hours, and what contracts invoiced. The period is
 * in the address (`?from=&to=`), so a link opens the same report.
 */
export default function VisitsReportPage() {
  const today = riyadhDayOf(new Date());
  const [params, setParams] = useSearchParams();
  const period = periodOfAddress(params.get('from'), params.get('to'), today);
  // biome-ignore lint/correctness/useExhaustiveDependencies: how the picker opens; then it is the reader's
  const first = useMemo(() => choiceOf(period, today), []);
  const [calendar, setCalendar] = useState(first.calendar);
  const [length, setLength] = useState(first.length);
  const periods = useMemo(
    () => (length === 'range' ? [] : visitsPeriods(calendar, length, today)),
    [calendar, length, today],
  );
  const show = (next: { from: string; to: string }) =>
    setParams({ from: next.from, to: next.to }, { replace: true, preventScrollReset: true });
  const report = useVisitsReport(period.from, period.to);
  // Another calendar or length opens its current month or quarter; a range keeps the days shown.
  const choose = (change: PeriodChange) => {
    if (change.index !== undefined) return show(periods[change.index]);
    const next = { calendar: change.calendar ?? calendar, length: change.length ?? length };
    setCalendar(next.calendar);
    setLength(next.length);
    if (next.length !== 'range')
      show(visitsPeriods(next.calendar, next.length, today)[currentIndex(next.length)]);
  };

  return (
    <Stack>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text c="dimmed">زيارات الفترة من جداول العقود والحجوزات، وما فوترته العقود فيها.</Text>
        <ReportExports
          route="/api/report/visits/export"
          period={period}
          title="تصدير تقرير الزيارات"
          testId="visits"
        />
      </Group>
      <PeriodPicker
        choice={{ calendar, length, index: indexOf(periods, period) }}
        periods={periods}
        shown={period}
        testId="visits"
        lengthLabel="مدة التقرير"
        range={<VisitsRangeFields period={period} onChange={show} />}
        onChoose={choose}
      />
      <ReportAnswer query={report} failure="تعذّر تحميل تقرير الزيارات" testId="visits">
        {(data) => {
          const { months, totals } = visitsReportMonths(data);
          const idle = totals.due === 0 && toHalalas(totals.revenue) === 0;
          return (
            <Stack data-testid="visits-report">
              <KpiTiles
                compact
                testId="visits-kpis"
                kpis={[
                  {
                    key: 'due',
                    label: 'الزيارات المستحقة',
                    value: formatCount(totals.due),
                    icon: IconCalendarEvent,
                    color: 'blue',
                  },
                  {
                    key: 'done',
                    label: 'المنجزة',
                    value: formatCount(totals.done),
                    icon: IconCircleCheck,
                    color: 'teal',
                  },
                  {
                    key: 'missed',
                    label: 'الفائتة',
                    value: formatCount(totals.missed),
                    icon: IconCalendarX,
                    color: 'orange',
                  },
                  {
                    key: 'overdue',
                    label: 'المتأخرة الآن',
                    hint: 'فات موعدها ولم تُنجز',
                    value: formatCount(data.overdue),
                    icon: IconAlertTriangle,
                    color: data.overdue ? 'red' : 'gray',
                  },
                  {
                    key: 'completion',
                    label: 'نسبة الإنجاز',
                    hint: 'المنجزة من المستحقة',
                    value: totals.due ? `${percentOf(totals.done, totals.due)}٪` : '—',
                    icon: IconChartPie,
                    color: 'cyan',
                  },
                  {
                    key: 'revenue',
                    label: 'إيراد العقود',
                    hint: 'شامل الضريبة',
                    value: formatSAR(toHalalas(totals.revenue)),
                    icon: IconCash,
                    color: 'grape',
                  },
                ]}
              />
              {idle ? (
                <EmptyState
                  boxed
                  testId="visits-empty"
                  icon={<IconCalendarOff size={28} />}
                  title="لا زيارات ولا إيراد عقود في هذه الفترة"
                  text="الزيارات التي تخططها العقود أو تُحجز لهذه الفترة تظهر هنا شهراً بشهر."
                />
              ) : (
                <VisitMonthsTable months={months} totals={totals} />
              )}
              <TechnicianHours technicians={data.technicians} />
              <ContractRatings contracts={data.contractRatings} />
            </Stack>
          );
        }}
      </ReportAnswer>
    </Stack>
  );
}
