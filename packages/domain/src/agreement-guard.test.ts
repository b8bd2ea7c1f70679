import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A number written straight before a counted Arabic noun («${n} عميل») reads wrong for most
 * numbers («4 عميل»); such sentences go through arabicPlural (plural.ts). This guard reads the
 * source of the three workspaces and names any template that does it by hand.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const NOUNS = [
  'عميل',
  'عملاء',
  'صف',
  'صفوف',
  'سجل',
  'سجلات',
  'طلب',
  'طلبات',
  'مهمة',
  'مهام',
  'رسالة',
  'رسائل',
  'فاتورة',
  'فواتير',
  'دفعة',
  'دفعات',
  'ملف',
  'ملفات',
  'مستخدم',
  'مستخدمين',
  'خدمة',
  'خدمات',
  'إشعار',
  'إشعارات',
  'يوم',
  'أيام',
  'ساعة',
  'ساعات',
  'دقيقة',
  'دقائق',
  'عنصر',
  'عناصر',
  'حقل',
  'حقول',
  'سند',
  'سندات',
  'وثيقة',
  'وثائق',
  'جلسة',
  'جلسات',
  'محاولة',
  'محاولات',
  'حرف',
  'أحرف',
];
// `${who} دفعة` and `${personDid('سجّل', who)} دفعة` name a person, not a count.
const BY_HAND = new RegExp(`\\$\\{(?!who\\}|personDid\\()[^}]+\\} (${NOUNS.join('|')})(?![\\u0600-\\u06FF])`);

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

describe('number–noun agreement', () => {
  it('no sentence puts a number straight before a counted noun', () => {
    const found: string[] = [];
    for (const dir of ['apps/api/src', 'apps/web/src', 'packages/domain/src']) {
      for (const file of sources(path.join(ROOT, dir))) {
        fs.readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (BY_HAND.test(line)) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
