import { z } from 'zod';
import { toLatinDigits } from '../digits';

/**
 * The one reading of dates that enter the API (bodies and list filters): ISO 8601 as the web app
 * sends it — a calendar date `YYYY-MM-DD` or a date-time with its offset
 * (`YYYY-MM-DDTHH:mm[:ss[.sss]](Z|±HH:mm)`) — on a real calendar day, within years 1900–2200.
 * `new Date()` alone reads "2026-02-30" as 2 March, "-5" as 2001 and "99999" as a year the
 * database cannot store.
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2200;
export const INVALID_DATE_MESSAGE = 'التاريخ غير صحيح';
export const DATE_RANGE_MESSAGE = `التاريخ يجب أن يكون بين عامي ${DATE_MIN_YEAR} و${DATE_MAX_YEAR}`;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export type DateReading = { ok: true; day: string; instant: Date } | { ok: false; message: string };

/** Reads a date or date-time (Arabic-Indic digits allowed); a calendar date is midnight UTC. */
export function readIsoDate(input: string): DateReading {
  const s = toLatinDigits(input.trim());
  const m = DATE_RE.exec(s) ?? DATE_TIME_RE.exec(s);
  if (!m) return { ok: false, message: INVALID_DATE_MESSAGE };
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return { ok: false, message: INVALID_DATE_MESSAGE };
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) return { ok: false, message: DATE_RANGE_MESSAGE };
  const dayText = s.slice(0, 10);
  if (m.length === 4) return { ok: true, day: dayText, instant: new Date(`${dayText}T00:00:00Z`) };
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const [offsetHours, offsetMinutes] = [Number(m[10] ?? 0), Number(m[11] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 14 || offsetMinutes > 59)
    return { ok: false, message: INVALID_DATE_MESSAGE };
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000);
  return { ok: true, day: dayText, instant };
}

const emptyToNull = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/** Reads a date text and keeps the part `keep` names; a refused reading becomes the issue's message. */
const readDate =
  <T>(keep: (reading: Extract<DateReading, { ok: true }>) => T) =>
  (v: string, ctx: z.RefinementCtx): T => {
    const r = readIsoDate(v);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }
    return keep(r);
  };
const instantText = readDate((r) => r.instant.toISOString());
const dayText = readDate((r) => r.day);

/** A required date or date-time → ISO instant (`toISOString()`). */
export const isoDateTime = z.string({ message: INVALID_DATE_MESSAGE }).transform(instantText);

/** An optional date text: empty (or absent, or null) is null, else `read` reads it. */
const optionalDate = (read: (v: string, ctx: z.RefinementCtx) => string) =>
  z
    .union([z.string(), z.null()], { message: INVALID_DATE_MESSAGE })
    .optional()
    .transform((v, ctx) => (emptyToNull(v) ? null : read(v as string, ctx)));

/** Date-time from a picker (ISO string) or empty → null. */
export const optionalDateTime = optionalDate(instantText);

/** Calendar date `YYYY-MM-DD` (a date-time gives its day as written) or empty → null. */
export const optionalCalendarDate = optionalDate(dayText);
