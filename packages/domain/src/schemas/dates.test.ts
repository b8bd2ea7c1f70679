import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDateTime, optionalCalendarDate, optionalDateTime, readIsoDate } from './dates';
import { findUnsafeText, isSafeText, stripUnsafeText } from './text';

describe('readIsoDate', () => {
  it('reads every instant of 1900–2200 back from its ISO form, and its Riyadh form', () => {
    const min = Date.UTC(1900, 0, 1);
    const max = Date.UTC(2200, 11, 31, 12);
    fc.assert(
      fc.property(fc.integer({ min, max }), (ms) => {
        const d = new Date(ms);
        const r = readIsoDate(d.toISOString());
        expect(r.ok && r.instant.getTime()).toBe(ms);
        const riyadh = new Date(ms + 3 * 3600_000).toISOString().replace('Z', '+03:00');
        const r2 = readIsoDate(riyadh);
        expect(r2.ok && r2.instant.getTime()).toBe(ms);
      }),
    );
  });

  it('refuses what new Date() reads as some other date', () => {
    for (const s of [
      '99999',
      '+275760-09-13',
      '+002026-01-01',
      '2026-02-30',
      '2025-02-29',
      '2026-04-31',
      '-5',
      '0',
      '1',
      '2026-1-1',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:60Z',
      '2026-01-01T10:00:00+15:00',
      '2026-01-01T10:00:00',
      '2026-01-01 10:00:00Z',
      'Tue Nov 24 2026',
      '1899-12-31',
      '2201-01-01',
      '',
    ]) {
      expect(readIsoDate(s).ok, s).toBe(false);
    }
  });

  it('gives the range in its message', () => {
    const r = readIsoDate('1800-01-01');
    expect(!r.ok && r.message).toContain('1900');
  });

  it('schemas: required, optional (empty → null) and calendar day as written', () => {
    expect(isoDateTime.parse('2026-03-05T10:30:00+03:00')).toBe('2026-03-05T07:30:00.000Z');
    expect(isoDateTime.safeParse('').success).toBe(false);
    expect(optionalDateTime.parse('')).toBe(null);
    expect(optionalDateTime.parse(null)).toBe(null);
    expect(optionalDateTime.parse(undefined)).toBe(null);
    expect(optionalDateTime.safeParse('2026-02-30').success).toBe(false);
    expect(optionalCalendarDate.parse('٢٠٢٤-٠٢-٢٩')).toBe('2024-02-29');
    expect(optionalCalendarDate.parse('2026-03-05T23:30:00+03:00')).toBe('2026-03-05');
    expect(optionalCalendarDate.safeParse('2026-02-29').success).toBe(false);
  });
});

describe('safe text', () => {
  it('refuses C0 controls and lone surrogates, keeps tab, new lines and every other character', () => {
    expect(isSafeText('سطر\tأول\r\nثانٍ 🚀 \u202E')).toBe(true);
    for (const bad of ['\u0000', 'a\u0007', '\u001b[31m', '\uD800', 'x\uDC00y', '\u000B']) {
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
      expect(isSafeText(stripUnsafeText(bad))).toBe(true);
    }
  });

  it('finds the path of an unsafe string or key in a JSON value, however deep', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findUnsafeText({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findUnsafeText('\u0000')).toBe('_');
    expect(findUnsafeText({ a: 1, b: null, c: [true, 'fine'] })).toBe(null);
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^0(\.0)*$/);
  });
});
