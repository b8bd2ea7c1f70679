import { GREGORIAN_MONTHS } from './hijri';
import { fromHalalas, toHalalas } from './money';
import type { VisitsReport } from './schemas/responses/reports';

/** The months ('YYYY-MM') a period of days ('YYYY-MM-DD') touches, in order. */
export function monthsOfPeriod(from: string, to: string): string[] {
  let [year, month] = from.split('-').map(Number);
  const last = to.slice(0, 7);
  const out: string[] = [];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return out;
    out.push(key);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
}

/** A month 'YYYY-MM' by its Arabic name: «مايو 2031». */
export function gregorianMonthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return `${GREGORIAN_MONTHS[m - 1]} ${year}`;
}

/** One month of the visits report: its visits and what contracts invoiced in it. */
export interface VisitsReportMonth {
  month: string;
  label: string;
  due: number;
  done: number;
  missed: number;
  /** Riyals as the API writes money ('1380.00'). */
  revenue: string;
}

/**
 * Every month of the report's period, a month without visits or invoices at zero (the answer lists
 * only months that have some), then the period's totals: the rows of the screen and the export.
 */
export function visitsReportMonths(
  report: Pick<VisitsReport, 'from' | 'to' | 'months' | 'contractRevenue'>,
): {
  months: VisitsReportMonth[];
  totals: Omit<VisitsReportMonth, 'month' | 'label'>;
} {
  const visits = new Map(report.months.map((m) => [m.month, m]));
  const revenue = new Map(report.contractRevenue.map((r) => [r.month, toHalalas(r.amount)]));
  const months = monthsOfPeriod(report.from, report.to).map((month) => ({
    month,
    label: gregorianMonthLabel(month),
    due: visits.get(month)?.due ?? 0,
    done: visits.get(month)?.done ?? 0,
    missed: visits.get(month)?.missed ?? 0,
    revenue: fromHalalas(revenue.get(month) ?? 0),
  }));
  const sum = (key: 'due' | 'done' | 'missed') => months.reduce((n, m) => n + m[key], 0);
  return {
    months,
    totals: {
      due: sum('due'),
      done: sum('done'),
      missed: sum('missed'),
      revenue: fromHalalas([...revenue.values()].reduce((n, h) => n + h, 0)),
    },
  };
}

/** `part` of `whole` as a whole percentage (0 of nothing): booked of available hours, done of due visits. */
export const percentOf = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 100) : 0;

/** Minutes as hours for the report: 90 → 1.5 (one decimal at most). */
export const minutesAsHours = (minutes: number): number => Math.round(minutes / 6) / 10;
