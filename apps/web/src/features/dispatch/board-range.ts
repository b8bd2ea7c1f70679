import { readIsoDate, riyadhDayBounds, riyadhDayOf, weekStartsOn } from '@idara/domain';

/**
 * The days the dispatch board shows, from its address (`?view=day|week&day=YYYY-MM-DD`): one Riyadh
 * day, or the Saudi week (Saturday to Friday) holding it. Days are 'YYYY-MM-DD' strings, counted
 * in UTC so no time zone shifts them.
 */
export type BoardView = 'day' | 'week';

const DAY_MS = 86_400_000;

export const readBoardView = (value: string | null | undefined): BoardView =>
  value === 'week' ? 'week' : 'day';

/** The day named in the address, or today in Riyadh when it names none or no real day. */
export function readBoardDay(value: string | null | undefined, now: Date = new Date()): string {
  if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const reading = readIsoDate(value);
    if (reading.ok) return reading.day;
  }
  return riyadhDayOf(now);
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => dayOfNumber(dayNumber(day) + days);

/** `getDay()` numbering of a calendar day: 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (day: string) => new Date(dayNumber(day) * DAY_MS).getUTCDay();

/** The Saturday on or before `day`: where its Saudi week starts. */
export const weekStartOf = (day: string) => addDays(day, -((weekdayOf(day) - weekStartsOn + 7) % 7));

export interface BoardRange {
  days: string[];
  /** The first instant of the first day and the last of the last, for `scheduledAtFrom`/`To`. */
  from: string;
  to: string;
}

export function boardRange(view: BoardView, day: string): BoardRange {
  const first = view === 'week' ? weekStartOf(day) : day;
  const days = Array.from({ length: view === 'week' ? 7 : 1 }, (_, i) => addDays(first, i));
  return {
    days,
    from: riyadhDayBounds(days[0]).start.toISOString(),
    to: riyadhDayBounds(days[days.length - 1]).end.toISOString(),
  };
}

/** The day the previous or next page of the board opens on: a day, or a week, away. */
export const stepBoardDay = (view: BoardView, day: string, step: -1 | 1) =>
  addDays(day, step * (view === 'week' ? 7 : 1));
