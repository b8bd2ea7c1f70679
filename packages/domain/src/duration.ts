import { coerceDate, type DateInput } from './hijri';
import { arabicPlural, DAYS, DAYS_ACCUSATIVE, HOURS, HOURS_ACCUSATIVE } from './plural';

const HOUR_MS = 3_600_000;

/**
 * 'nominative' for standalone / subject use ('متبقٍ يومان'); 'accusative' for adverbial use
 * ('متأخر يومين').
 */
export type GrammaticalCase = 'nominative' | 'accusative';

/** Joins two Arabic phrases with و: attached to a word ('يومان وساعتان'), spaced before a digit ('يومان و 3 ساعات'). */
function joinWithAnd(a: string, b: string): string {
  return /^[0-9]/.test(b) ? `${a} و ${b}` : `${a} و${b}`;
}

/**
 * A duration in whole days and hours (the remainder below one hour is dropped; the sign is
 * ignored): 'يومان و 3 ساعات', '5 أيام', 'ساعة واحدة', 'أقل من ساعة'.
 */
export function formatDuration(ms: number, grammaticalCase: GrammaticalCase = 'nominative'): string {
  if (!Number.isFinite(ms)) throw new RangeError(`مدة غير صالحة: ${ms}`);
  const totalHours = Math.floor(Math.abs(ms) / HOUR_MS);
  if (totalHours === 0) return 'أقل من ساعة';
  const days = Math.floor(totalHours / 24);
  const hours = totalHours % 24;
  const acc = grammaticalCase === 'accusative';
  const dayText = days > 0 ? arabicPlural(days, acc ? DAYS_ACCUSATIVE : DAYS) : '';
  const hourText = hours > 0 ? arabicPlural(hours, acc ? HOURS_ACCUSATIVE : HOURS) : '';
  if (dayText && hourText) return joinWithAnd(dayText, hourText);
  return dayText || hourText;
}

/**
 * Time until `dueAt` as seen at `now`: `{ text: 'متبقٍ يومان', overdue: false }` or
 * `{ text: 'متأخر 3 ساعات', overdue: true }`. Exactly at the due time it is not overdue yet.
 */
export function formatTimeLeft(
  dueAt: DateInput,
  now: DateInput = new Date(),
): { text: string; overdue: boolean } {
  const diff = coerceDate(dueAt).getTime() - coerceDate(now).getTime();
  if (diff < 0) return { text: `متأخر ${formatDuration(-diff, 'accusative')}`, overdue: true };
  return { text: `متبقٍ ${formatDuration(diff)}`, overdue: false };
}
