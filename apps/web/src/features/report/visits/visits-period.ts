import { readDay } from '@idara/domain';
import type { PeriodChoice } from '../PeriodPicker';
import { type Calendar, type PeriodLength, type ReportPeriod, reportPeriods } from '../report-period';

/**
 * How far the choices reach: contracts plan a year ahead, so the months and quarters ahead of the
 * current one are offered as well as the past ones.
 */
const REACH: Record<PeriodLength, { back: number; ahead: number }> = {
  month: { back: 12, ahead: 12 },
  quarter: { back: 8, ahead: 4 },
};

/** The months (or quarters) to choose from, the furthest ahead first. */
export const visitsPeriods = (calendar: Calendar, length: PeriodLength, today: string): ReportPeriod[] =>
  reportPeriods(calendar, length, today, REACH[length].back, REACH[length].ahead);

/** Where the current month or quarter sits among `visitsPeriods`. */
export const currentIndex = (length: PeriodLength) => REACH[length].ahead;

const same = (a: Pick<ReportPeriod, 'from' | 'to'>, b: Pick<ReportPeriod, 'from' | 'to'>) =>
  a.from === b.from && a.to === b.to;

/** The period an address asks for (`?from=&to=`, days), or this Gregorian month when it names none. */
export function periodOfAddress(from: string | null, to: string | null, today: string) {
  const day = (v: string | null) => {
    const read = v ? readDay(v) : null;
    return read?.ok ? read.day : null;
  };
  const [f, t] = [day(from), day(to)];
  return f && t ? { from: f, to: t } : visitsPeriods('gregorian', 'month', today)[currentIndex('month')];
}

/**
 * How the picker shows a period: the calendar and length whose choices hold it, Gregorian months
 * first; any other days are a period of one's own choosing.
 */
export function choiceOf(
  period: Pick<ReportPeriod, 'from' | 'to'>,
  today: string,
): { calendar: Calendar; length: PeriodChoice } {
  for (const calendar of ['gregorian', 'hijri'] as const)
    for (const length of ['month', 'quarter'] as const)
      if (visitsPeriods(calendar, length, today).some((p) => same(p, period))) return { calendar, length };
  return { calendar: 'gregorian', length: 'range' };
}

export const indexOf = (periods: ReportPeriod[], period: Pick<ReportPeriod, 'from' | 'to'>) =>
  periods.findIndex((p) => same(p, period));
