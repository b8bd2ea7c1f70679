import { toHalalas } from './money';
import type { Unit } from './units';
import { type LineTax, type TaxGroup, taxBreakdown } from './vat-categories';

/**
 * E-invoice documents (ZATCA phase 2): what an issued tax invoice, credit note or debit note holds.
 * A document is frozen at issue: the snapshot below is written once and everything shown, printed,
 * exported or sent as XML is drawn from it. Money on the wire is a two-place decimal string
 * ("150.00"), integer halalas in the database, with the rounding rule of money.ts.
 */

/** Invoice, credit note, debit note: UBL InvoiceTypeCode 388, 381, 383. */
export const einvoiceKinds = ['invoice', 'credit', 'debit'] as const;
export type EinvoiceKind = (typeof einvoiceKinds)[number];
export const einvoiceTypeCodes: Record<EinvoiceKind, '388' | '381' | '383'> = {
  invoice: '388',
  credit: '381',
  debit: '383',
};
export const einvoiceKindLabels: Record<EinvoiceKind, string> = {
  invoice: 'فاتورة',
  credit: 'إشعار دائن',
  debit: 'إشعار مدين',
};

/**
 * Standard (a buyer with a VAT number: cleared by ZATCA before it is final, name code 0100000) or
 * simplified (everyone else: reported within 24 hours, 0200000).
 */
export const einvoiceScopes = ['standard', 'simplified'] as const;
export type EinvoiceScope = (typeof einvoiceScopes)[number];
export const einvoiceScopeNameCodes: Record<EinvoiceScope, '0100000' | '0200000'> = {
  standard: '0100000',
  simplified: '0200000',
};
export const einvoiceScopeLabels: Record<EinvoiceScope, string> = {
  standard: 'ضريبية',
  simplified: 'مبسطة',
};
/** The title printed on the document, by scope and kind. */
export function einvoiceTitle(scope: EinvoiceScope, kind: EinvoiceKind): string {
  const base = scope === 'standard' ? 'فاتورة ضريبية' : 'فاتورة ضريبية مبسطة';
  if (kind === 'invoice') return base;
  return `${einvoiceKindLabels[kind]} ل${base}`;
}

/** Where a document stands with ZATCA. Phase-1 documents (issued before phase 2) are `phase1`. */
export const einvoiceStatuses = [
  'not_connected',
  'pending',
  'reported',
  'reported_with_warnings',
  'cleared',
  'rejected',
  'phase1',
] as const;
export type EinvoiceStatus = (typeof einvoiceStatuses)[number];
export const einvoiceStatusLabels: Record<EinvoiceStatus, string> = {
  not_connected: 'غير مرتبط',
  pending: 'بانتظار الإرسال',
  reported: 'تم الإبلاغ',
  reported_with_warnings: 'تم الإبلاغ مع ملاحظات',
  cleared: 'معتمدة من الهيئة',
  rejected: 'مرفوضة من الهيئة',
  phase1: 'مرحلة أولى',
};

/** The Saudi national address (all six parts; ZATCA requires them for the seller and a standard buyer). */
export interface NationalAddress {
  buildingNumber: string; // 4 digits
  street: string;
  district: string;
  city: string;
  postalCode: string; // 5 digits
  additionalNumber: string; // 4 digits
}

export interface EinvoiceParty {
  name: string;
  vatNumber: string; // '' when none (15 digits, starts and ends with 3)
  crNumber: string; // '' when none
  address: NationalAddress | null;
}

export interface EinvoiceLine extends Partial<LineTax> {
  name: string;
  /** Up to three decimals where the unit is measured; in `unit` (a piece when absent: earlier documents). */
  quantity: number;
  unit?: Unit;
  /** Unit price before VAT. */
  unitPrice: string;
  /** quantity × unitPrice. */
  lineTotal: string;
}

/** Everything a document says, frozen at issue. */
export interface EinvoiceSnapshot {
  kind: EinvoiceKind;
  scope: EinvoiceScope;
  /** Printed number, unique across documents: INV-000123, CRN-000045, DBN-000002. */
  number: string;
  uuid: string;
  /** ISO date-time with offset; the UBL IssueDate/IssueTime are its Riyadh date and time. */
  issuedAt: string;
  seller: EinvoiceParty;
  buyer: EinvoiceParty;
  lines: EinvoiceLine[];
  /** Σ lineTotal. */
  subtotal: string;
  /** Document-level discount before VAT. */
  discount: string;
  /** subtotal − discount. */
  net: string;
  /** The standard rate (category S); lines of Z, E and O carry 0 % (vat-categories.ts). */
  vatRate: number;
  /** Σ per category round(taxable × rate / 100): `einvoiceTaxGroups`. */
  vatAmount: string;
  /** net + vatAmount. */
  total: string;
  /** Credit and debit notes: the invoice they correct, and why (required). */
  billingReference: { number: string; uuid: string; issuedAt: string } | null;
  reason: string;
  order: { _id: string; number: number };
  /**
   * UNTDID 4461 code of how the buyer pays (`paymentMeansCodeOf`); documents issued before it was
   * frozen into the snapshot carry none and were issued with 10 (cash).
   */
  paymentMeansCode?: PaymentMeansCode;
  /** The supply date (YYYY-MM-DD, Riyadh): the order's completion, else its visit, else the issue day. */
  supplyDate?: string;
  /** 1: migrated from before phase 2 (no XML, no chain); 2: signed and chained. */
  phase: 1 | 2;
}

/** A document line's tax, standard-rated when it says nothing (documents from before categories). */
export const lineTaxOf = (line: Partial<LineTax>): LineTax => ({
  vatCategory: line.vatCategory ?? 'S',
  vatExemptionCode: line.vatExemptionCode ?? '',
  vatExemptionReason: line.vatExemptionReason ?? '',
});

/** A document's VAT breakdown (BG-23), from its frozen lines and discount by the one rule. */
export function einvoiceTaxGroups(s: Pick<EinvoiceSnapshot, 'lines' | 'discount' | 'vatRate'>): TaxGroup[] {
  return taxBreakdown(
    s.lines.map((l) => ({ ...lineTaxOf(l), net: toHalalas(l.lineTotal) })),
    toHalalas(s.discount),
    Number(s.vatRate),
  );
}

/** What signing a snapshot gives (apps/api/src/zatca). */
export interface SignedEinvoice {
  xml: string;
  /** base64 SHA-256 of the canonical XML without signature and QR: the next document's PIH. */
  hash: string;
  /** base64 TLV, tags 1–9 (simplified documents; standard ones get ZATCA's after clearance). */
  qr: string;
}

/** The PIH of the first document in a chain: base64 of SHA-256("0"). */
export const FIRST_PREVIOUS_HASH =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

/** The payment means codes ZATCA accepts (BR-KSA-16, a subset of UNTDID 4461). */
export const paymentMeansCodes = {
  cash: '10',
  credit: '30',
  bankAccount: '42',
  bankCard: '48',
  notDefined: '1',
} as const;
export type PaymentMeansCode = (typeof paymentMeansCodes)[keyof typeof paymentMeansCodes];

/**
 * How the buyer pays, from the kind of the payment method of the payment that made the invoice due
 * (or the order's latest paid one); no payment yet is a supply on credit (30).
 */
export function paymentMeansCodeOf(methodKind: string | null | undefined): PaymentMeansCode {
  switch (methodKind) {
    case 'cash':
      return paymentMeansCodes.cash;
    case 'bank_transfer':
      return paymentMeansCodes.bankAccount;
    case 'card':
    case 'online':
      return paymentMeansCodes.bankCard;
    case null:
    case undefined:
      return paymentMeansCodes.credit;
    default:
      return paymentMeansCodes.notDefined;
  }
}

/**
 * Whether a document may reach the customer (public link, WhatsApp, a PDF to send): not one FATOORA
 * rejected, and not a standard one before clearance (a standard invoice is a tax invoice only once
 * ZATCA has cleared it). Staff still see it, marked as not a valid tax invoice.
 */
export function einvoiceMayReachCustomer(doc: { scope: string; status: string }) {
  if (doc.status === 'rejected') return false;
  return !(doc.scope === 'standard' && doc.status === 'pending');
}

/** Why a document may not reach the customer yet, in Arabic ('' when it may). */
export function einvoiceWithheldReason(doc: { scope: string; status: string; number: string }) {
  if (doc.status === 'rejected')
    return `رفضت هيئة الزكاة والضريبة والجمارك الوثيقة ${doc.number} فهي غير صالحة ولا تُرسل للعميل: تُصدر بدلها فاتورة مصححة`;
  if (doc.scope === 'standard' && doc.status === 'pending')
    return `الفاتورة ${doc.number} بانتظار اعتماد هيئة الزكاة والضريبة والجمارك (منصة فاتورة)، ولا تُرسل للعميل قبل اعتمادها`;
  return '';
}
