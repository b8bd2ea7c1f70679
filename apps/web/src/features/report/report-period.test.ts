import { hijriParts } from '@idara/domain';
import { describe, expect, it } from 'vitest';
import { periodNames, reportPeriods } from './report-period';

const day = (d: string, offset: number) =>
  new Date(Date.parse(`${d}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const hijriOf = (d: string) => hijriParts(new Date(`${d}T12:00:00+03:00`));

describe('report periods', () => {
  it('Gregorian months and quarters cover whole months, newest first, each ending the day before the next', () => {
    const months = reportPeriods('gregorian', 'month', '2026-03-15', 4);
    expect(months.map((m) => [m.from, m.to])).toEqual([
      ['2026-03-01', '2026-03-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-01-01', '2026-01-31'],
      ['2025-12-01', '2025-12-31'],
    ]);
    expect(months[0].label).toBe('مارس 2026 م');
    const quarters = reportPeriods('gregorian', 'quarter', '2026-05-02', 2);
    expect(quarters.map((q) => [q.from, q.to, q.label])).toEqual([
      ['2026-04-01', '2026-06-30', 'الربع 2 من 2026 م'],
      ['2026-01-01', '2026-03-31', 'الربع 1 من 2026 م'],
    ]);
  });

  it('a Hijri month maps to exactly the Gregorian days of that Umm al-Qura month, and quarters to three of them', () => {
    for (const length of ['month', 'quarter'] as const) {
      const periods = reportPeriods('hijri', length, '2026-11-27', 6);
      expect(periods).toHaveLength(6);
      for (const [i, p] of periods.entries()) {
        // Day one is the 1st; the day before belongs to another month; the last day is in the period.
        expect(hijriOf(p.from).day).toBe(1);
        expect(hijriOf(day(p.to, 1)).day).toBe(1);
        expect(hijriOf(day(p.from, -1)).month).not.toBe(hijriOf(p.from).month);
        if (length === 'quarter') expect((hijriOf(p.from).month - 1) % 3).toBe(0);
        if (i > 0) expect(day(p.to, 1)).toBe(periods[i - 1].from);
      }
      expect(periods[0].from <= '2026-11-27' && '2026-11-27' <= periods[0].to).toBe(true);
    }
    expect(reportPeriods('hijri', 'month', '2026-11-27', 1)[0].label).toBe(
      `${hijriOf('2026-11-27').monthName} ${hijriOf('2026-11-27').year} هـ`,
    );
  });

  it('names a period in both calendars', () => {
    const names = periodNames({ from: '2026-11-01', to: '2026-11-30' });
    expect(names.gregorian).toBe('2026/11/01 – 2026/11/30');
    expect(names.hijri).toMatch(/^\d+ .+ \d{4} هـ – \d+ .+ \d{4} هـ$/);
  });

  it('offers periods ahead of the current one first, then the current one and the ones before', () => {
    const months = reportPeriods('gregorian', 'month', '2026-11-15', 2, 3);
    expect(months.map((m) => m.from)).toEqual([
      '2027-02-01',
      '2027-01-01',
      '2026-12-01',
      '2026-11-01',
      '2026-10-01',
    ]);
    for (const length of ['month', 'quarter'] as const) {
      const hijri = reportPeriods('hijri', length, '2026-11-27', 2, 2);
      expect(hijri).toHaveLength(4);
      // The current period is third: after the two ahead, and the periods follow each other.
      expect(hijri[2]).toEqual(reportPeriods('hijri', length, '2026-11-27', 1)[0]);
      for (let i = 1; i < hijri.length; i++) expect(day(hijri[i].to, 1)).toBe(hijri[i - 1].from);
    }
  });
});
