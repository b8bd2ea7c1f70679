import { normalizeArabic } from '@idara/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { normalizedArabicSql } from './arabic-filter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** What the database makes of each text, in one round trip. */
async function inSql(texts: string[]): Promise<string[]> {
  const { rows } = await t.db.execute(
    sql`select ${normalizedArabicSql(sql`x`)} as n from unnest(${sql.raw(
      `array[${texts.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]::text[]`,
    )}) with ordinality as u(x, i) order by i`,
  );
  return (rows as { n: string }[]).map((r) => r.n);
}

describe('normalizedArabicSql', () => {
  it('folds text as normalizeArabic does: hamzas, taa marbuta, yeh, diacritics, digits, case, spaces', async () => {
    const texts = [
      'حيّ النَّرجس',
      'الإسكان  الأول',
      'أم الحمام',
      'آل سعود',
      'المرسلات ٣',
      'الروضة ۲',
      'مدينة الملك فهد',
      'ضاحية لبن',
      'حي الـمـلـقـا',
      'Al Olaya',
      'الشاطئ',
      'مؤتة',
      'ی ک',
      '\u200Fالنخيل\u200E',
    ];
    expect(await inSql(texts)).toEqual(texts.map(normalizeArabic));
  });

  it('agrees with normalizeArabic on any Arabic text typed without compatibility forms', async () => {
    const letter = fc.constantFrom(
      ...'ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإؤئةىٱیکـًٌٍَُِّْٰ٠١٢٣٤٥٦٧٨٩۰۱۲۳ ABCxyz019 \u200F',
    );
    const texts = fc.sample(
      fc.array(letter, { maxLength: 24 }).map((cs) => cs.join('')),
      200,
    );
    expect(await inSql(texts)).toEqual(texts.map(normalizeArabic));
  });
});
