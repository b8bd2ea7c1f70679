import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toArabicDigits } from './digits';
import {
  amountInArabicWords,
  amountInArabicWordsFormal,
  exactHalalas,
  FractionOfHalala,
  formatSAR,
  fromHalalas,
  lineVatShares,
  roundHalalas,
  toHalalas,
  vatOf,
} from './money';

describe('toHalalas', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['0', 0],
    ['-0', 0],
    ['0.01', 1],
    ['.5', 50],
    ['5.', 500],
    ['+7.25', 725],
    ['-3', -300],
    ['١٢٫٥', 1250], // Arabic-Indic digits, Arabic decimal separator
    ['١٬٢٣٤٫٥٠', 123450], // Arabic thousands separator
    ['1,234.50', 123450],
    ['1,234,567.89', 123456789],
    ['  99.99  ', 9999],
    ['12.50 ر.س', 1250],
    ['SAR 12', 1200],
    ['\u061c-5.5', -550],
    ['\u22125', -500], // minus sign
    ['00012.3', 1230],
  ])('%j → %d', (input, halalas) => {
    expect(toHalalas(input)).toBe(halalas);
  });

  it('rounds half away from zero at the halala', () => {
    expect(toHalalas('0.005')).toBe(1);
    expect(toHalalas('0.004')).toBe(0);
    expect(toHalalas('0.0049999')).toBe(0);
    expect(toHalalas('-0.005')).toBe(-1);
    expect(toHalalas('-0.004')).toBe(0);
    expect(Object.is(toHalalas('-0.004'), 0)).toBe(true); // never -0
    expect(toHalalas('2.675')).toBe(268);
    expect(toHalalas('-2.675')).toBe(-268);
    expect(toHalalas('1.005')).toBe(101);
  });

  it('parses numbers by their decimal text, avoiding float artefacts', () => {
    expect(toHalalas(12.5)).toBe(1250);
    expect(toHalalas(1.005)).toBe(101); // 1.005 * 100 === 100.49999999999999
    expect(toHalalas(2.675)).toBe(268);
    expect(toHalalas(0.1 + 0.2)).toBe(30);
    expect(toHalalas(19.99)).toBe(1999);
    expect(toHalalas(-4.35)).toBe(-435);
    expect(toHalalas(1e-7)).toBe(0);
    expect(toHalalas(1e13)).toBe(1e15);
    expect(toHalalas(0)).toBe(0);
  });

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['12a'],
    ['1.2.3'],
    ['1,23'],
    ['12,34.5'],
    ['1,2345'],
    ['--1'],
    ['.'],
    ['-'],
    ['1 234'],
    ['1e5'],
    ['١٢،٥'],
    ['100000000000000000'],
  ])('throws on %j', (input) => {
    expect(() => toHalalas(input)).toThrow(RangeError);
  });

  it('throws on NaN, Infinity and values beyond safe integers', () => {
    expect(() => toHalalas(Number.NaN)).toThrow(RangeError);
    expect(() => toHalalas(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toHalalas(1e20)).toThrow(RangeError);
    expect(() => toHalalas(null as unknown as string)).toThrow(RangeError);
  });

  it('round-trips with fromHalalas', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (h) => {
        expect(toHalalas(fromHalalas(h))).toBe(h);
        expect(toHalalas(formatSAR(h))).toBe(h);
        expect(toHalalas(toArabicDigits(fromHalalas(h)).replace('.', '٫'))).toBe(h);
      }),
    );
  });

  it('agrees with exact decimal rounding for numbers with up to 3 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (thousandths) => {
        const value = thousandths / 1000;
        const expected = roundHalalas(thousandths / 10); // exact: thousandths/10 has at most one decimal
        expect(toHalalas(value)).toBe(expected);
        expect(toHalalas(String(value))).toBe(expected);
      }),
    );
  });
});

describe('fromHalalas', () => {
  it.each([
    [1250, '12.50'],
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [100, '1.00'],
    [123450, '1234.50'],
    [-123456, '-1234.56'],
  ])('%d → %s', (h, text) => {
    expect(fromHalalas(h)).toBe(text);
  });

  it('rejects non-integers', () => {
    expect(() => fromHalalas(12.5)).toThrow(RangeError);
    expect(() => fromHalalas(Number.NaN)).toThrow(RangeError);
    expect(() => fromHalalas(2 ** 53)).toThrow(RangeError);
  });
});

describe('formatSAR', () => {
  it.each([
    [123450, '1,234.50 ر.س'],
    [0, '0.00 ر.س'],
    [5, '0.05 ر.س'],
    [99999, '999.99 ر.س'],
    [100000, '1,000.00 ر.س'],
    [123456789, '1,234,567.89 ر.س'],
    [-150, '-1.50 ر.س'],
    [-100000000, '-1,000,000.00 ر.س'],
  ])('%d → %s', (h, text) => {
    expect(formatSAR(h)).toBe(text);
  });
});

describe('roundHalalas', () => {
  it.each([
    [0.5, 1],
    [1.5, 2],
    [2.5, 3],
    [172.5, 173],
    [172.49, 172],
    [172.51, 173],
    [-0.5, -1],
    [-2.5, -3],
    [-172.49, -172],
    [-0.4, 0],
    [7, 7],
  ])('%d → %d', (v, r) => {
    expect(roundHalalas(v)).toBe(r);
  });

  it('never returns -0 and rejects non-finite values', () => {
    expect(Object.is(roundHalalas(-0.2), 0)).toBe(true);
    expect(() => roundHalalas(Number.NaN)).toThrow(RangeError);
  });
});

describe('vatOf', () => {
  it.each([
    [100000, 15, 15000], // 1,000.00 → 150.00
    [1000, 15, 150],
    [1001, 15, 150], // 150.15
    [1003, 15, 150], // 150.45
    [1010, 15, 152], // 151.5 → up
    [1030, 15, 155], // 154.5 → up
    [-1010, 15, -152], // credit note: away from zero
    [3, 15, 0], // 0.45
    [4, 15, 1], // 0.6
    [10, 5, 1], // 0.5 → 1
    [1000, 2.5, 25],
    [999, 0.1, 1], // 0.999
    [12345, 0, 0],
    [0, 15, 0],
  ])('vatOf(%d, %d) = %d', (net, rate, vat) => {
    expect(vatOf(net, rate)).toBe(vat);
  });

  it('equals roundHalalas(net × rate / 100) for integer rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 100 }), (net, rate) => {
        expect(vatOf(net, rate)).toBe(roundHalalas((net * rate) / 100));
      }),
    );
  });

  it('is symmetric for negative amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (net) => {
        expect(vatOf(-net, 15) + vatOf(net, 15)).toBe(0);
      }),
    );
  });

  it('rejects fractional halalas and bad rates', () => {
    expect(() => vatOf(10.5, 15)).toThrow(RangeError);
    expect(() => vatOf(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('amountInArabicWords', () => {
  it.each([
    [0, 'صفر ريال'],
    [100, 'ريال واحد'],
    [200, 'ريالان'],
    [300, 'ثلاثة ريالات'],
    [800, 'ثمانية ريالات'],
    [1000, 'عشرة ريالات'],
    [1100, 'أحد عشر ريالاً'],
    [1200, 'اثنا عشر ريالاً'],
    [1500, 'خمسة عشر ريالاً'],
    [2000, 'عشرون ريالاً'],
    [2100, 'واحد وعشرون ريالاً'],
    [2200, 'اثنان وعشرون ريالاً'],
    [4500, 'خمسة وأربعون ريالاً'],
    [9900, 'تسعة وتسعون ريالاً'],
    [10000, 'مئة ريال'],
    [10100, 'مئة وواحد ريال'],
    [10200, 'مئة واثنان ريال'],
    [10300, 'مئة وثلاثة ريالات'],
    [11100, 'مئة وأحد عشر ريالاً'],
    [11500, 'مئة وخمسة عشر ريالاً'],
    [20000, 'مئتا ريال'],
    [25000, 'مئتان وخمسون ريالاً'],
    [30000, 'ثلاثمئة ريال'],
    [99900, 'تسعمئة وتسعة وتسعون ريالاً'],
    [100000, 'ألف ريال'],
    [100100, 'ألف وواحد ريال'],
    [115000, 'ألف ومئة وخمسون ريالاً'],
    [120000, 'ألف ومئتا ريال'],
    [200000, 'ألفا ريال'],
    [250000, 'ألفان وخمسمئة ريال'],
    [300000, 'ثلاثة آلاف ريال'],
    [1000000, 'عشرة آلاف ريال'],
    [1100000, 'أحد عشر ألف ريال'],
    [1150000, 'أحد عشر ألفاً وخمسمئة ريال'],
    [2500000, 'خمسة وعشرون ألف ريال'],
    [10000000, 'مئة ألف ريال'],
    [20000000, 'مئتا ألف ريال'],
    [35000000, 'ثلاثمئة وخمسون ألف ريال'],
    [100000000, 'مليون ريال'],
    [150000000, 'مليون وخمسمئة ألف ريال'],
    [200000000, 'مليونا ريال'],
    [300000000, 'ثلاثة ملايين ريال'],
    [1200000000, 'اثنا عشر مليون ريال'],
    [100000000000, 'مليار ريال'],
    [123450, 'ألف ومئتان وأربعة وثلاثون ريالاً وخمسون هللة'],
    [123456789, 'مليون ومئتان وأربعة وثلاثون ألفاً وخمسمئة وسبعة وستون ريالاً وتسع وثمانون هللة'],
    // Halalas alone: the feminine counted noun.
    [1, 'هللة واحدة'],
    [2, 'هللتان'],
    [3, 'ثلاث هللات'],
    [8, 'ثماني هللات'],
    [10, 'عشر هللات'],
    [11, 'إحدى عشرة هللة'],
    [12, 'اثنتا عشرة هللة'],
    [18, 'ثماني عشرة هللة'],
    [21, 'إحدى وعشرون هللة'],
    [22, 'اثنتان وعشرون هللة'],
    [25, 'خمس وعشرون هللة'],
    [28, 'ثمان وعشرون هللة'],
    [50, 'خمسون هللة'],
    [99, 'تسع وتسعون هللة'],
  ])('%d halalas → %s', (h, text) => {
    expect(amountInArabicWords(h)).toBe(text);
  });

  it('joins riyals and halalas with و', () => {
    expect(amountInArabicWords(101)).toBe('ريال واحد وهللة واحدة');
    expect(amountInArabicWords(202)).toBe('ريالان وهللتان');
    expect(amountInArabicWords(1505)).toBe('خمسة عشر ريالاً وخمس هللات');
    expect(amountInArabicWords(115025)).toBe('ألف ومئة وخمسون ريالاً وخمس وعشرون هللة');
  });

  it('prefixes negatives with سالب', () => {
    expect(amountInArabicWords(-150)).toBe('سالب ريال واحد وخمسون هللة');
  });

  it('handles the largest safe amount (90,071,992,547,409.91 SAR)', () => {
    expect(amountInArabicWords(Number.MAX_SAFE_INTEGER)).toBe(
      'تسعون تريليوناً وواحد وسبعون ملياراً وتسعمئة واثنان وتسعون مليوناً وخمسمئة وسبعة وأربعون ألفاً وأربعمئة وتسعة ريالات وإحدى وتسعون هللة',
    );
  });

  it('always produces words (no digits, no undefined) for any amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (h) => {
        const text = amountInArabicWords(h);
        expect(text).not.toMatch(/[0-9]|undefined|\s{2}|\sو(\s|$)|^\s|\s$/);
        expect(text).toMatch(/(ريال|ريالان|ريالات|ريالاً|هللة|هللتان|هللات)( واحدة?)?$/);
      }),
    );
  });

  it('rejects fractional halalas', () => {
    expect(() => amountInArabicWords(1.5)).toThrow(RangeError);
  });
});

describe('amountInArabicWordsFormal', () => {
  it('wraps in فقط … لا غير', () => {
    expect(amountInArabicWordsFormal(123450)).toBe('فقط ألف ومئتان وأربعة وثلاثون ريالاً وخمسون هللة لا غير');
    expect(amountInArabicWordsFormal(100000)).toBe('فقط ألف ريال لا غير');
  });
});

describe('exactHalalas: what a person typed is never silently changed', () => {
  it('reads up to two decimals (and trailing zeros) exactly', () => {
    expect(exactHalalas('10.00')).toBe(1000);
    expect(exactHalalas('10.010')).toBe(1001);
    expect(exactHalalas(12.5)).toBe(1250);
    expect(exactHalalas('١٢٫٥٠')).toBe(1250);
  });
  it('refuses a part of a halala instead of rounding it', () => {
    for (const v of ['10.005', '0.001', 10.005, '1,000.129'])
      expect(() => exactHalalas(v)).toThrow(FractionOfHalala);
    expect(toHalalas('10.005')).toBe(1001);
  });
});

describe('lineVatShares: the lines add up to the document VAT', () => {
  it('shares 15 % of 623.33 (after a 10.00 discount) over 300.00 and 333.33 exactly', () => {
    const shares = lineVatShares([30000, 33333], vatOf(62333, 15));
    expect(shares.reduce((a, b) => a + b, 0)).toBe(9350);
    expect(shares).toEqual([4429, 4921]);
  });
  it('for any lines and VAT: the sum is the document VAT and each share within a halala of its exact part', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (nets, vat) => {
          const shares = lineVatShares(nets, vat);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(vat);
          const total = nets.reduce((a, b) => a + b, 0);
          if (total > 0)
            shares.forEach((s, i) => {
              expect(Math.abs(s - (vat * nets[i]) / total)).toBeLessThan(1);
            });
        },
      ),
    );
  });
});
