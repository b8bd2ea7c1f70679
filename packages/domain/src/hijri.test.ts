import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toArabicDigits } from './digits';
import {
  coerceDate,
  formatGregorianDate,
  formatHijriDate,
  HIJRI_LOCALE,
  HIJRI_MONTHS,
  hijriMonthRange,
  hijriParts,
  hijriPartsByIntl,
  riyadhDayBounds,
  riyadhDayDiff,
  riyadhDayOf,
  riyadhMonthStart,
  riyadhParts,
  riyadhPartsByIntl,
  startOfRiyadhDay,
  TIME_ZONE,
} from './hijri';

const DAY = 86_400_000;

describe('runtime support', () => {
  it('resolves the Umm al-Qura calendar, Latin digits and Riyadh time', () => {
    const o = new Intl.DateTimeFormat(HIJRI_LOCALE, { timeZone: TIME_ZONE }).resolvedOptions();
    expect(o.calendar).toBe('islamic-umalqura');
    expect(o.numberingSystem).toBe('latn');
    expect(o.timeZone).toBe('Asia/Riyadh');
    expect(TIME_ZONE).toBe('Asia/Riyadh');
  });

  it('counts Umm al-Qura dates from its table exactly as ICU does, every day of the table and around it', () => {
    // 1998-01-01 to 2079-01-01 covers 1420–1500 AH and a year either side (where Intl answers).
    for (let t = Date.UTC(1998, 0, 1); t < Date.UTC(2079, 0, 1); t += DAY) {
      // Riyadh's midnight (21:00 UTC the day before) and the last second of its day.
      for (const instant of [t - 3 * 3_600_000, t + 21 * 3_600_000 - 1000]) {
        const mine = hijriParts(instant);
        const icu = hijriPartsByIntl(instant);
        if (mine.day !== icu.day || mine.month !== icu.month || mine.year !== icu.year) {
          expect(mine, new Date(instant).toISOString()).toEqual(icu);
        }
      }
    }
    expect(hijriParts('1999-04-16T21:00:00Z')).toMatchObject({ day: 1, month: 1, year: 1420 });
    expect(hijriParts('1999-04-16T20:59:59Z')).toMatchObject({ day: 29, month: 12, year: 1419 });
    // 60,000 days through Intl: seconds on a busy two-core machine.
  }, 60_000);

  it('HIJRI_MONTHS matches the names ICU gives for ar-SA', () => {
    const f = new Intl.DateTimeFormat('ar-SA-u-ca-islamic-umalqura', { timeZone: TIME_ZONE, month: 'long' });
    const names = new Map<number, string>();
    // 400 days from 2026-01-01 cover every month.
    for (let t = Date.UTC(2026, 0, 1, 9); t < Date.UTC(2027, 1, 5); t += DAY) {
      names.set(hijriParts(t).month, f.format(t));
    }
    expect(names.size).toBe(12);
    for (const [month, name] of names) expect(HIJRI_MONTHS[month - 1]).toBe(name);
  });
});

describe('hijriParts (Umm al-Qura, Asia/Riyadh)', () => {
  it.each([
    ['2026-02-17T12:00:00Z', 29, 8, 'شعبان', 1447],
    ['2026-02-18T12:00:00Z', 1, 9, 'رمضان', 1447], // 1 Ramadan 1447
    ['2026-03-05T12:00:00Z', 16, 9, 'رمضان', 1447],
    ['2026-03-19T12:00:00Z', 30, 9, 'رمضان', 1447],
    ['2026-03-20T12:00:00Z', 1, 10, 'شوال', 1447], // Eid al-Fitr 1447
    ['2026-05-27T12:00:00Z', 10, 12, 'ذو الحجة', 1447], // Eid al-Adha 1447
    ['2026-06-16T12:00:00Z', 1, 1, 'محرم', 1448], // Hijri new year 1448
    ['2026-11-21T12:00:00Z', 11, 6, 'جمادى الآخرة', 1448],
    ['2025-03-01T12:00:00Z', 1, 9, 'رمضان', 1446],
    ['2025-03-30T12:00:00Z', 1, 10, 'شوال', 1446],
    ['2024-03-11T12:00:00Z', 1, 9, 'رمضان', 1445],
    ['2024-04-10T12:00:00Z', 1, 10, 'شوال', 1445],
    ['2000-01-01T12:00:00Z', 24, 9, 'رمضان', 1420],
  ])('%s → %i/%i (%s) %i', (iso, day, month, monthName, year) => {
    expect(hijriParts(iso)).toEqual({ day, month, monthName, year });
  });

  it('returns numbers, not strings', () => {
    const p = hijriParts(new Date('2026-02-18T12:00:00Z'));
    expect(typeof p.day).toBe('number');
    expect(typeof p.month).toBe('number');
    expect(typeof p.year).toBe('number');
  });

  it('changes day at midnight Riyadh time (21:00 UTC), not UTC midnight', () => {
    expect(hijriParts('2026-02-17T20:59:59Z').day).toBe(29);
    expect(hijriParts('2026-02-17T21:00:00Z')).toMatchObject({ day: 1, month: 9 });
    expect(hijriParts('2026-02-18T00:00:00+03:00')).toMatchObject({ day: 1, month: 9 });
  });

  it('accepts Date, ISO string and epoch milliseconds alike', () => {
    const iso = '2026-11-21T12:00:00Z';
    const t = Date.parse(iso);
    expect(hijriParts(t)).toEqual(hijriParts(iso));
    expect(hijriParts(new Date(t))).toEqual(hijriParts(iso));
  });

  it('throws RangeError on invalid dates', () => {
    expect(() => hijriParts('not a date')).toThrow(RangeError);
    expect(() => hijriParts(Number.NaN)).toThrow(RangeError);
    expect(() => coerceDate(new Date('x'))).toThrow(RangeError);
  });
});

describe('formatHijriDate', () => {
  it('uses Latin digits and the هـ suffix', () => {
    expect(formatHijriDate('2026-03-05T12:00:00Z')).toBe('16 رمضان 1447 هـ');
    expect(formatHijriDate('2026-02-18T12:00:00Z')).toBe('1 رمضان 1447 هـ');
    expect(formatHijriDate('2026-11-21T12:00:00Z')).toBe('11 جمادى الآخرة 1448 هـ');
    expect(formatHijriDate('2026-05-19T12:00:00Z')).toBe('2 ذو الحجة 1447 هـ');
  });

  it('gives the Arabic-Indic form through toArabicDigits', () => {
    expect(toArabicDigits(formatHijriDate('2026-03-04T12:00:00Z'))).toBe('١٥ رمضان ١٤٤٧ هـ');
  });
});

describe('formatGregorianDate', () => {
  it('formats YYYY/MM/DD with leading zeros', () => {
    expect(formatGregorianDate('2026-03-05T12:00:00Z')).toBe('2026/03/05');
    expect(formatGregorianDate(new Date('2026-11-21T08:00:00Z'))).toBe('2026/11/21');
  });

  it('uses the Riyadh calendar day', () => {
    expect(formatGregorianDate('2026-03-04T20:59:59Z')).toBe('2026/03/04');
    expect(formatGregorianDate('2026-03-04T21:00:00Z')).toBe('2026/03/05');
    expect(formatGregorianDate('2026-12-31T21:30:00Z')).toBe('2027/01/01');
  });
});

describe('riyadhParts / startOfRiyadhDay / riyadhDayDiff', () => {
  it('gives Riyadh wall-clock time (UTC+3)', () => {
    expect(riyadhParts('2026-11-21T12:05:09Z')).toEqual({
      year: 2026,
      month: 11,
      day: 21,
      hour: 15,
      minute: 5,
      second: 9,
    });
    expect(riyadhParts('2026-11-20T21:00:00Z')).toMatchObject({ day: 21, hour: 0 });
  });

  it('agrees with the time-zone database on every date, the fixed-offset years and before', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2200-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        (d) => {
          expect(riyadhParts(d)).toEqual(riyadhPartsByIntl(d));
        },
      ),
      { numRuns: 5000 },
    );
    // Around the switch to the fixed-offset path and across midnight and new year.
    for (const iso of [
      '1949-12-31T20:59:59Z',
      '1949-12-31T21:00:00Z',
      '1950-01-01T00:00:00Z',
      '2099-12-31T21:00:00Z',
    ]) {
      expect(riyadhParts(iso)).toEqual(riyadhPartsByIntl(iso));
    }
  });

  it('finds 00:00 Riyadh time', () => {
    expect(startOfRiyadhDay('2026-11-21T12:05:09.123Z').toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(startOfRiyadhDay('2026-11-20T21:00:00Z').toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(startOfRiyadhDay('2026-11-20T20:59:59.999Z').toISOString()).toBe('2026-11-19T21:00:00.000Z');
  });

  it('counts calendar days, not 24-hour periods', () => {
    expect(riyadhDayDiff('2026-11-20T20:00:00Z', '2026-11-20T21:00:00Z')).toBe(1); // 23:00 → 00:00
    expect(riyadhDayDiff('2026-11-20T21:00:00Z', '2026-11-21T20:59:00Z')).toBe(0);
    expect(riyadhDayDiff('2026-11-21T12:00:00Z', '2026-11-18T12:00:00Z')).toBe(-3);
    expect(riyadhDayDiff('2026-02-28T12:00:00Z', '2026-03-01T12:00:00Z')).toBe(1);
  });
});

describe('hijriMonthRange', () => {
  it('Ramadan 1447: 2026-02-18 (inclusive) to 1 Shawwal 2026-03-20 (exclusive), Riyadh midnights', () => {
    const r = hijriMonthRange('2026-03-05T12:00:00Z');
    expect(r.start.toISOString()).toBe('2026-02-17T21:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-03-19T21:00:00.000Z');
    expect(r).toMatchObject({ year: 1447, month: 9, monthName: 'رمضان' });
    expect((r.end.getTime() - r.start.getTime()) / DAY).toBe(30);
  });

  it('Jumada al-Akhirah 1448 contains 2026-11-21', () => {
    const r = hijriMonthRange('2026-11-21T12:00:00Z');
    expect(formatGregorianDate(r.start)).toBe('2026/11/11');
    expect(formatGregorianDate(r.end)).toBe('2026/12/10');
    expect(formatHijriDate(r.start)).toBe('1 جمادى الآخرة 1448 هـ');
    expect(formatHijriDate(r.end)).toBe('1 رجب 1448 هـ');
  });

  it('is the same for the first and last instant of the month', () => {
    const a = hijriMonthRange('2026-02-17T21:00:00Z');
    const b = hijriMonthRange('2026-03-19T20:59:59.999Z');
    expect(a.start.getTime()).toBe(b.start.getTime());
    expect(a.end.getTime()).toBe(b.end.getTime());
    expect(hijriMonthRange('2026-03-19T21:00:00Z').month).toBe(10);
  });

  it('always brackets the date with a 29- or 30-day month starting on day 1', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1990-01-01T00:00:00Z'),
          max: new Date('2070-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const r = hijriMonthRange(d);
          const h = hijriParts(d);
          expect(r.start.getTime()).toBeLessThanOrEqual(d.getTime());
          expect(r.end.getTime()).toBeGreaterThan(d.getTime());
          expect([29, 30]).toContain((r.end.getTime() - r.start.getTime()) / DAY);
          expect(hijriParts(r.start)).toMatchObject({ day: 1, month: h.month, year: h.year });
          expect(hijriParts(r.end).day).toBe(1);
          expect(hijriParts(r.end.getTime() - 1)).toMatchObject({ month: h.month, year: h.year });
          expect(riyadhParts(r.start)).toMatchObject({ hour: 0, minute: 0, second: 0 });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('Riyadh day and month boundaries', () => {
  it('a day holds every instant whose Riyadh day it is, and months start on the 1st at 00:00', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-02'), max: new Date('2200-12-30'), noInvalidDate: true }),
        (d) => {
          const day = riyadhDayOf(d);
          const { start, end, noon } = riyadhDayBounds(day);
          expect(start.getTime()).toBeLessThanOrEqual(d.getTime());
          expect(end.getTime()).toBeGreaterThanOrEqual(d.getTime());
          expect(end.getTime() - start.getTime()).toBe(86_400_000 - 1);
          expect(riyadhDayOf(noon)).toBe(day);
          expect(start.getTime()).toBe(startOfRiyadhDay(d).getTime());
          const month = riyadhMonthStart(d);
          expect(riyadhDayOf(month)).toBe(`${day.slice(0, 7)}-01`);
          expect(riyadhParts(month)).toMatchObject({ hour: 0, minute: 0, second: 0 });
          expect(riyadhDayOf(riyadhMonthStart(d, -1)).slice(0, 7) > day.slice(0, 7)).toBe(true);
        },
      ),
    );
  });

  it('knows the Riyadh day near midnight UTC', () => {
    expect(riyadhDayOf(new Date('2026-03-04T21:00:00Z'))).toBe('2026-03-05');
    expect(riyadhDayOf(new Date('2026-03-04T20:59:59Z'))).toBe('2026-03-04');
    expect(riyadhDayBounds('2026-03-05').start.toISOString()).toBe('2026-03-04T21:00:00.000Z');
    expect(riyadhMonthStart(new Date('2026-01-15T12:00:00Z'), 1).toISOString()).toBe(
      '2025-11-30T21:00:00.000Z',
    );
  });
});
