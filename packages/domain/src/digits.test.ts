import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, toArabicDigits, toLatinDigits } from './digits';

describe('toLatinDigits', () => {
  it('converts Arabic-Indic digits', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toLatinDigits('٠٥٥١٢٣٤٥٦٧')).toBe('0551234567');
  });

  it('converts Persian (Extended Arabic-Indic) digits', () => {
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('leaves letters, punctuation and Latin digits untouched', () => {
    expect(toLatinDigits('طلب رقم ١٢ - order 34')).toBe('طلب رقم 12 - order 34');
    expect(toLatinDigits('١٢٫٥')).toBe('12٫5');
    expect(toLatinDigits('')).toBe('');
  });
});

describe('toArabicDigits', () => {
  it('converts ASCII digits in strings and numbers', () => {
    expect(toArabicDigits('0123456789')).toBe('٠١٢٣٤٥٦٧٨٩');
    expect(toArabicDigits(1447)).toBe('١٤٤٧');
    expect(toArabicDigits('15 رمضان 1447 هـ')).toBe('١٥ رمضان ١٤٤٧ هـ');
  });

  it('round-trips with toLatinDigits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const latin = toLatinDigits(s);
        expect(toLatinDigits(toArabicDigits(latin))).toBe(latin);
      }),
    );
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(Number(toLatinDigits(toArabicDigits(n)))).toBe(n);
      }),
    );
  });
});

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-12345)).toBe('-12,345');
  });

  it('writes every whole number as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
      { numRuns: 2000 },
    );
  });
});
