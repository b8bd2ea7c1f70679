import type { PaymentStatus } from './orders';

/**
 * What a customer owes: the one definition of the money figures of an order and of a customer.
 * Every screen, list total, card and export shows these and nothing else (all in halalas here).
 *
 * - **value** — what the order is worth after its notes: its total plus debit notes minus credit
 *   notes. A note is a final correction: nothing automatic undoes it.
 * - **invoiced** — issued tax invoices plus debit notes minus credit notes (the legal documents).
 * - **paid** — payments approved as paid.
 * - **pending** — payments recorded and not yet paid or rejected (awaiting approval, or approved
 *   and not yet marked paid): requested, not received.
 * - **outstanding** — invoiced − paid: what the customer owes on issued documents; negative when
 *   the customer has paid more than was invoiced (a credit in the customer's favour).
 * - **uninvoiced** — the value not yet invoiced: value − invoiced, which is the total less the tax
 *   invoices (nothing for a cancelled order). A credit note is never read as "not yet invoiced".
 * - **balance** (stored) — value − Σ payments not rejected: what may still be requested.
 *
 * So invoiced = paid + outstanding, to the halala, for an order and for any sum of orders, and what
 * the customer owes on an order (outstanding + uninvoiced) is value − paid. Rejected payments count
 * nowhere, and so does a document FATOORA rejected (`einvoiceCountsInTotals`). The database keeps the same figures as generated columns of `orders`
 * (migration 0013), and a test holds the two to each other.
 */

export interface OrderMoney {
  status: string;
  total: number;
  invoiced: number;
  /** Σ debit notes − Σ credit notes (counted documents only). */
  adjusted: number;
  paid: number;
  /** value − Σ payments not rejected (what may still be requested as a payment). */
  balance: number;
}

/** What an order is worth after its notes: total + debit notes − credit notes. */
export const orderValueOf = (order: Pick<OrderMoney, 'total' | 'adjusted'>) => order.total + order.adjusted;

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
  const value = orderValueOf(order);
  return {
    invoiced: order.invoiced,
    paid: order.paid,
    pending: value - order.balance - order.paid,
    outstanding: order.invoiced - order.paid,
    uninvoiced: order.status === 'cancelled' ? 0 : value - order.invoiced,
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

/**
 * Which documents count in any total (an order's, a statement, the aging, the VAT return): all but
 * those FATOORA rejected. A rejected document is not a tax document; it stays on record, visible
 * with ZATCA's messages, and the order is invoiced again by a corrected document.
 */
export const einvoiceCountsInTotals = (status: unknown) => status !== 'rejected';

/** How a document counts in totals: a credit note takes away from what was invoiced. */
export const einvoiceSignInTotals = (kind: unknown): 1 | -1 => (kind === 'credit' ? -1 : 1);
