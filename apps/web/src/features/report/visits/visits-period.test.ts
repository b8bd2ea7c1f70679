import { describe, expect, it } from 'vitest';
import { choiceOf, currentIndex, periodOfAddress, visitsPeriods } from './visits-period';

const today = '2026-11-15';

describe('the visits report’s period', () => {
  it('opens on this Gregorian month without an address, or on an address that is not two days', () => {
    const month = { from: '2026-11-01', to: '2026-11-30' };
    expect(periodOfAddress(null, null, today)).toMatchObject(month);
    expect(periodOfAddress('2026-02-30', '2026-03-01', today)).toMatchObject(month);
    expect(periodOfAddress('2031-05-01', '2031-05-20', today)).toEqual({
      from: '2031-05-01',
      to: '2031-05-20',
    });
  });

  it('shows a period as the month or quarter it is, ahead or behind, in its calendar; other days as a range', () => {
    expect(choiceOf({ from: '2027-10-01', to: '2027-10-31' }, today)).toEqual({
      calendar: 'gregorian',
      length: 'month',
    });
    expect(choiceOf({ from: '2026-01-01', to: '2026-03-31' }, today)).toEqual({
      calendar: 'gregorian',
      length: 'quarter',
    });
    const hijriMonth = visitsPeriods('hijri', 'month', today)[currentIndex('month') + 2];
    expect(choiceOf(hijriMonth, today)).toEqual({ calendar: 'hijri', length: 'month' });
    expect(choiceOf({ from: '2031-05-01', to: '2031-05-20' }, today)).toEqual({
      calendar: 'gregorian',
      length: 'range',
    });
  });

  it('puts the current month and quarter after those ahead of it', () => {
    expect(visitsPeriods('gregorian', 'month', today)[currentIndex('month')].from).toBe('2026-11-01');
    expect(visitsPeriods('gregorian', 'quarter', today)[currentIndex('quarter')].from).toBe('2026-10-01');
    expect(visitsPeriods('gregorian', 'month', today)[0].from).toBe('2027-11-01');
  });
});
