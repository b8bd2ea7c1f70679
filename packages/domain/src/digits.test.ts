import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, toArabicDigits, toLatinDigits } from './digits';

describe('toLatinDigits', () => {
  it.each([
    ['converts Arabic-Indic digits', '٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['converts Arabic-Indic digits', '٠٥٥١٢٣٤٥٦٧', '0551234567'],
    ['converts Persian (Extended Arabic-Indic) digits', '۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    [
      'leaves letters, punctuation and Latin digits untouched',
      'طلب رقم ١٢ - order 34',
      'طلب رقم 12 - order 34',
    ],
    ['leaves letters, punctuation and Latin digits untouched', '١٢٫٥', '12٫5'],
    ['leaves letters, punctuation and Latin digits untouched', '', ''],
  ])('%s: %s → %s', (_rule, text, latin) => {
    expect(toLatinDigits(text)).toBe(latin);
  });
});

describe('toArabicDigits', () => {
  it.each<[string | number, string]>([
    ['0123456789', '٠١٢٣٤٥٦٧٨٩'],
    [1447, '١٤٤٧'],
    ['15 رمضان 1447 هـ', '١٥ رمضان ١٤٤٧ هـ'],
  ])('converts ASCII digits in strings and numbers: %s → %s', (text, arabic) => {
    expect(toArabicDigits(text)).toBe(arabic);
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
