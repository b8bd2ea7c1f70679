import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FilterSpec } from './list-query';

const chars = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i)).join('');

// What normalizeArabic (packages/domain search.ts) drops: tatweel, diacritics, the superscript alef,
// and the invisible direction marks. None is a quote or a backslash, so they sit in SQL as written.
const DROPPED = `[${chars(0x640, 0x640)}${chars(0x64b, 0x65f)}${chars(0x670, 0x670)}${chars(0x200b, 0x200f)}${chars(0x202a, 0x202e)}${chars(0x2066, 0x2069)}${chars(0x61c, 0x61c)}${chars(0xfeff, 0xfeff)}]`;
// …and what it folds: hamzated alefs to alef, taa marbuta to haa, alef maqsura, yeh with hamza and
// Persian yeh to yeh, waw with hamza to waw, Persian kaf to kaf, Arabic-Indic digits to Latin.
const FOLD_FROM = `\u0623\u0625\u0622\u0671\u0629\u0649\u0626\u06CC\u0624\u06A9${chars(0x660, 0x669)}${chars(0x6f0, 0x6f9)}`;
const FOLD_TO = `${'\u0627'.repeat(4)}\u0647${'\u064A'.repeat(3)}\u0648\u0643${'0123456789'.repeat(2)}`;

/**
 * `normalizeArabic` in SQL, for text stored as typed (a customer's district): no diacritics or
 * tatweel, the same letters folded, Latin digits, lower case, one space between words. Unicode
 * compatibility forms (NFKC) are left as they are: typed text does not carry them.
 */
export const normalizedArabicSql = (text: SQL | PgColumn): SQL =>
  sql`btrim(regexp_replace(translate(lower(regexp_replace((${text})::text, ${sql.raw(`'${DROPPED}'`)}, '', 'g')), ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)}), '\\s+', ' ', 'g'))`;

/**
 * A filter on text other than the list's own search: the rows whose `text` (a column, or any SQL of
 * the row) contains the value, compared as the search compares (`?district=النرجس` finds «حي
 * النَّرجس»). `column` is what the list joins on for it; the condition is `text`'s.
 */
export const arabicContainsFilter = (column: PgColumn, text: SQL | PgColumn = column): FilterSpec => ({
  column,
  type: 'text',
  where: (value) => sql`strpos(${normalizedArabicSql(text)}, ${normalizedArabicSql(value)}) > 0`,
});
