import {
  formatGregorianDate,
  formatHijriDate,
  GREGORIAN_MONTHS,
  HIJRI_MONTHS,
  hijriMonthRange,
  riyadhDayOf,
} from '@idara/domain';

export type Calendar = 'gregorian' | 'hijri';
export type PeriodLength = 'month' | 'quarter';

/** A report's period: Riyadh days `from`..`to` (inclusive), named in the calendar it was chosen in. */
export interface ReportPeriod {
  from: string;
  to: string;
  label: string;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Gregorian months (or quarters), the current one first. */
function gregorianPeriods(today: string, length: PeriodLength, count: number): ReportPeriod[] {
  let [year, month] = today.split('-').map(Number);
  if (length === 'quarter') month = Math.floor((month - 1) / 3) * 3 + 1;
  const step = length === 'quarter' ? 3 : 1;
  const out: ReportPeriod[] = [];
  for (let i = 0; i < count; i++) {
    const endMonth = month + step - 1;
    out.push({
      from: `${year}-${pad(month)}-01`,
      to: `${year}-${pad(endMonth)}-${pad(lastDay(year, endMonth))}`,
      label:
        length === 'quarter'
          ? `الربع ${(month - 1) / 3 + 1} من ${year} م`
          : `${GREGORIAN_MONTHS[month - 1]} ${year} م`,
    });
    month -= step;
    if (month < 1) {
      month += 12;
      year--;
    }
  }
  return out;
}

/** Umm al-Qura months (or quarters of three Hijri months) mapped to their Gregorian days, the current one first. */
function hijriPeriods(today: string, length: PeriodLength, count: number): ReportPeriod[] {
  const months: { from: string; to: string; year: number; month: number }[] = [];
  let at = new Date(`${today}T12:00:00+03:00`);
  if (length === 'quarter') {
    // Start from the last month of the current quarter, so that quarter is whole.
    const ahead = 2 - ((hijriMonthRange(at).month - 1) % 3);
    for (let k = 0; k < ahead; k++) at = new Date(hijriMonthRange(at).end.getTime() + DAY_MS / 2);
  }
  for (let i = 0; i < count * (length === 'quarter' ? 3 : 1) + 2; i++) {
    const r = hijriMonthRange(at);
    months.push({
      from: riyadhDayOf(r.start),
      to: riyadhDayOf(r.end.getTime() - 1),
      year: r.year,
      month: r.month,
    });
    at = new Date(r.start.getTime() - DAY_MS / 2);
  }
  if (length === 'month')
    return months
      .slice(0, count)
      .map((m) => ({ from: m.from, to: m.to, label: `${HIJRI_MONTHS[m.month - 1]} ${m.year} هـ` }));
  const out: ReportPeriod[] = [];
  for (const m of months) {
    const quarter = Math.floor((m.month - 1) / 3);
    const last = out.at(-1);
    const key = `الربع ${quarter + 1} من ${m.year} هـ`;
    // Months come newest first: the quarter's first month extends it backwards.
    if (last?.label === key) last.from = m.from;
    else out.push({ from: m.from, to: m.to, label: key });
  }
  // The oldest quarter may be cut short by where the walk stopped.
  return out.slice(0, count);
}

/** A day of the period `ahead` periods after the one holding `today` (that one when 0). */
function dayAhead(calendar: Calendar, length: PeriodLength, today: string, ahead: number): string {
  const months = ahead * (length === 'quarter' ? 3 : 1);
  if (calendar === 'gregorian') {
    const [year, month] = today.split('-').map(Number);
    const index = year * 12 + month - 1 + months;
    return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
  }
  let at = new Date(`${today}T12:00:00+03:00`);
  for (let k = 0; k < months; k++) at = new Date(hijriMonthRange(at).end.getTime() + DAY_MS / 2);
  return riyadhDayOf(at);
}

/**
 * The months (or quarters) to choose from, newest first: `ahead` periods after the current one (a
 * report on what is planned), the current one, and the ones before it, `count` from the current.
 */
export function reportPeriods(
  calendar: Calendar,
  length: PeriodLength,
  today: string,
  count = 12,
  ahead = 0,
): ReportPeriod[] {
  const latest = dayAhead(calendar, length, today, ahead);
  return calendar === 'hijri'
    ? hijriPeriods(latest, length, count + ahead)
    : gregorianPeriods(latest, length, count + ahead);
}

/** The period in both calendars: «1 نوفمبر 2026 – 30 نوفمبر 2026» and its Hijri days. */
export function periodNames(p: Pick<ReportPeriod, 'from' | 'to'>) {
  const noon = (day: string) => new Date(`${day}T12:00:00+03:00`);
  return {
    gregorian: `${formatGregorianDate(noon(p.from))} – ${formatGregorianDate(noon(p.to))}`,
    hijri: `${formatHijriDate(noon(p.from))} – ${formatHijriDate(noon(p.to))}`,
  };
}
