import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './visit-planning';
import { minutesAsHours, monthsOfPeriod, percentOf, visitsReportMonths } from './visits-report';

describe('monthsOfPeriod', () => {
  it('lists every month a period touches, across a year end', () => {
    expect(monthsOfPeriod('2031-11-20', '2032-02-01')).toEqual(['2031-11', '2031-12', '2032-01', '2032-02']);
    expect(monthsOfPeriod('2031-05-01', '2031-05-31')).toEqual(['2031-05']);
  });
  it('has one month per calendar month of any period, each once and in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 400 }), (start, length) => {
        const from = addDays('2000-01-01', start);
        const to = addDays(from, length);
        const months = monthsOfPeriod(from, to);
        expect(months[0]).toBe(from.slice(0, 7));
        expect(months.at(-1)).toBe(to.slice(0, 7));
        expect([...months].sort()).toEqual(months);
        expect(new Set(months).size).toBe(months.length);
      }),
    );
  });
});

describe('visitsReportMonths', () => {
  it('fills the months without visits or invoices with zeros and sums the period', () => {
    const { months, totals } = visitsReportMonths({
      from: '2031-04-15',
      to: '2031-06-30',
      months: [{ month: '2031-06', due: 3, done: 2, missed: 1 }],
      contractRevenue: [
        { month: '2031-04', amount: '1380.00' },
        { month: '2031-06', amount: '0.10' },
      ],
    });
    expect(months).toEqual([
      { month: '2031-04', label: 'أبريل 2031', due: 0, done: 0, missed: 0, revenue: '1380.00' },
      { month: '2031-05', label: 'مايو 2031', due: 0, done: 0, missed: 0, revenue: '0.00' },
      { month: '2031-06', label: 'يونيو 2031', due: 3, done: 2, missed: 1, revenue: '0.10' },
    ]);
    expect(totals).toEqual({ due: 3, done: 2, missed: 1, revenue: '1380.10' });
  });
});

describe('booked time', () => {
  it('is a whole percentage of what is available, none when nothing is', () => {
    expect(percentOf(270, 2880)).toBe(9);
    expect(percentOf(3000, 2880)).toBe(104);
    expect(percentOf(60, 0)).toBe(0);
    expect(minutesAsHours(270)).toBe(4.5);
    expect(minutesAsHours(2880)).toBe(48);
  });
});
