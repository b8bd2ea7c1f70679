import { columnOf } from './columns';
import type { Permission } from './permissions';
import { lineAmount } from './units';
import { type LineTax, standardLineTax, type TaxGroup, taxBreakdown } from './vat-categories';

/**
 * Order and invoice arithmetic, all in integer halalas with the one rounding rule of money.ts
 * (half away from zero, applied once, to the VAT):
 *   line     = quantity × unit price            (exact)
 *   subtotal = Σ lines                          (exact)
 *   net      = subtotal − discount              (exact; discount ≤ subtotal)
 *   VAT      = round(net × rate / 100)
 *   total    = net + VAT
 * With VAT categories (vat-categories.ts) the VAT is rounded once per category, after the category's
 * share of the discount; an order of standard-rated lines alone is the rule above.
 * A payment's amount includes VAT; the VAT it contains is round(amount × rate / (100 + rate)).
 * For an amount equal to the order total this gives back exactly the order's VAT (proved in
 * orders.test.ts), so a one-payment invoice, the order, the QR and every export agree.
 */
/**
 * Ceilings no real service business meets, so no figure, sum or export can be pushed past what the
 * books and their sums hold exactly: one line at most 10 million riyals, one order, note or payment
 * at most 100 million (before VAT for lines and orders).
 */
export const MAX_LINE_HALALAS = 10_000_000_00;
export const MAX_DOCUMENT_HALALAS = 100_000_000_00;
export const tooLargeMessage = (what: string, ceiling: number) =>
  `${what} أكبر من الحد المسموح (${ceiling === MAX_LINE_HALALAS ? '10,000,000.00' : '100,000,000.00'} ر.س)`;

export interface OrderLineInput extends Partial<LineTax> {
  /** Up to three decimals where the unit is measured (units.ts). */
  quantity: number;
  unitPrice: number; // halalas
}

export interface OrderTotals {
  lines: number[];
  subtotal: number;
  discount: number;
  net: number;
  taxAmount: number;
  total: number;
  /** One per VAT category (BG-23). */
  groups: TaxGroup[];
}

export function orderTotals(
  items: readonly OrderLineInput[],
  discount: number,
  taxRate: number,
): OrderTotals {
  const lines = items.map((i) => {
    if (!Number.isInteger(i.unitPrice)) throw new RangeError('السعر يجب أن يكون بالهللات');
    const amount = lineAmount(i.quantity, i.unitPrice);
    if (amount === null) throw new RangeError('الكمية × السعر لا يساوي عدداً صحيحاً من الهللات');
    return amount;
  });
  const subtotal = lines.reduce((a, b) => a + b, 0);
  if (discount < 0 || discount > subtotal) throw new RangeError('الخصم أكبر من المجموع');
  const net = subtotal - discount;
  const groups = taxBreakdown(
    items.map((item, i) => ({ ...standardLineTax, ...definedTax(item), net: lines[i] })),
    discount,
    taxRate,
  );
  const taxAmount = groups.reduce((a, g) => a + g.vat, 0);
  const total = net + taxAmount;
  if (!Number.isSafeInteger(total)) throw new RangeError('المبلغ أكبر من المسموح');
  return { lines, subtotal, discount, net, taxAmount, total, groups };
}

function definedTax(t: Partial<LineTax>): Partial<LineTax> {
  const out: Partial<LineTax> = {};
  if (t.vatCategory) out.vatCategory = t.vatCategory;
  if (t.vatExemptionCode) out.vatExemptionCode = t.vatExemptionCode;
  if (t.vatExemptionReason) out.vatExemptionReason = t.vatExemptionReason;
  return out;
}

/**
 * VAT contained in an amount paid towards an order: the rule below for an order of standard-rated
 * lines alone; an order with other categories contains VAT in proportion, round(amount × VAT ÷ total).
 */
export function vatInPayment(
  grossHalalas: number,
  order: { taxRate: number; taxAmount: number; total: number; onlyStandard: boolean },
): number {
  if (order.onlyStandard) return vatIncluded(grossHalalas, order.taxRate);
  if (order.total <= 0) return 0;
  const num = BigInt(grossHalalas) * BigInt(order.taxAmount);
  const den = BigInt(order.total);
  let q = num / den;
  if ((num % den) * 2n >= den) q += 1n;
  return Number(q);
}

/** VAT contained in a VAT-inclusive amount: round(amount × rate / (100 + rate)), exact. */
export function vatIncluded(grossHalalas: number, taxRate: number): number {
  if (!Number.isSafeInteger(grossHalalas)) throw new RangeError(`مبلغ غير صالح: ${grossHalalas}`);
  // rate / (100 + rate) with the rate scaled to an integer (two decimals at most in settings).
  const scale = 10_000;
  const r = BigInt(Math.round(taxRate * scale));
  const num = BigInt(grossHalalas) * r;
  const den = BigInt(100 * scale) + r;
  if (den === 0n) return 0;
  const negative = num < 0n;
  const a = negative ? -num : num;
  let q = a / den;
  if ((a % den) * 2n >= den) q += 1n;
  const n = Number(negative ? -q : q);
  return n === 0 ? 0 : n;
}

export const orderStatuses = ['new', 'in_progress', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** Each status of an order: its label, the verb of the button that moves an order to it, where it may move next. */
const orderStatusTable: Record<OrderStatus, { label: string; action: string; next: readonly OrderStatus[] }> =
  {
    new: { label: 'جديد', action: 'إعادة فتح', next: ['in_progress', 'cancelled'] },
    in_progress: { label: 'قيد التنفيذ', action: 'بدء التنفيذ', next: ['completed', 'cancelled'] },
    completed: { label: 'مكتمل', action: 'إكمال الطلب', next: [] },
    cancelled: { label: 'ملغي', action: 'إلغاء الطلب', next: [] },
  };
export const orderStatusLabels = columnOf(orderStatusTable, 'label');
/** The only moves an order's status may make. */
export const orderTransitions = columnOf(orderStatusTable, 'next');
/** Arabic verb for the button that moves an order to a status. */
export const orderStatusActions = columnOf(orderStatusTable, 'action');

export const paymentStatuses = ['pending', 'approved', 'paid', 'rejected'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** Each status of a payment: its label and where it may move next. */
const paymentStatusTable: Record<PaymentStatus, { label: string; next: readonly PaymentStatus[] }> = {
  pending: { label: 'بانتظار الموافقة', next: ['approved', 'rejected'] },
  approved: { label: 'معتمدة', next: ['paid'] },
  paid: { label: 'مدفوعة', next: [] },
  rejected: { label: 'مرفوضة', next: [] },
};
export const paymentStatusLabels = columnOf(paymentStatusTable, 'label');
export const paymentTransitions = columnOf(paymentStatusTable, 'next');
/** The permission each move needs: approving and rejecting is a manager's call. */
export const paymentTransitionPermission: Record<Exclude<PaymentStatus, 'pending'>, Permission> = {
  approved: 'payment:approve',
  rejected: 'payment:approve',
  paid: 'payment:update',
};
