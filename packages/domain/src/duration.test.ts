import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimeLeft } from './duration';

const H = 3_600_000;
const D = 24 * H;

describe('formatDuration', () => {
  it.each([
    [0, 'أقل من ساعة'],
    [59 * 60_000, 'أقل من ساعة'],
    [H, 'ساعة واحدة'],
    [2 * H, 'ساعتان'],
    [3 * H, '3 ساعات'],
    [10 * H, '10 ساعات'],
    [11 * H, '11 ساعة'],
    [23 * H + 59 * 60_000, '23 ساعة'],
    [D, 'يوم واحد'],
    [2 * D, 'يومان'],
    [2 * D + 3 * H, 'يومان و 3 ساعات'],
    [2 * D + 2 * H, 'يومان وساعتان'],
    [D + H, 'يوم واحد وساعة واحدة'],
    [5 * D, '5 أيام'],
    [5 * D + 11 * H, '5 أيام و 11 ساعة'],
    [11 * D, '11 يوماً'],
    [100 * D, '100 يوم'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('ignores the sign', () => {
    expect(formatDuration(-(2 * D + 3 * H))).toBe('يومان و 3 ساعات');
  });

  it('has an accusative variant', () => {
    expect(formatDuration(2 * D + 2 * H, 'accusative')).toBe('يومين وساعتين');
    expect(formatDuration(D, 'accusative')).toBe('يوماً واحداً');
    expect(formatDuration(3 * D, 'accusative')).toBe('3 أيام');
  });

  it('rejects non-finite input', () => {
    expect(() => formatDuration(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatTimeLeft', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('remaining time', () => {
    expect(formatTimeLeft(at(2 * D), now)).toEqual({ text: 'متبقٍ يومان', overdue: false });
    expect(formatTimeLeft(at(2 * D + 3 * H), now)).toEqual({ text: 'متبقٍ يومان و 3 ساعات', overdue: false });
    expect(formatTimeLeft(at(H), now)).toEqual({ text: 'متبقٍ ساعة واحدة', overdue: false });
    expect(formatTimeLeft(at(30 * 60_000), now)).toEqual({ text: 'متبقٍ أقل من ساعة', overdue: false });
  });

  it('is not overdue exactly at the due time', () => {
    expect(formatTimeLeft(now, now)).toEqual({ text: 'متبقٍ أقل من ساعة', overdue: false });
  });

  it('overdue time uses the accusative', () => {
    expect(formatTimeLeft(at(-3 * H), now)).toEqual({ text: 'متأخر 3 ساعات', overdue: true });
    expect(formatTimeLeft(at(-2 * D), now)).toEqual({ text: 'متأخر يومين', overdue: true });
    expect(formatTimeLeft(at(-2 * H), now)).toEqual({ text: 'متأخر ساعتين', overdue: true });
    expect(formatTimeLeft(at(-1), now)).toEqual({ text: 'متأخر أقل من ساعة', overdue: true });
    expect(formatTimeLeft(at(-(11 * D + 5 * H)), now)).toEqual({
      text: 'متأخر 11 يوماً و 5 ساعات',
      overdue: true,
    });
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatTimeLeft('2026-11-24T12:00:00Z', now.getTime())).toEqual({
      text: 'متبقٍ 3 أيام',
      overdue: false,
    });
  });

  it('defaults now to the current time', () => {
    expect(formatTimeLeft(Date.now() + 5 * D + 30 * 60_000).text).toBe('متبقٍ 5 أيام');
    expect(formatTimeLeft(Date.now() - 5 * D - 30 * 60_000).overdue).toBe(true);
  });
});
