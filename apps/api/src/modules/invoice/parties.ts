import {
  type EinvoiceParty,
  type EinvoiceScope,
  isValidCrNumber,
  isValidPostalCode,
  isValidVatNumber,
  type NationalAddress,
  nationalAddressSchema,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cities, customers } from '../../db/schema';
import { AppError } from '../../http/errors';
import { getSettings } from '../settings/service';

type SettingsRow = Awaited<ReturnType<typeof getSettings>>;

/** Why the seller data cannot go on a document yet, by field ('' when ready). */
export const sellerProblems = async (db: DbOrTx) => sellerProblemsOf(await getSettings(db));

function sellerProblemsOf(s: SettingsRow) {
  const problems: Record<string, string> = {};
  if ((s.companyName ?? '').trim().length < 2) problems.companyName = 'اسم المنشأة مطلوب';
  if (!isValidVatNumber(s.vatNumber))
    problems.vatNumber = 'الرقم الضريبي يتكون من 15 رقماً ويبدأ وينتهي بالرقم 3';
  if (!isValidCrNumber(s.crNumber)) problems.crNumber = 'السجل التجاري 10 أرقام';
  const address = nationalAddressSchema.safeParse(s.sellerAddress ?? {});
  if (!address.success) {
    for (const issue of address.error.issues)
      problems[`sellerAddress.${issue.path.join('.')}`] = issue.message;
  }
  return problems;
}

const SELLER_LABELS: Record<string, string> = {
  companyName: 'اسم المنشأة',
  vatNumber: 'الرقم الضريبي',
  crNumber: 'السجل التجاري',
  sellerAddress: 'العنوان الوطني',
};

/**
 * The seller as settings say now, frozen into each document at issue. A fresh installation has no
 * seller data and nothing is issued under invented data: until it is complete, 409 `seller_incomplete`
 * naming what is missing (docs/API.md "E-invoices").
 */
export async function sellerParty(db: DbOrTx): Promise<EinvoiceParty> {
  const settings = await getSettings(db);
  const problems = sellerProblemsOf(settings);
  if (Object.keys(problems).length) {
    const missing = [...new Set(Object.keys(problems).map((k) => SELLER_LABELS[k.split('.')[0]] ?? k))];
    throw new AppError(409, `لا تصدر فاتورة قبل اكتمال بيانات المنشأة في الإعدادات: ${missing.join('، ')}`, {
      code: 'seller_incomplete',
      fieldErrors: problems,
    });
  }
  return partyOf(settings);
}

/** The seller data as settings hold it now, complete or not (a statement's letterhead). */
export const sellerAsSet = async (db: DbOrTx): Promise<EinvoiceParty> => partyOf(await getSettings(db));

function partyOf(s: SettingsRow): EinvoiceParty {
  return {
    name: s.companyName,
    vatNumber: s.vatNumber,
    crNumber: s.crNumber,
    address: s.sellerAddress ?? null,
  };
}

const ADDRESS_LABELS: Record<keyof NationalAddress, string> = {
  buildingNumber: 'رقم المبنى',
  street: 'الشارع',
  district: 'الحي',
  city: 'المدينة',
  postalCode: 'الرمز البريدي',
  additionalNumber: 'الرقم الإضافي',
};

/** A customer as a party to a document: name, tax numbers and national address (city joined by name). */
export const customerPartyColumns = {
  name: customers.name,
  vatNumber: customers.vatNumber,
  crNumber: customers.crNumber,
  buildingNumber: customers.buildingNumber,
  street: customers.street,
  district: customers.district,
  postalCode: customers.postalCode,
  additionalNumber: customers.additionalNumber,
  city: cities.name,
};

/**
 * The buyer, and so the document's scope: a customer with a valid VAT number gets a standard tax
 * invoice, which needs their national address (ZATCA's rules); everyone else a simplified one.
 */
export async function buyerParty(
  db: DbOrTx,
  customerId: string,
): Promise<{ party: EinvoiceParty; scope: EinvoiceScope }> {
  const [c] = await db
    .select(customerPartyColumns)
    .from(customers)
    .leftJoin(cities, eq(customers.city, cities._id))
    .where(eq(customers._id, customerId));
  if (!c) throw new AppError(404, 'العميل غير موجود');
  if (!isValidVatNumber(c.vatNumber)) {
    return { scope: 'simplified', party: { name: c.name, vatNumber: '', crNumber: '', address: null } };
  }
  const address: NationalAddress = {
    buildingNumber: c.buildingNumber,
    street: c.street,
    district: c.district,
    city: c.city ?? '',
    postalCode: c.postalCode,
    additionalNumber: c.additionalNumber,
  };
  const missing = (Object.keys(ADDRESS_LABELS) as (keyof NationalAddress)[]).filter(
    (k) => k !== 'additionalNumber' && !address[k].trim(),
  );
  if (!isValidPostalCode(address.postalCode) && !missing.includes('postalCode')) missing.push('postalCode');
  if (missing.length) {
    throw new AppError(
      422,
      `العميل «${c.name}» له رقم ضريبي، ففاتورته ضريبية (غير مبسطة) وتتطلب عنوانه الوطني. أكمل في بيانات العميل: ${missing.map((k) => ADDRESS_LABELS[k]).join('، ')}`,
      { errors: missing },
    );
  }
  return {
    scope: 'standard',
    party: { name: c.name, vatNumber: c.vatNumber, crNumber: c.crNumber, address },
  };
}
