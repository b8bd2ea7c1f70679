/**
 * The sales side of the ZATCA VAT return for a period, from the issued documents alone (never from
 * orders or payments): each figure is a sum of documents' parts, so it drills down to them and the VAT
 * equals the sum of their VAT. Amounts in halalas. A document's parts are its VAT breakdown
 * (vat-categories.ts): what it sold zero-rated, exempt and out of scope, and the rest standard-rated.
 *
 * - **standardRated**: the standard-rated part of tax invoices, and its VAT.
 * - **zeroRated**, **exempt**: those parts of every document; a credit note subtracts, a debit note
 *   adds (the return's adjustment column of these rows, folded into the row).
 * - **outOfScope**: supplies outside VAT (VATEX-SA-OOS), shown for reconciliation; not part of the return.
 * - **adjustments**: the standard-rated part of notes — debit notes add, credit notes subtract.
 * - **totalVat** = standard VAT + adjustments' VAT: the output tax due for the period.
 * Purchases (input VAT) are out of scope: Idara records no purchases.
 */

export interface VatReturnDocument {
  kind: 'invoice' | 'credit' | 'debit';
  /** VAT-inclusive total and its VAT, positive for every kind. */
  total: number;
  vat: number;
  /** Nets of the zero-rated, exempt and out-of-scope parts (0 when none). */
  zeroRated?: number;
  exempt?: number;
  outOfScope?: number;
}

export interface VatReturn {
  standardRated: { net: number; vat: number };
  zeroRated: { net: number };
  exempt: { net: number };
  outOfScope: { net: number };
  adjustments: { net: number; vat: number };
  totalVat: number;
}

export type VatReturnRow = 'standardRated' | 'zeroRated' | 'exempt' | 'outOfScope' | 'adjustments';

/** A document's signed part in each row of the return (credit notes negative); rows it has no part in are absent. */
export function vatReturnPartsOf(
  d: VatReturnDocument,
): Partial<Record<VatReturnRow, { net: number; vat: number }>> {
  const sign = d.kind === 'credit' ? -1 : 1;
  const zero = d.zeroRated ?? 0;
  const exempt = d.exempt ?? 0;
  const outOfScope = d.outOfScope ?? 0;
  const standardNet = d.total - d.vat - zero - exempt - outOfScope;
  const parts: Partial<Record<VatReturnRow, { net: number; vat: number }>> = {};
  const other = zero !== 0 || exempt !== 0 || outOfScope !== 0;
  if (standardNet !== 0 || d.vat !== 0 || !other)
    parts[d.kind === 'invoice' ? 'standardRated' : 'adjustments'] = {
      net: sign * standardNet,
      vat: sign * d.vat,
    };
  if (zero !== 0) parts.zeroRated = { net: sign * zero, vat: 0 };
  if (exempt !== 0) parts.exempt = { net: sign * exempt, vat: 0 };
  if (outOfScope !== 0) parts.outOfScope = { net: sign * outOfScope, vat: 0 };
  return parts;
}

export function vatReturnOf(documents: Iterable<VatReturnDocument>): VatReturn {
  const r: VatReturn = {
    standardRated: { net: 0, vat: 0 },
    zeroRated: { net: 0 },
    exempt: { net: 0 },
    outOfScope: { net: 0 },
    adjustments: { net: 0, vat: 0 },
    totalVat: 0,
  };
  for (const d of documents) {
    for (const [row, part] of Object.entries(vatReturnPartsOf(d)) as [
      VatReturnRow,
      { net: number; vat: number },
    ][]) {
      r[row].net += part.net;
      if (row === 'standardRated' || row === 'adjustments') r[row].vat += part.vat;
    }
  }
  r.totalVat = r.standardRated.vat + r.adjustments.vat;
  return r;
}

/** The rows of the return as the ZATCA form names them (the screen, the export and its PDF). */
export const vatReturnLabels = {
  standardRated: 'المبيعات الخاضعة للنسبة الأساسية',
  zeroRated: 'المبيعات الخاضعة للنسبة الصفرية',
  exempt: 'المبيعات المعفاة',
  outOfScope: 'مبيعات خارج نطاق الضريبة (للمطابقة، لا تدخل في الإقرار)',
  adjustments: 'التعديلات من إشعارات الدائن والمدين',
  totalVat: 'إجمالي ضريبة القيمة المضافة المستحقة',
} as const;
