import {
  type ArabicPluralForms,
  arabicPlural,
  arabicWeekdayOf,
  type DateInput,
  formatGregorianDate,
  formatHijriDate,
  HOURS,
  MINUTES,
  riyadhDayDiff,
  riyadhParts,
  SERVICE_WINDOW_MS,
} from '@idara/domain';

/** 'hh:mm ص/م' in Riyadh time (the spec's time part). */
export function formatTime(date: DateInput): string {
  const p = riyadhParts(date);
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `${String(hour12).padStart(2, '0')}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'ص' : 'م'}`;
}

/** The Riyadh calendar day of an instant, as a grouping key. */
export const dayKey = (date: DateInput) => formatGregorianDate(date);

/** Day separator: 'اليوم' / 'أمس' / weekday, then the Hijri date and the Gregorian one. */
export function dayLabel(
  date: DateInput,
  now: DateInput = new Date(),
): { day: string; hijri: string; gregorian: string } {
  const diff = riyadhDayDiff(date, now);
  const day = diff === 0 ? 'اليوم' : diff === 1 ? 'أمس' : arabicWeekdayOf(date);
  return { day, hijri: formatHijriDate(date), gregorian: formatGregorianDate(date) };
}

const MESSAGES: ArabicPluralForms = {
  one: 'رسالة واحدة',
  two: 'رسالتان',
  few: '{n} رسائل',
  many: '{n} رسالة',
  other: '{n} رسالة',
};

export const messagesCount = (n: number) => arabicPlural(n, MESSAGES);

/** Time left in the service window: 'متبقٍ 23 ساعة', 'متبقٍ 25 دقيقة'; null when it is closed. */
export function windowTimeLeft(until: string | null, now: Date): string | null {
  if (!until) return null;
  const ms = Math.min(new Date(until).getTime() - now.getTime(), SERVICE_WINDOW_MS);
  if (!(ms > 0)) return null;
  if (ms < 3_600_000) return `متبقٍ ${arabicPlural(Math.max(1, Math.ceil(ms / 60_000)), MINUTES)}`;
  return `متبقٍ ${arabicPlural(Math.floor(ms / 3_600_000), HOURS)}`;
}
