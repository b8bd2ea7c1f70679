import { daysBetween } from './aging';
import { riyadhDayBounds } from './hijri';

/**
 * How a maintenance contract plans its visits: as many as its type says, spread evenly over its
 * duration, each on a working day (never a Friday or one of the office's holidays), in order and
 * never two on one day. Pure and deterministic, so planning the same contract again gives the same
 * days: re-planning compares, it never duplicates.
 */

/** Calendar days are `YYYY-MM-DD` Riyadh days; arithmetic on them is plain calendar arithmetic. */
const toUtc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

export const addDays = (day: string, days: number) => fromUtc(toUtc(day) + days * DAY_MS);
/** `getDay()` numbering: 5 is Friday. */
export const weekdayOfDay = (day: string) => new Date(toUtc(day)).getUTCDay();

/** The day a contract of `months` starting on `start` ends on (inclusive): 2026-01-15 + 12 → 2027-01-14. */
export function contractEndDate(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number);
  const monthIndex = m - 1 + months;
  const lastOfMonth = new Date(Date.UTC(y, monthIndex + 1, 0)).getUTCDate();
  return addDays(fromUtc(Date.UTC(y, monthIndex, Math.min(d, lastOfMonth))), -1);
}

/** Friday, the one day no visit is planned on whatever the office's week. */
export const FRIDAY = 5;

export interface PlanInput {
  startDate: string;
  endDate: string;
  visits: number;
  /** The office's holidays (`YYYY-MM-DD`): Eid, the National Day, the Founding Day. */
  holidays: readonly string[];
}

export type PlanResult = { ok: true; days: string[] } | { ok: false; message: string };

/**
 * The days of a contract's visits. Visit i aims at `start + i × span / n` (the first on the start
 * day), moves forward to the next working day, or back when forward would leave the contract or
 * meet the next visit's aim; a contract with fewer working days than visits is refused.
 */
export function planVisitDays({ startDate, endDate, visits, holidays }: PlanInput): PlanResult {
  if (visits <= 0) return { ok: true, days: [] };
  const span = daysBetween(startDate, endDate) + 1;
  if (span <= 0) return { ok: false, message: 'نهاية العقد قبل بدايته' };
  // Whether each day of the contract (by its offset from the start) is a working day, worked out
  // once: the search below looks at days many times over, and turning offsets into dates each
  // time cost ~2 ms a contract (bench/visits.ts).
  const firstWeekday = weekdayOfDay(startDate);
  const working = Array.from({ length: span }, (_, o) => (firstWeekday + o) % 7 !== FRIDAY);
  for (const holiday of holidays) {
    const o = daysBetween(startDate, holiday);
    if (o >= 0 && o < span) working[o] = false;
  }
  const workingDays = working.filter(Boolean).length;
  if (workingDays < visits)
    return {
      ok: false,
      message: `عدد الزيارات (${visits}) أكثر من أيام العمل في مدة العقد (${workingDays})`,
    };

  const aims = Array.from({ length: visits }, (_, i) => Math.floor((i * span) / visits));
  const days: number[] = [];
  for (let i = 0; i < visits; i++) {
    const previous = i ? days[i - 1] : -1;
    // Leave room for the visits still to come: each needs a working day of its own after this one.
    const remaining = visits - i - 1;
    let latest = span - 1;
    for (let left = remaining; left > 0 && latest > previous; latest--) if (working[latest]) left--;
    let chosen = -1;
    for (let o = Math.max(aims[i], previous + 1); o <= latest && chosen < 0; o++) if (working[o]) chosen = o;
    for (let o = Math.min(aims[i], latest); o > previous && chosen < 0; o--) if (working[o]) chosen = o;
    days.push(chosen);
  }
  return { ok: true, days: days.map((o) => addDays(startDate, o)) };
}

/** Where a visit lies on the clock: `08:00` on a Riyadh day as an instant. */
export function visitInstant(day: string, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  return new Date(riyadhDayBounds(day).start.getTime() + (h * 60 + m) * 60_000);
}
