import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeArabic, searchTerms } from './search';

describe('normalizeArabic', () => {
  it('unifies alef forms', () => {
    expect(normalizeArabic('أحمد')).toBe(normalizeArabic('احمد'));
    expect(normalizeArabic('أحمد')).toBe('احمد');
    expect(normalizeArabic('إبراهيم')).toBe('ابراهيم');
    expect(normalizeArabic('آمنة')).toBe('امنه');
    expect(normalizeArabic('ٱلله')).toBe('الله');
  });

  it('ة → ه, ى → ي, ؤ → و, ئ → ي', () => {
    expect(normalizeArabic('مكة')).toBe('مكه');
    expect(normalizeArabic('مكه')).toBe(normalizeArabic('مكة'));
    expect(normalizeArabic('مستشفى')).toBe('مستشفي');
    expect(normalizeArabic('مسؤول')).toBe('مسوول');
    expect(normalizeArabic('هيئة')).toBe(normalizeArabic('هيئه'));
    expect(normalizeArabic('مسائل')).toBe(normalizeArabic('مسايل'));
    expect(normalizeArabic('سماء')).toBe('سماء'); // lone hamza kept
  });

  it('removes diacritics and tatweel', () => {
    expect(normalizeArabic('مُحَمَّـــد')).toBe('محمد');
    expect(normalizeArabic('عَلِيٌّ')).toBe('علي');
    expect(normalizeArabic('رحمٰن')).toBe('رحمن'); // superscript alef U+0670
    expect(normalizeArabic('جداً')).toBe('جدا');
  });

  it('converts Arabic-Indic and Persian digits', () => {
    expect(normalizeArabic('٠٥٥')).toBe('055');
    expect(normalizeArabic('۰۵۵۱')).toBe('0551');
  });

  it('lower-cases Latin and collapses whitespace', () => {
    expect(normalizeArabic('  Ahmed   ALI\t\n شركة  ')).toBe('ahmed ali شركه');
    expect(normalizeArabic('')).toBe('');
    expect(normalizeArabic('   ')).toBe('');
  });

  it('drops invisible direction marks and expands presentation forms', () => {
    expect(normalizeArabic('\u200fأحمد\u200e \u2066علي\u2069\u061c')).toBe('احمد علي');
    expect(normalizeArabic('ﻻ')).toBe('لا');
    expect(normalizeArabic('ＡＢＣ')).toBe('abc');
    expect(normalizeArabic('\u0627\u0654حمد')).toBe('احمد'); // decomposed أ
  });

  it('unifies Persian ی and ک', () => {
    expect(normalizeArabic('کریم')).toBe(normalizeArabic('كريم'));
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const once = normalizeArabic(s);
        expect(normalizeArabic(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const once = normalizeArabic(s);
        expect(normalizeArabic(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent on Arabic-heavy text', () => {
    const arabic = fc.integer({ min: 0x0600, max: 0x06ff }).map((c) => String.fromCharCode(c));
    const chars = fc.oneof(arabic, fc.constantFrom(' ', '\u200f', 'A', 'é', '\u0301', 'ـ', 'ﻻ'));
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 30 }), (parts) => {
        const once = normalizeArabic(parts.join(''));
        expect(normalizeArabic(once)).toBe(once);
        expect(once).toBe(once.trim());
        expect(once).not.toMatch(/\s{2}|[\u064B-\u065F\u0670\u0640أإآٱةىؤئ٠-٩]/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('searchTerms', () => {
  it('splits into distinct non-empty normalised terms', () => {
    expect(searchTerms('  أحمد   مكة ')).toEqual(['احمد', 'مكه']);
    expect(searchTerms('أحمد احمد')).toEqual(['احمد']);
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms(' ـ ')).toEqual([]);
    expect(searchTerms('٠٥٥ Ali')).toEqual(['055', 'ali']);
  });
});

describe('matchesSearch', () => {
  it('matches when every term occurs', () => {
    expect(matchesSearch('مُحَمَّد أحمد - مكة المكرمة - 0551234567', 'محمد مكه ٠٥٥')).toBe(true);
    expect(matchesSearch('إبراهيم علي', 'ابراهيم')).toBe(true);
    expect(matchesSearch('إبراهيم علي', 'ابراهيم خالد')).toBe(false);
    expect(matchesSearch('أي نص', '')).toBe(true);
  });
});
