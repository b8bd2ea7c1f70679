import { describe, expect, it } from 'vitest';
import { boardRange, readBoardDay, readBoardView, stepBoardDay, weekStartOf } from './board-range';

describe('the board range', () => {
  it('reads the view and the day from the address, falling back to a day view of today in Riyadh', () => {
    expect(readBoardView('week')).toBe('week');
    expect(readBoardView('month')).toBe('day');
    expect(readBoardView(null)).toBe('day');
    expect(readBoardDay('2026-03-08')).toBe('2026-03-08');
    // 22:30 UTC on the 7th is already the 8th in Riyadh.
    const lateEvening = new Date('2026-03-07T22:30:00Z');
    expect(readBoardDay(null, lateEvening)).toBe('2026-03-08');
    expect(readBoardDay('2026-02-30', lateEvening)).toBe('2026-03-08');
    expect(readBoardDay('tomorrow', lateEvening)).toBe('2026-03-08');
  });

  it('starts the Saudi week on Saturday and spans it to Friday', () => {
    expect(weekStartOf('2026-03-07')).toBe('2026-03-07'); // a Saturday
    expect(weekStartOf('2026-03-13')).toBe('2026-03-07'); // the Friday after it
    expect(weekStartOf('2026-03-14')).toBe('2026-03-14');
    const week = boardRange('week', '2026-03-10');
    expect(week.days).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
    // From Riyadh midnight of Saturday to the last millisecond of Friday.
    expect(week.from).toBe('2026-03-06T21:00:00.000Z');
    expect(week.to).toBe('2026-03-13T20:59:59.999Z');
    expect(boardRange('day', '2026-03-10').days).toEqual(['2026-03-10']);
  });

  it('steps a day or a week, across months and years', () => {
    expect(stepBoardDay('day', '2026-03-31', 1)).toBe('2026-04-01');
    expect(stepBoardDay('day', '2026-01-01', -1)).toBe('2025-12-31');
    expect(stepBoardDay('week', '2026-12-28', 1)).toBe('2027-01-04');
  });
});
