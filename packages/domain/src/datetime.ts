import { coerceDate, type DateInput, formatGregorianDate, riyadhDayDiff, riyadhParts } from './hijri';
import { type ArabicPluralForms, arabicPlural } from './plural';

/** Saudi weeks start on Saturday (JavaScript `getDay()` numbering: 0 = Sunday … 6 = Saturday). */
export const weekStartsOn = 6;

/** Arabic weekday names in Saudi week order, starting Saturday. */
export const arabicWeekdays = [
  'السبت',
  'الأحد',
  'الاثنين',
  'الثلاثاء',
  'الأربعاء',
  'الخميس',
  'الجمعة',
] as const;

/**
 * The Saudi weekend: Friday and Saturday (`getDay()` numbering). Date pickers mark these days,
 * and anything that counts working days or must not run on the weekend asks `isWeekend`.
 */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const weekendDays: readonly Weekday[] = [5, 6];

/** `getDay()` of `date`'s calendar day in Asia/Riyadh. */
function riyadhWeekday(date: DateInput): number {
  const p = riyadhParts(date);
  return new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
}

/** Whether `date` falls on the Saudi weekend, in Asia/Riyadh. */
export function isWeekend(date: DateInput): boolean {
  return weekendDays.includes(riyadhWeekday(date) as Weekday);
}

/** Working days (not the weekend) from `from`'s Riyadh day up to, not including, `to`'s. */
export function workingDaysBetween(from: DateInput, to: DateInput): number {
  const days = riyadhDayDiff(from, to);
  if (days < 0) return -workingDaysBetween(to, from);
  const start = riyadhWeekday(from);
  let count = 0;
  for (let i = 0; i < days; i++) if (!weekendDays.includes(((start + i) % 7) as Weekday)) count++;
  return count;
}

/** Arabic weekday name of `date` in Asia/Riyadh. */
export function arabicWeekdayOf(date: DateInput): string {
  return arabicWeekdays[(riyadhWeekday(date) - weekStartsOn + 7) % 7];
}

/**
 * The spec's date-time format, "AM/PM hh:mm then YYYY/MM/DD", in Asia/Riyadh time with Latin
 * digits: '03:05 م 2026/11/21'. 12-hour clock with a leading zero (12:xx for noon and
 * midnight), ص before noon and م from noon.
 */
export function formatDateTime(date: DateInput): string {
  const d = coerceDate(date);
  const p = riyadhParts(d);
  return `${clockTime(p.hour, p.minute)} ${formatGregorianDate(d)}`;
}

/** '03:05 م': a 12-hour clock with a leading zero, ص before noon and م from noon. */
export function clockTime(hour: number, minute: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${String(hour12).padStart(2, '0')}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'ص' : 'م'}`;
}

/**
 * How every printed document and PDF writes a moment: '2026/11/21 الساعة 03:05 م' (Riyadh time).
 * The screens keep the specification's shorter '03:05 م 2026/11/21'.
 */
export function formatPrintedDateTime(date: DateInput): string {
  const d = coerceDate(date);
  const p = riyadhParts(d);
  return `${formatGregorianDate(d)} الساعة ${clockTime(p.hour, p.minute)}`;
}

// Forms after منذ / بعد: the noun is genitive, so duals are يومين/ساعتين, and 1 is the bare noun.
const MINUTES_GEN: ArabicPluralForms = {
  one: 'دقيقة',
  two: 'دقيقتين',
  few: '{n} دقائق',
  many: '{n} دقيقة',
  other: '{n} دقيقة',
};
const HOURS_GEN: ArabicPluralForms = {
  one: 'ساعة',
  two: 'ساعتين',
  few: '{n} ساعات',
  many: '{n} ساعة',
  other: '{n} ساعة',
};
const DAYS_GEN: ArabicPluralForms = {
  one: 'يوم',
  two: 'يومين',
  few: '{n} أيام',
  many: '{n} يوماً',
  other: '{n} يوم',
};
const MONTHS_GEN: ArabicPluralForms = {
  one: 'شهر',
  two: 'شهرين',
  few: '{n} أشهر',
  many: '{n} شهراً',
  other: '{n} شهر',
};
const YEARS_GEN: ArabicPluralForms = {
  one: 'سنة',
  two: 'سنتين',
  few: '{n} سنوات',
  many: '{n} سنة',
  other: '{n} سنة',
};

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * Arabic relative time of `date` seen from `now`:
 * - under a minute either way: 'الآن'
 * - under an hour: 'منذ دقيقة', 'منذ دقيقتين', 'منذ 5 دقائق', 'منذ 11 دقيقة'
 * - under 24 hours: 'منذ ساعة', 'منذ ساعتين', 'منذ 3 ساعات', 'منذ 11 ساعة'
 * - then by Riyadh calendar days: 'أمس', 'منذ يومين', 'منذ 3 أيام', 'منذ 11 يوماً'
 * - from 30 days: months ('منذ شهر', 'منذ 3 أشهر'), from 365 days: years ('منذ سنتين')
 * Future instants mirror this with 'بعد …' and 'غداً'. Counts are floored.
 */
export function formatRelative(date: DateInput, now: DateInput = new Date()): string {
  const d = coerceDate(date);
  const n = coerceDate(now);
  const diff = n.getTime() - d.getTime();
  const future = diff < 0;
  const abs = Math.abs(diff);
  const prefix = future ? 'بعد' : 'منذ';
  const rel = (count: number, forms: ArabicPluralForms) => `${prefix} ${arabicPlural(count, forms)}`;

  if (abs < MINUTE_MS) return 'الآن';
  if (abs < HOUR_MS) return rel(Math.floor(abs / MINUTE_MS), MINUTES_GEN);
  if (abs < 24 * HOUR_MS) return rel(Math.floor(abs / HOUR_MS), HOURS_GEN);

  const days = Math.abs(riyadhDayDiff(d, n));
  if (days === 1) return future ? 'غداً' : 'أمس';
  if (days < 30) return rel(days, DAYS_GEN);
  if (days < 365) return rel(Math.floor(days / 30), MONTHS_GEN);
  return rel(Math.floor(days / 365), YEARS_GEN);
}
