import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ArabicPluralForms,
  arabicPlural,
  arabicPluralAtLeast,
  arabicPluralCategory,
  DAYS,
  DAYS_ACCUSATIVE,
  HOURS,
  HOURS_ACCUSATIVE,
  MINUTES,
  MONTHS,
  RECORDS,
  VISITS,
} from './plural';

describe('arabicPluralCategory', () => {
  it.each([
    [0, 'zero'],
    [1, 'one'],
    [2, 'two'],
    [3, 'few'],
    [10, 'few'],
    [11, 'many'],
    [99, 'many'],
    [100, 'other'],
    [101, 'other'],
    [102, 'other'],
    [103, 'few'],
    [111, 'many'],
    [200, 'other'],
    [1000, 'other'],
    [-3, 'few'],
    [1.5, 'other'],
  ] as const)('%d → %s', (n, cat) => {
    expect(arabicPluralCategory(n)).toBe(cat);
  });

  it('agrees with Intl.PluralRules("ar") for integers', () => {
    const rules = new Intl.PluralRules('ar');
    for (let n = 0; n <= 1200; n++) expect(arabicPluralCategory(n)).toBe(rules.select(n));
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), (n) => {
        expect(arabicPluralCategory(n)).toBe(rules.select(n));
      }),
    );
  });
});

/** Each noun's forms, read at the counts that pick each of them. */
const countedNouns: [string, ArabicPluralForms, [number, string][]][] = [
  [
    'days',
    DAYS,
    [
      [0, '0 يوم'],
      [1, 'يوم واحد'],
      [2, 'يومان'],
      [3, '3 أيام'],
      [10, '10 أيام'],
      [11, '11 يوماً'],
      [25, '25 يوماً'],
      [99, '99 يوماً'],
      [100, '100 يوم'],
      [101, '101 يوم'],
      [103, '103 أيام'],
      [111, '111 يوماً'],
      [1000, '1000 يوم'],
    ],
  ],
  [
    'months',
    MONTHS,
    [
      [1, 'شهر واحد'],
      [2, 'شهران'],
      [6, '6 أشهر'],
      [12, '12 شهراً'],
      [24, '24 شهراً'],
      [100, '100 شهر'],
      [120, '120 شهراً'],
    ],
  ],
  [
    'visits',
    VISITS,
    [
      [0, 'بدون زيارات'],
      [1, 'زيارة واحدة'],
      [2, 'زيارتان'],
      [4, '4 زيارات'],
      [12, '12 زيارة'],
      [100, '100 زيارة'],
    ],
  ],
  [
    'hours',
    HOURS,
    [
      [0, '0 ساعة'],
      [1, 'ساعة واحدة'],
      [2, 'ساعتان'],
      [3, '3 ساعات'],
      [10, '10 ساعات'],
      [11, '11 ساعة'],
      [23, '23 ساعة'],
      [100, '100 ساعة'],
    ],
  ],
];

describe('arabicPlural', () => {
  describe.each(countedNouns)('%s', (_noun, forms, counts) => {
    it.each(counts)('%d → %s', (n, text) => {
      expect(arabicPlural(n, forms)).toBe(text);
    });
  });

  it('has accusative duals for adverbial use', () => {
    expect(arabicPlural(2, DAYS_ACCUSATIVE)).toBe('يومين');
    expect(arabicPlural(1, DAYS_ACCUSATIVE)).toBe('يوماً واحداً');
    expect(arabicPlural(2, HOURS_ACCUSATIVE)).toBe('ساعتين');
    expect(arabicPlural(5, HOURS_ACCUSATIVE)).toBe('5 ساعات');
  });

  it('minutes', () => {
    expect([1, 2, 5, 11].map((n) => arabicPlural(n, MINUTES))).toEqual([
      'دقيقة واحدة',
      'دقيقتان',
      '5 دقائق',
      '11 دقيقة',
    ]);
  });

  it('uses an explicit zero form when given', () => {
    const forms: ArabicPluralForms = {
      zero: 'لا توجد طلبات',
      one: 'طلب واحد',
      two: 'طلبان',
      few: '{n} طلبات',
      many: '{n} طلباً',
      other: '{n} طلب',
    };
    expect(arabicPlural(0, forms)).toBe('لا توجد طلبات');
    expect(arabicPlural(7, forms)).toBe('7 طلبات');
    expect(arabicPlural(200, forms)).toBe('200 طلب');
  });

  it('falls back: zero → other → many', () => {
    const minimal: ArabicPluralForms = { one: 'a', two: 'b', few: 'few {n}', many: 'many {n}' };
    expect(arabicPlural(0, minimal)).toBe('many 0');
    expect(arabicPlural(100, minimal)).toBe('many 100');
    expect(arabicPlural(0, { ...minimal, other: 'other {n}' })).toBe('other 0');
  });

  it('replaces every {n}', () => {
    expect(arabicPlural(5, { one: '', two: '', few: '{n}/{n}', many: '' })).toBe('5/5');
  });

  it('rejects non-finite counts', () => {
    expect(() => arabicPlural(Number.NaN, DAYS)).toThrow(RangeError);
    expect(() => arabicPlural(Number.POSITIVE_INFINITY, DAYS)).toThrow(RangeError);
  });
});

describe('arabicPluralAtLeast', () => {
  it.each([
    [1000, true, 'أكثر من 1000 سجل'],
    [1020, true, 'أكثر من 1020 سجلاً'],
    [1003, true, 'أكثر من 1003 سجلات'],
    [1000, false, '1000 سجل'],
    [3, undefined, '3 سجلات'],
  ])('%d (lower bound: %s) → %s', (n, atLeast, text) => {
    expect(arabicPluralAtLeast(n, RECORDS, atLeast)).toBe(text);
  });
});
