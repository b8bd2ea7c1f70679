import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toArabicDigits } from './digits';
import { formatSaudiPhoneLocal, normalizeSaudiPhone } from './phone';

describe('normalizeSaudiPhone', () => {
  it.each([
    ['0551234567'],
    ['551234567'],
    ['+966551234567'],
    ['966551234567'],
    ['00966551234567'],
    ['+966 55 123 4567'],
    ['+966 (55) 123-4567'],
    ['055-123-4567'],
    ['055.123.4567'],
    ['055\u00a0123\u00a04567'],
    ['٠٥٥١٢٣٤٥٦٧'],
    ['۰۵۵۱۲۳۴۵۶۷'],
    ['+٩٦٦٥٥١٢٣٤٥٦٧'],
    ['\u200e0551234567\u200f'],
    // Pasted from RTL interfaces: isolates and the Arabic letter mark.
    ['\u20660551234567\u2069'],
    ['\u061c0551234567'],
    ['  0551234567  '],
  ])('accepts %j', (input) => {
    expect(normalizeSaudiPhone(input)).toBe('+966551234567');
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['0511'],
    ['05512345678'], // 11 digits
    ['055123456'], // 9 digits with 0
    ['0451234567'], // not a mobile (5…)
    ['0112345678'], // Riyadh landline
    ['+971551234567'], // UAE
    ['055123456a'],
    ['abc'],
    ['+96655123456'], // too short
    ['9660551234567890'],
  ])('rejects %j', (input) => {
    expect(normalizeSaudiPhone(input)).toBeNull();
  });

  it('normalises every valid local number, in Latin or Arabic-Indic digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^5\d{8}$/), (rest) => {
        const e164 = `+966${rest}`;
        expect(normalizeSaudiPhone(`0${rest}`)).toBe(e164);
        expect(normalizeSaudiPhone(toArabicDigits(`0${rest}`))).toBe(e164);
        expect(normalizeSaudiPhone(e164)).toBe(e164);
        expect(formatSaudiPhoneLocal(e164)).toBe(`0${rest}`);
        // normalising is idempotent
        expect(normalizeSaudiPhone(formatSaudiPhoneLocal(e164))).toBe(e164);
      }),
    );
  });
});

describe('formatSaudiPhoneLocal', () => {
  it('turns E.164 into the local 05 form', () => {
    expect(formatSaudiPhoneLocal('+966551234567')).toBe('0551234567');
  });

  it('leaves non-Saudi numbers as they are', () => {
    expect(formatSaudiPhoneLocal('+971551234567')).toBe('+971551234567');
  });
});
