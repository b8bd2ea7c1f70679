/**
 * The sales side of the ZATCA VAT return for a period, from the issued documents alone (never from
 * orders or payments): each figure is a sum of documents, so it drills down to them and the VAT
 * equals the sum of their VAT. Amounts in halalas; net = total − VAT of each document.
 *
 * - **standardRated**: tax invoices with a VAT rate above zero.
 * - **zeroRated**: tax invoices at 0 % (Idara issues none today; the row stays so the return is whole).
 * - **exempt**: exempt supplies — Idara issues no exempt documents, so always 0.
 * - **adjustments**: corrections of earlier sales — debit notes add, credit notes subtract.
 * - **totalVat** = standard VAT + adjustments' VAT: the output tax due for the period.
 * Purchases (input VAT) are out of scope: Idara records no purchases.
 */

export interface VatReturnDocument {
  kind: 'invoice' | 'credit' | 'debit';
  vatRate: number;
  /** VAT-inclusive total and its VAT, positive for every kind. */
  total: number;
  vat: number;
}

export interface VatReturn {
  standardRated: { net: number; vat: number };
  zeroRated: { net: number };
  exempt: { net: number };
  adjustments: { net: number; vat: number };
  totalVat: number;
}

/** Which row of the return a document counts in. */
export type VatReturnRow = 'standardRated' | 'zeroRated' | 'adjustments';

export function vatReturnRowOf(doc: Pick<VatReturnDocument, 'kind' | 'vatRate'>): VatReturnRow {
  if (doc.kind !== 'invoice') return 'adjustments';
  return doc.vatRate > 0 ? 'standardRated' : 'zeroRated';
}

export function vatReturnOf(documents: Iterable<VatReturnDocument>): VatReturn {
  const r: VatReturn = {
    standardRated: { net: 0, vat: 0 },
    zeroRated: { net: 0 },
    exempt: { net: 0 },
    adjustments: { net: 0, vat: 0 },
    totalVat: 0,
  };
  for (const d of documents) {
    const sign = d.kind === 'credit' ? -1 : 1;
    const net = sign * (d.total - d.vat);
    const vat = sign * d.vat;
    const row = vatReturnRowOf(d);
    if (row === 'zeroRated') r.zeroRated.net += net;
    else {
      r[row].net += net;
      r[row].vat += vat;
    }
  }
  r.totalVat = r.standardRated.vat + r.adjustments.vat;
  return r;
}

/** The rows of the return as the ZATCA form names them (the screen, the export and its PDF). */
export const vatReturnLabels = {
  standardRated: 'المبيعات الخاضعة للنسبة الأساسية 15%',
  zeroRated: 'المبيعات الخاضعة للنسبة الصفرية',
  exempt: 'المبيعات المعفاة',
  adjustments: 'التعديلات من إشعارات الدائن والمدين',
  totalVat: 'إجمالي ضريبة القيمة المضافة المستحقة',
} as const;
