import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween } from './aging';
import {
  addDays,
  contractEndDate,
  FRIDAY,
  planVisitDays,
  visitInstant,
  weekdayOfDay,
} from './visit-planning';

const dayArb = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const planArb = fc
  .record({
    startDate: dayArb,
    months: fc.integer({ min: 1, max: 36 }),
    visits: fc.integer({ min: 0, max: 60 }),
    holidayOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 1100 }), { maxLength: 40 }),
  })
  .map(({ startDate, months, visits, holidayOffsets }) => ({
    startDate,
    endDate: contractEndDate(startDate, months),
    visits,
    holidays: holidayOffsets.map((o) => addDays(startDate, o)),
  }));

describe('planning a contract’s visits', () => {
  it('ends the day before the same date months later, at month ends too', () => {
    expect(contractEndDate('2026-01-15', 12)).toBe('2027-01-14');
    expect(contractEndDate('2026-01-01', 3)).toBe('2026-03-31');
    expect(contractEndDate('2026-01-31', 1)).toBe('2026-02-27');
    expect(contractEndDate('2028-02-29', 12)).toBe('2029-02-27');
  });

  it('spreads 4 visits over 12 months about every 3 months, the first on the start day', () => {
    const plan = planVisitDays({ startDate: '2026-01-04', endDate: '2027-01-03', visits: 4, holidays: [] });
    expect(plan).toEqual({ ok: true, days: ['2026-01-04', '2026-04-05', '2026-07-05', '2026-10-04'] });
  });

  it('moves a visit off a Friday and off a holiday to the next working day', () => {
    // 2026-01-02 is a Friday, 2026-01-03 a holiday here.
    const plan = planVisitDays({
      startDate: '2026-01-02',
      endDate: '2026-01-31',
      visits: 1,
      holidays: ['2026-01-03'],
    });
    expect(plan).toEqual({ ok: true, days: ['2026-01-04'] });
  });

  it('refuses more visits than working days, in Arabic', () => {
    const plan = planVisitDays({ startDate: '2026-01-01', endDate: '2026-01-07', visits: 7, holidays: [] });
    expect(plan).toEqual({ ok: false, message: 'عدد الزيارات (7) أكثر من أيام العمل في مدة العقد (6)' });
  });

  it('plans exactly as many visits, inside the contract, on working days, in order, evenly, the same each time', () => {
    fc.assert(
      fc.property(planArb, (input) => {
        const plan = planVisitDays(input);
        const span = daysBetween(input.startDate, input.endDate) + 1;
        const closed = new Set(input.holidays);
        let working = 0;
        for (let i = 0; i < span; i++) {
          const day = addDays(input.startDate, i);
          if (weekdayOfDay(day) !== FRIDAY && !closed.has(day)) working++;
        }
        if (!plan.ok) {
          expect(working).toBeLessThan(input.visits);
          return;
        }
        expect(plan.days).toHaveLength(input.visits);
        expect(planVisitDays(input)).toEqual(plan);
        // The longest run of days closed in a row bounds how far a visit may drift from its aim.
        let run = 0;
        let longest = 0;
        for (let i = 0; i < span; i++) {
          const day = addDays(input.startDate, i);
          run = weekdayOfDay(day) === FRIDAY || closed.has(day) ? run + 1 : 0;
          longest = Math.max(longest, run);
        }
        plan.days.forEach((day, i) => {
          expect(day >= input.startDate && day <= input.endDate).toBe(true);
          expect(weekdayOfDay(day)).not.toBe(FRIDAY);
          expect(closed.has(day)).toBe(false);
          if (i) expect(day > plan.days[i - 1]).toBe(true);
          const aim = Math.floor((i * span) / input.visits);
          if (input.visits * (longest + 1) * 2 <= working)
            expect(Math.abs(daysBetween(input.startDate, day) - aim)).toBeLessThanOrEqual(longest);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('puts a visit on the Riyadh clock', () => {
    expect(visitInstant('2026-05-10', '08:30').toISOString()).toBe('2026-05-10T05:30:00.000Z');
  });
});
