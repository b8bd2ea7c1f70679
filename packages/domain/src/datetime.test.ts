import { describe, expect, it } from 'vitest';
import {
  arabicWeekdayOf,
  arabicWeekdays,
  formatDateTime,
  formatRelative,
  isWeekend,
  weekStartsOn,
  workingDaysBetween,
} from './datetime';

describe('formatDateTime', () => {
  it.each([
    ['2026-11-21T12:05:00Z', '03:05 م 2026/11/21'],
    ['2026-11-20T21:00:00Z', '12:00 ص 2026/11/21'], // midnight Riyadh
    ['2026-11-21T08:59:00Z', '11:59 ص 2026/11/21'],
    ['2026-11-21T09:00:00Z', '12:00 م 2026/11/21'], // noon
    ['2026-11-21T09:01:00Z', '12:01 م 2026/11/21'],
    ['2026-11-21T20:59:59Z', '11:59 م 2026/11/21'],
    ['2026-03-05T01:07:00Z', '04:07 ص 2026/03/05'],
    ['2026-12-31T21:30:00Z', '12:30 ص 2027/01/01'],
  ])('%s → %s', (iso, text) => {
    expect(formatDateTime(iso)).toBe(text);
  });

  it('matches the pattern "hh:mm ص|م YYYY/MM/DD"', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2026, 0, 3); t += 17 * 60_000) {
      expect(formatDateTime(t)).toMatch(
        /^(0[1-9]|1[0-2]):[0-5]\d [صم] \d{4}\/(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/,
      );
    }
  });
});

describe('week', () => {
  it('starts on Saturday', () => {
    expect(weekStartsOn).toBe(6);
    expect(arabicWeekdays).toEqual(['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']);
  });

  it('names the Riyadh weekday', () => {
    expect(arabicWeekdayOf('2026-11-21T12:00:00Z')).toBe('السبت');
    expect(arabicWeekdayOf('2026-11-20T12:00:00Z')).toBe('الجمعة');
    expect(arabicWeekdayOf('2026-11-20T21:00:00Z')).toBe('السبت'); // 00:00 Saturday in Riyadh
    expect(arabicWeekdayOf('2026-03-05T12:00:00Z')).toBe('الخميس');
    expect(arabicWeekdays[(new Date('2026-11-21T12:00:00Z').getUTCDay() - weekStartsOn + 7) % 7]).toBe(
      'السبت',
    );
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-21T12:00:00Z'); // 15:00 Riyadh
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it.each([
    [0, 'الآن'],
    [0.5, 'الآن'],
    [1, 'منذ دقيقة'],
    [2, 'منذ دقيقتين'],
    [5, 'منذ 5 دقائق'],
    [10, 'منذ 10 دقائق'],
    [11, 'منذ 11 دقيقة'],
    [59, 'منذ 59 دقيقة'],
    [60, 'منذ ساعة'],
    [119, 'منذ ساعة'],
    [120, 'منذ ساعتين'],
    [180, 'منذ 3 ساعات'],
    [600, 'منذ 10 ساعات'],
    [660, 'منذ 11 ساعة'],
    [23 * 60 + 59, 'منذ 23 ساعة'],
    [24 * 60, 'أمس'],
    [38 * 60, 'أمس'], // 01:00 yesterday in Riyadh
    [40 * 60, 'منذ يومين'], // 23:00 two days ago
    [3 * 1440, 'منذ 3 أيام'],
    [10 * 1440, 'منذ 10 أيام'],
    [11 * 1440, 'منذ 11 يوماً'],
    [29 * 1440, 'منذ 29 يوماً'],
    [30 * 1440, 'منذ شهر'],
    [60 * 1440, 'منذ شهرين'],
    [90 * 1440, 'منذ 3 أشهر'],
    [335 * 1440, 'منذ 11 شهراً'],
    [365 * 1440, 'منذ سنة'],
    [730 * 1440, 'منذ سنتين'],
    [3 * 365 * 1440, 'منذ 3 سنوات'],
    [11 * 365 * 1440, 'منذ 11 سنة'],
  ])('%d minutes ago → %s', (minutes, text) => {
    expect(formatRelative(ago(minutes), now)).toBe(text);
  });

  it('handles the future with بعد and غداً', () => {
    expect(formatRelative(ago(-0.5), now)).toBe('الآن');
    expect(formatRelative(ago(-5), now)).toBe('بعد 5 دقائق');
    expect(formatRelative(ago(-120), now)).toBe('بعد ساعتين');
    expect(formatRelative(ago(-24 * 60), now)).toBe('غداً');
    expect(formatRelative(ago(-3 * 1440), now)).toBe('بعد 3 أيام');
  });

  it('accepts strings and numbers, and defaults now to the current time', () => {
    expect(formatRelative('2026-11-21T11:55:00Z', now.getTime())).toBe('منذ 5 دقائق');
    expect(formatRelative(Date.now() - 3 * 3_600_000)).toBe('منذ 3 ساعات');
  });
});

describe('the Saudi weekend', () => {
  it('is Friday and Saturday in Riyadh, and working days skip it', () => {
    // 2026-11-27 is a Friday; 23:30 UTC on Thursday the 26th is already Friday in Riyadh.
    expect(isWeekend('2026-11-27T09:00:00Z')).toBe(true);
    expect(isWeekend('2026-11-28T09:00:00Z')).toBe(true);
    expect(isWeekend('2026-11-29T09:00:00Z')).toBe(false); // Sunday works
    expect(isWeekend('2026-11-26T23:30:00Z')).toBe(true);
    expect(isWeekend('2026-11-26T20:30:00Z')).toBe(false);
    expect(arabicWeekdayOf('2026-11-27T09:00:00Z')).toBe('الجمعة');
    // Thursday → next Thursday: 7 days, 5 of them working (Thu, Sun, Mon, Tue, Wed).
    expect(workingDaysBetween('2026-11-26T09:00:00Z', '2026-12-03T09:00:00Z')).toBe(5);
    expect(workingDaysBetween('2026-12-03T09:00:00Z', '2026-11-26T09:00:00Z')).toBe(-5);
    expect(workingDaysBetween('2026-11-27T09:00:00Z', '2026-11-29T09:00:00Z')).toBe(0);
  });
});
