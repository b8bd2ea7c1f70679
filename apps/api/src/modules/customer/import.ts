import {
  arabicPlural,
  CUSTOMERS,
  customerBody,
  customerTypeLabels,
  normalizeArabic,
  ROWS,
} from '@idara/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, customers, governments } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { ActorContext } from '../../http/request-context';
import type { Table } from '../../http/spreadsheet';
import { recordActivity } from '../../lib/activity';
import { customerSearchText } from './resource';

/** Column headers accepted on import: the export's Arabic headers, and the API field names. */
const headerToField: Record<string, string> = {
  'اسم العميل': 'name',
  الاسم: 'name',
  النوع: 'type',
  'رقم الجوال': 'phoneNumber',
  الجوال: 'phoneNumber',
  واتساب: 'whatsappNumber',
  'البريد الإلكتروني': 'email',
  'الرقم الضريبي': 'vatNumber',
  'السجل التجاري': 'crNumber',
  المنطقة: 'government',
  المدينة: 'city',
  الحي: 'district',
  الشارع: 'street',
  'رقم المبنى': 'buildingNumber',
  'الرمز البريدي': 'postalCode',
  'الرقم الإضافي': 'additionalNumber',
  ملاحظات: 'notes',
};
const apiFields = new Set(Object.values(headerToField));
const typeByLabel: Record<string, string> = Object.fromEntries(
  Object.entries(customerTypeLabels).flatMap(([key, label]) => [
    [normalizeArabic(label), key],
    [key, key],
  ]),
);

export interface ImportRow {
  line: number;
  name: string;
  phoneNumber: string;
  errors: string[];
}

export const MAX_IMPORT_ROWS = 10_000;

/** Validates every row as the API would (and against the database); nothing is written. */
export async function checkCustomerRows(db: Db, table: Table) {
  const fieldOf = table.headers.map((h) => headerToField[h] ?? (apiFields.has(h) ? h : undefined));
  if (!fieldOf.includes('name') || !fieldOf.includes('phoneNumber')) {
    throw badRequest('يجب أن يحتوي الملف على عمودي «اسم العميل» و«رقم الجوال» في الصف الأول');
  }
  const govByName = new Map(
    (await db.select().from(governments)).map((g) => [normalizeArabic(g.name), g._id]),
  );
  const cityRows = await db.select().from(cities);
  const cityByName = new Map(cityRows.map((c) => [normalizeArabic(c.name), c]));

  const checked = table.rows.map(({ line, cells }) => {
    const raw: Record<string, string> = {};
    fieldOf.forEach((field, i) => {
      if (field) raw[field] = cells[i] ?? '';
    });
    const errors: string[] = [];
    const input: Record<string, unknown> = {
      ...raw,
      type: typeByLabel[normalizeArabic(raw.type ?? '')] ?? (raw.type || 'individual'),
    };
    for (const key of ['government', 'city'] as const) input[key] = null;
    if (raw.government) {
      const id =
        govByName.get(normalizeArabic(raw.government)) ??
        govByName.get(normalizeArabic(`منطقة ${raw.government}`));
      if (id) input.government = id;
      else errors.push(`المنطقة «${raw.government}» غير موجودة`);
    }
    if (raw.city) {
      const city = cityByName.get(normalizeArabic(raw.city));
      if (!city) errors.push(`المدينة «${raw.city}» غير موجودة`);
      else {
        input.city = city._id;
        input.government ??= city.government;
        if (input.government !== city.government) errors.push('المدينة لا تتبع المنطقة المذكورة');
      }
    }
    const parsed = customerBody.safeParse(input);
    if (!parsed.success) errors.push(...new Set(parsed.error.issues.map((i) => i.message)));
    return { line, raw, value: parsed.success ? parsed.data : undefined, errors };
  });

  // Duplicate phones: within the file, and against customers already registered.
  const firstLine = new Map<string, number>();
  for (const row of checked) {
    const phone = row.value?.phoneNumber;
    if (!phone) continue;
    const seen = firstLine.get(phone);
    if (seen !== undefined) row.errors.push(`رقم الجوال مكرر في الملف (الصف ${seen})`);
    else firstLine.set(phone, row.line);
  }
  const phones = [...firstLine.keys()];
  for (let i = 0; i < phones.length; i += 1000) {
    const existing = await db
      .select({ phoneNumber: customers.phoneNumber, name: customers.name })
      .from(customers)
      .where(inArray(customers.phoneNumber, phones.slice(i, i + 1000)));
    const byPhone = new Map(existing.map((e) => [e.phoneNumber, e.name]));
    for (const row of checked) {
      const owner = row.value && byPhone.get(row.value.phoneNumber);
      if (owner) row.errors.push(`رقم الجوال مسجل مسبقاً للعميل «${owner}»`);
    }
  }
  return checked;
}

export type CheckedRow = Awaited<ReturnType<typeof checkCustomerRows>>[number];

export const summary = (rows: CheckedRow[]): ImportRow[] =>
  rows.map((r) => ({
    line: r.line,
    name: r.raw.name ?? '',
    phoneNumber: r.raw.phoneNumber ?? '',
    errors: r.errors,
  }));

/** Inserts the valid rows in one transaction with one activity row; returns how many. */
export async function importCustomers(db: Db, rows: CheckedRow[], fileName: string, ctx: ActorContext) {
  const valid = rows.filter((r) => r.errors.length === 0 && r.value);
  await db.transaction(async (tx) => {
    for (let i = 0; i < valid.length; i += 500) {
      await tx
        .insert(customers)
        .values(
          valid
            .slice(i, i + 500)
            .map((r) => ({ ...r.value!, createdBy: ctx.actorId, searchText: customerSearchText(r.value!) })),
        );
    }
    await recordActivity(tx, ctx, {
      action: 'import',
      entity: 'customer',
      summary: `استيراد ${arabicPlural(valid.length, CUSTOMERS)} من الملف «${fileName}»، وتخطي ${arabicPlural(rows.length - valid.length, ROWS)}`,
    });
  });
  return valid.length;
}
