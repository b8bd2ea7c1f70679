import { formatSaudiPhoneLocal } from '@idara/domain';
import { customerSearchText } from '../modules/customer/resource';
import { bulkInsert } from './bulk-insert';
import type { Db } from './client';
import { demoName, firstNames, lastNames } from './demo-names';
import { cities, customers } from './schema';

const companyWords = ['مؤسسة', 'شركة', 'مجموعة', 'مكتب'];
const companyTrades = [
  'للمقاولات',
  'للتجارة',
  'للخدمات العقارية',
  'للتكييف والتبريد',
  'للصيانة العامة',
  'التقنية',
];
const streets = [
  'طريق الملك فهد',
  'شارع التحلية',
  'طريق الملك عبدالعزيز',
  'شارع الأمير سلطان',
  'طريق الدائري الشمالي',
];
const districts = ['حي العليا', 'حي الملقا', 'حي النسيم', 'حي الروضة', 'حي الشاطئ', 'حي الصفا', 'حي الحمراء'];

/** A deterministic pseudo-random sequence, so the same seed gives the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Inserts `count` realistic customers (Arabic names, unique Saudi mobiles, real regions and cities,
 * one in ten a company with VAT and CR numbers, created over the last two years). Phones start at
 * 0570000000 + offset, so repeated runs with a new offset never collide.
 */
export async function insertDemoCustomers(db: Db, count: number, offset = 0) {
  const cityRows = await db.select({ _id: cities._id, government: cities.government }).from(cities);
  const random = rng(42 + offset);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const now = Date.now();
  const BATCH = 20_000;
  // The database stores one batch while the next is generated.
  let storing: Promise<void> = Promise.resolve();
  for (let start = 0; start < count; start += BATCH) {
    const rows: (typeof customers.$inferInsert)[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const n = offset + i;
      const isCompany = random() < 0.1;
      const name = isCompany
        ? `${pick(companyWords)} ${pick(lastNames).replace('ال', '')} ${pick(companyTrades)}`
        : `${demoName(n)} ${pick(firstNames)}`;
      const phoneNumber = `+9665${String(70_000_000 + n).padStart(8, '0')}`;
      const city = pick(cityRows);
      const vatNumber = isCompany ? `3${String(100_000_000_000 + n).padStart(13, '0')}3` : '';
      const crNumber = isCompany ? String(1_010_000_000 + n) : '';
      const createdAt = new Date(now - Math.floor(random() * 730 * 24 * 3600 * 1000));
      const values = {
        name,
        type: isCompany ? 'company' : 'individual',
        phoneNumber,
        whatsappNumber: random() < 0.7 ? phoneNumber : '',
        email: random() < 0.3 ? `client${n}@example.sa` : '',
        vatNumber,
        crNumber,
        government: city.government,
        city: city._id,
        buildingNumber: String(1000 + Math.floor(random() * 8999)),
        street: pick(streets),
        district: pick(districts),
        postalCode: String(10000 + Math.floor(random() * 89999)),
        additionalNumber: String(1000 + Math.floor(random() * 8999)),
        notes: '',
        createdAt,
        updatedAt: createdAt,
      };
      rows.push({ ...values, searchText: customerSearchText(values) });
    }
    await storing;
    storing = bulkInsert(db, customers, rows, { onConflictDoNothing: true });
  }
  await storing;
  return { firstPhone: formatSaudiPhoneLocal(`+9665${String(70_000_000 + offset).padStart(8, '0')}`) };
}
