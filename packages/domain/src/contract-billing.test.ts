import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractBills } from './contract-billing';
import { contractEndDate } from './visit-planning';

const base = {
  billingPeriod: 'month' as const,
  startDate: '2027-01-15',
  endDate: contractEndDate('2027-01-15', 12),
  durationMonths: 12,
  visits: 4,
  price: 480_000,
  title: 'صيانة مكيفات — عقد رقم 7',
};

describe('what a contract bills', () => {
  it('bills upfront once on the start day, the whole price', () => {
    expect(contractBills({ ...base, billing: 'upfront' })).toEqual([
      {
        period: 1,
        day: '2027-01-15',
        amount: 480_000,
        label: base.title,
        startDate: '2027-01-15',
        endDate: '2028-01-14',
      },
    ]);
  });

  it('bills each quarter from the start, the periods touching end to start', () => {
    const bills = contractBills({ ...base, billing: 'per_period', billingPeriod: 'quarter' });
    expect(bills.map((b) => [b.day, b.endDate, b.amount])).toEqual([
      ['2027-01-15', '2027-04-14', 120_000],
      ['2027-04-15', '2027-07-14', 120_000],
      ['2027-07-15', '2027-10-14', 120_000],
      ['2027-10-15', '2028-01-14', 120_000],
    ]);
    expect(bills[1].label).toBe('صيانة مكيفات — عقد رقم 7 — الفترة 2 من 4 (2027-04-15 – 2027-07-14)');
  });

  it('bills each visit its share, the remainder on the last', () => {
    const bills = contractBills({ ...base, billing: 'per_visit', visits: 3, price: 100_000 });
    expect(bills.map((b) => b.amount)).toEqual([33_333, 33_333, 33_334]);
    expect(bills.every((b) => b.day === null)).toBe(true);
  });

  it('always adds up to the price exactly, one bill per period', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('month' as const, 'quarter' as const),
        fc.integer({ min: 0, max: 1_000_000_00 }),
        (months, period, price) => {
          const bills = contractBills({
            ...base,
            billing: 'per_period',
            billingPeriod: period,
            durationMonths: months,
            endDate: contractEndDate(base.startDate, months),
            price,
          });
          expect(bills).toHaveLength(Math.ceil(months / (period === 'quarter' ? 3 : 1)));
          expect(bills.reduce((s, b) => s + b.amount, 0)).toBe(price);
          expect(bills.at(-1)?.endDate).toBe(contractEndDate(base.startDate, months));
        },
      ),
    );
  });
});
