/**
 * Hijri (Umm al-Qura) and Gregorian calendar helpers.
 *
 * Conventions:
 * - Every calendar computation happens in {@link TIME_ZONE} (Asia/Riyadh), whatever the
 *   time zone of the server or browser.
 * - The Hijri calendar is always named explicitly: `islamic-umalqura`, the official Saudi
 *   calendar. Never rely on the `ar-SA` default calendar, which differs between runtimes.
 * - Output uses Latin digits (the `-nu-latn` extension), like the rest of the app, so dates
 *   read the same as amounts and phone numbers. Use `toArabicDigits` for Arabic-Indic display.
 * - Hijri month names come from {@link HIJRI_MONTHS} (the names ICU uses for `ar`), not from
 *   the runtime, so the text is identical in Node and every browser.
 */

export const TIME_ZONE = 'Asia/Riyadh';

/** The Umm al-Qura locale with the calendar named explicitly and Latin digits. */
export const HIJRI_LOCALE = 'ar-SA-u-ca-islamic-umalqura-nu-latn';

/** Arabic names of the Hijri months, index 0 = محرم (month 1). */
export const HIJRI_MONTHS = [
  'محرم',
  'صفر',
  'ربيع الأول',
  'ربيع الآخر',
  'جمادى الأولى',
  'جمادى الآخرة',
  'رجب',
  'شعبان',
  'رمضان',
  'شوال',
  'ذو القعدة',
  'ذو الحجة',
] as const;

/** Arabic names of the Gregorian months as used in Saudi Arabia, index 0 = يناير (month 1). */
export const GREGORIAN_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
] as const;

export type DateInput = Date | string | number;

export interface HijriParts {
  day: number;
  month: number;
  monthName: string;
  year: number;
}

const DAY_MS = 86_400_000;

/** Converts a Date, ISO string or epoch milliseconds to a Date; throws RangeError when invalid. */
export function coerceDate(date: DateInput): Date {
  const d = date instanceof Date ? new Date(date.getTime()) : new Date(date);
  if (Number.isNaN(d.getTime())) throw new RangeError(`تاريخ غير صالح: ${String(date)}`);
  return d;
}

let hijriFormatter: Intl.DateTimeFormat | undefined;
let gregorianFormatter: Intl.DateTimeFormat | undefined;

function hijriFmt(): Intl.DateTimeFormat {
  hijriFormatter ??= new Intl.DateTimeFormat(HIJRI_LOCALE, {
    timeZone: TIME_ZONE,
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  });
  return hijriFormatter;
}

function gregorianFmt(): Intl.DateTimeFormat {
  gregorianFormatter ??= new Intl.DateTimeFormat('en-GB-u-ca-gregory-nu-latn', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return gregorianFormatter;
}

function numericParts(parts: Intl.DateTimeFormatPart[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of parts) {
    if (p.type !== 'literal' && p.type !== 'era')
      out[p.type] = Number.parseInt(p.value.replace(/\D/g, ''), 10);
  }
  return out;
}

/** Gregorian wall-clock parts of `date` in Asia/Riyadh. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Asia/Riyadh has kept UTC+03:00 without daylight saving since 1947, so from 1950 on its wall
 * clock is plain arithmetic. That path is exact (the test compares it with Intl over the whole
 * range) and spares the list pages an Intl formatter, whose first construction alone costs tens of
 * milliseconds on a phone. Earlier dates ask Intl.
 */
const RIYADH_OFFSET_MS = 3 * 3_600_000;
const FIXED_OFFSET_FROM = Date.UTC(1950, 0, 1);

export function riyadhParts(date: DateInput): ZonedParts {
  const d = coerceDate(date);
  if (d.getTime() >= FIXED_OFFSET_FROM) {
    const wall = new Date(d.getTime() + RIYADH_OFFSET_MS);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    };
  }
  return riyadhPartsByIntl(d);
}

/** {@link riyadhParts} through the time-zone database (any date; the reference for the fast path). */
export function riyadhPartsByIntl(date: DateInput): ZonedParts {
  const p = numericParts(gregorianFmt().formatToParts(coerceDate(date)));
  return {
    year: p.year,
    month: p.month,
    day: p.day,
    // Some engines print midnight as 24 even with h23; normalise.
    hour: p.hour % 24,
    minute: p.minute,
    second: p.second,
  };
}

/** The instant Asia/Riyadh's calendar day containing `date` starts (00:00 Riyadh time). */
export function startOfRiyadhDay(date: DateInput): Date {
  const d = coerceDate(date);
  const p = riyadhParts(d);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = wallAsUtc - Math.floor(d.getTime() / 1000) * 1000;
  return new Date(Date.UTC(p.year, p.month - 1, p.day) - offset);
}

/** The Riyadh calendar day of `date` as 'YYYY-MM-DD'. */
export function riyadhDayOf(date: DateInput): string {
  const p = riyadhParts(date);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/**
 * The instants a Riyadh calendar day 'YYYY-MM-DD' starts (00:00) and ends (23:59:59.999), and its
 * noon (a safe instant to format the day in either calendar). Saudi Arabia keeps UTC+3 all year.
 */
export function riyadhDayBounds(day: string): { start: Date; end: Date; noon: Date } {
  const midnight = Date.parse(`${day.slice(0, 10)}T00:00:00Z`) - RIYADH_OFFSET_MS;
  return {
    start: new Date(midnight),
    end: new Date(midnight + DAY_MS - 1),
    noon: new Date(midnight + DAY_MS / 2),
  };
}

/** 00:00 Riyadh time on the 1st of the Gregorian month `monthsBack` months before `date`'s month. */
export function riyadhMonthStart(date: DateInput, monthsBack = 0): Date {
  const p = riyadhParts(date);
  return new Date(Date.UTC(p.year, p.month - 1 - monthsBack, 1) - RIYADH_OFFSET_MS);
}

/**
 * Number of whole Riyadh calendar days from `from` to `to` (positive when `to` is later):
 * yesterday → today is 1 regardless of the hours.
 */
export function riyadhDayDiff(from: DateInput, to: DateInput): number {
  const a = riyadhParts(from);
  const b = riyadhParts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/**
 * Umm al-Qura month lengths for 1420–1500 AH (1999–2077) as ICU has them: three hex digits a year,
 * bit m−1 set when month m has 30 days (29 otherwise). In that range a Hijri date is counting days
 * — the test compares it with Intl on every day — and a page showing today's Hijri date needs no
 * Intl formatter, whose first construction costs a phone tens of milliseconds. Other dates ask Intl.
 */
const UMM_AL_QURA_FIRST_YEAR = 1420;
/** 1 Muharram 1420 (1999-04-17) in days since 1970-01-01. */
const UMM_AL_QURA_FIRST_DAY = 10_698;
const UMM_AL_QURA_MONTHS =
  'bd2bc4b89a9552d5adb6a6d4dc9d92aa69562ae56d36ab55aaa94d49d95d2ba5b55aad55a9a92e26e55dada6d46a5b27a4d4ad56db5a754f49e92d26a563566b5baab92b2568ba9b55aada5b4da9b52a9a536276575af26d46a95552ad4bd9ba574b69b52a9552da5d4daad96b2e95e2ac9692eaad56ad65d4a';

/** The Umm al-Qura date of a Riyadh calendar day (days since 1970-01-01), or null outside the table. */
function hijriOfDay(dayNumber: number): { year: number; month: number; day: number } | null {
  let offset = dayNumber - UMM_AL_QURA_FIRST_DAY;
  if (offset < 0) return null;
  for (let i = 0; i < UMM_AL_QURA_MONTHS.length / 3; i++) {
    const longMonths = Number.parseInt(UMM_AL_QURA_MONTHS.slice(i * 3, i * 3 + 3), 16);
    for (let m = 0; m < 12; m++) {
      const length = longMonths & (1 << m) ? 30 : 29;
      if (offset < length) return { year: UMM_AL_QURA_FIRST_YEAR + i, month: m + 1, day: offset + 1 };
      offset -= length;
    }
  }
  return null;
}

/** Umm al-Qura day, month (1–12), Arabic month name and year of `date` in Asia/Riyadh. */
export function hijriParts(date: DateInput): HijriParts {
  const d = coerceDate(date);
  const h =
    d.getTime() >= FIXED_OFFSET_FROM
      ? hijriOfDay(Math.floor((d.getTime() + RIYADH_OFFSET_MS) / DAY_MS))
      : null;
  if (!h) return hijriPartsByIntl(d);
  return { ...h, monthName: HIJRI_MONTHS[h.month - 1] };
}

/** {@link hijriParts} through ICU (any date; the reference for the table). */
export function hijriPartsByIntl(date: DateInput): HijriParts {
  const p = numericParts(hijriFmt().formatToParts(coerceDate(date)));
  return { day: p.day, month: p.month, monthName: HIJRI_MONTHS[p.month - 1], year: p.year };
}

/** e.g. '15 رمضان 1447 هـ' (Latin digits; wrap in `toArabicDigits` for '١٥ رمضان ١٤٤٧ هـ'). */
export function formatHijriDate(date: DateInput): string {
  const h = hijriParts(date);
  return `${h.day} ${h.monthName} ${h.year} هـ`;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Gregorian date in Asia/Riyadh as 'YYYY/MM/DD', e.g. '2026/03/05'. */
export function formatGregorianDate(date: DateInput): string {
  const p = riyadhParts(date);
  return `${pad(p.year, 4)}/${pad(p.month)}/${pad(p.day)}`;
}

/**
 * The Hijri month containing `date`, as Gregorian instants: `start` is 00:00 Riyadh time of
 * the 1st of the month (inclusive) and `end` is 00:00 Riyadh time of the 1st of the next
 * month (exclusive) — ready for `created_at >= start AND created_at < end`.
 * Computed by stepping whole days and comparing {@link hijriParts}, so it always agrees
 * with what the calendar displays.
 */
export function hijriMonthRange(date: DateInput): {
  start: Date;
  end: Date;
  year: number;
  month: number;
  monthName: string;
} {
  const h = hijriParts(date);
  // Noon avoids any ambiguity at day edges while stepping.
  const noon = startOfRiyadhDay(date).getTime() + DAY_MS / 2;
  const sameMonth = (t: number) => {
    const x = hijriParts(t);
    return x.month === h.month && x.year === h.year;
  };
  let first = noon;
  while (sameMonth(first - DAY_MS)) first -= DAY_MS;
  let next = noon + DAY_MS;
  while (sameMonth(next)) next += DAY_MS;
  return {
    start: startOfRiyadhDay(first),
    end: startOfRiyadhDay(next),
    year: h.year,
    month: h.month,
    monthName: h.monthName,
  };
}
