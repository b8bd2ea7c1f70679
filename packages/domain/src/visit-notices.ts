import { arabicWeekdayOf, clockTime } from './datetime';
import { formatGregorianDate, formatHijriDate, riyadhDayBounds, riyadhParts } from './hijri';
import { arabicPlural, VISITS } from './plural';

/**
 * What the contracts-and-visits tick tells, and when. The day before a visit the office hears how
 * many of tomorrow's visits have no team yet, and each customer with a planned visit is asked to
 * expect it; a contract is offered renewal once, within RENEWAL_NOTICE_DAYS of its end.
 */

/**
 * Riyadh hours the day-before notices and renewal offers go out in ([start, end)): not at night,
 * and late enough in the day that the office has planned tomorrow. Expiry is written at any hour.
 */
export const noticeWindow = { start: '09:00', end: '21:00' } as const;

/** A contract ending within this many days is offered renewal (once). */
export const RENEWAL_NOTICE_DAYS = 30;

/** A Riyadh day as a customer reads it: 'الخميس 16 رمضان 1447 هـ الموافق 2026/03/05'. */
export function arabicDayText(day: string) {
  const noon = riyadhDayBounds(day).noon;
  return `${arabicWeekdayOf(noon)} ${formatHijriDate(noon)} الموافق ${formatGregorianDate(noon)}`;
}

/** A visit's time on the Riyadh clock: 'من 08:00 ص إلى 09:30 ص'. */
export function visitTimeWindow(scheduledAt: Date | string, durationMinutes: number) {
  const start = new Date(scheduledAt);
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const at = (d: Date) => {
    const p = riyadhParts(d);
    return clockTime(p.hour, p.minute);
  };
  return `من ${at(start)} إلى ${at(end)}`;
}

/** The dispatch board on one day: where the office assigns that day's visits. */
export const dispatchBoardPath = (day: string) => `/dashboard/dispatch?day=${day}`;

/** The office's notice of tomorrow's visits with no team: 'زيارتان غداً دون فريق'. */
export function unassignedVisitsNotice(day: string, count: number) {
  return {
    title: `${arabicPlural(count, VISITS)} غداً دون فريق`,
    description: `يوم ${arabicDayText(day)}: افتح لوحة التوزيع وأسند لكل زيارة فريقها قبل موعدها.`,
  };
}
