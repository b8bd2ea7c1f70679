import type { PaymentStatus } from './orders';

/**
 * What a customer owes: the one definition of the money figures of an order and of a customer.
 * Every screen, list total, card and export shows these and nothing else (all in halalas here).
 *
 * - **invoiced** — issued tax invoices plus debit notes minus credit notes (the legal documents).
 * - **paid** — payments approved as paid.
 * - **pending** — payments recorded and not yet paid or rejected (awaiting approval, or approved
 *   and not yet marked paid): requested, not received.
 * - **outstanding** — invoiced − paid: what the customer owes on issued documents; negative when
 *   the customer has paid more than was invoiced (a credit in the customer's favour).
 * - **uninvoiced** — the order's value not yet invoiced (nothing for a cancelled order).
 *
 * So invoiced = paid + outstanding, to the halala, for an order and for any sum of orders. Rejected
 * payments count nowhere. The database keeps the same figures as generated columns of `orders`
 * (migration 0013), and a test holds the two to each other.
 */

export interface OrderMoney {
  status: string;
  total: number;
  invoiced: number;
  paid: number;
  /** total − Σ payments not rejected (what may still be requested as a payment). */
  balance: number;
}

export interface Receivable {
  invoiced: number;
  paid: number;
  pending: number;
  outstanding: number;
  uninvoiced: number;
}

export const receivableKeys = ['invoiced', 'paid', 'pending', 'outstanding', 'uninvoiced'] as const;

export const receivableLabels: Record<keyof Receivable, string> = {
  invoiced: 'المفوتر',
  paid: 'المدفوع',
  pending: 'قيد التحصيل',
  outstanding: 'المستحق',
  uninvoiced: 'غير مفوتر',
};

export function receivableOf(order: OrderMoney): Receivable {
  return {
    invoiced: order.invoiced,
    paid: order.paid,
    pending: order.total - order.balance - order.paid,
    outstanding: order.invoiced - order.paid,
    uninvoiced: order.status === 'cancelled' ? 0 : order.total - order.invoiced,
  };
}

/**
 * What is still to be paid on an order, invoiced or not yet: outstanding + uninvoiced (for an
 * open order, total − paid). A payment reminder asks for this.
 */
export const dueOf = (r: Pick<Receivable, 'outstanding' | 'uninvoiced'>) => r.outstanding + r.uninvoiced;

export function sumReceivables(list: Iterable<Receivable>): Receivable {
  const sum: Receivable = { invoiced: 0, paid: 0, pending: 0, outstanding: 0, uninvoiced: 0 };
  for (const r of list) for (const k of receivableKeys) sum[k] += r[k];
  return sum;
}

/** How a payment counts in totals: a rejected one does not. */
export const paymentCountsInTotals = (status: unknown) => status !== 'rejected';

/** Payments requested and not yet received (awaiting approval, or approved and not yet paid): an order's `pending`. */
export const unpaidPaymentStatuses = ['pending', 'approved'] as const satisfies readonly PaymentStatus[];

/** Payments someone has approved, received or not yet: an order carrying one is no longer cancelled. */
export const approvedPaymentStatuses = ['approved', 'paid'] as const satisfies readonly PaymentStatus[];

/** How a document counts in totals: a credit note takes away from what was invoiced. */
export const einvoiceSignInTotals = (kind: unknown): 1 | -1 => (kind === 'credit' ? -1 : 1);
