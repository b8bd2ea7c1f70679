import { toLatinDigits } from './digits';

/**
 * Normalises Arabic (and Latin) text for search matching. Apply it to both the stored text and
 * the query. Steps, in order:
 * 1. Unicode NFKC (Arabic presentation forms and ligatures such as ﻻ → لا, full-width Latin).
 * 2. Remove invisible marks: tatweel U+0640, diacritics U+064B–U+065F and U+0670 (superscript
 *    alef), zero-width and bidi controls (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069,
 *    U+061C, U+FEFF).
 * 3. Letters: أ إ آ ٱ → ا; ة → ه; ى → ي; ؤ → و; ئ → ي (people type 'مسائل' and 'مسايل',
 *    'هيئة' and 'هيئه' interchangeably; the lone hamza ء is kept); Persian ی → ي and ک → ك.
 * 4. Arabic-Indic and Persian digits → ASCII; Latin lower-cased.
 * 5. Whitespace runs → one space; trimmed.
 * The result is idempotent: normalizeArabic(normalizeArabic(x)) === normalizeArabic(x).
 */
export function normalizeArabic(text: string): string {
  let s = normalizeOnce(String(text ?? ''));
  // One pass is enough for real text; exotic input (a combining mark separated from its base
  // by a removed tatweel, say) can need another pass. Repeat until stable so the result is
  // idempotent.
  for (let i = 0; i < 4; i++) {
    const again = normalizeOnce(s);
    if (again === s) break;
    s = again;
  }
  return s;
}

function normalizeOnce(input: string): string {
  let s = input.normalize('NFKC');
  s = s.replace(/[\u0640\u064B-\u065F\u0670\u200B-\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF]/g, '');
  s = s
    .replace(/[\u0623\u0625\u0622\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/[\u0649\u0626\u06CC]/g, '\u064A')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u06A9/g, '\u0643');
  s = toLatinDigits(s).toLowerCase();
  return s.replace(/\s+/g, ' ').trim();
}

/** The distinct, non-empty normalised terms of a search query, in order. */
export function searchTerms(query: string): string[] {
  const normalized = normalizeArabic(query);
  if (!normalized) return [];
  return [...new Set(normalized.split(' '))];
}

/** True when every term of `query` occurs in `text` (both normalised). An empty query matches everything. */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = normalizeArabic(text);
  return searchTerms(query).every((t) => haystack.includes(t));
}
