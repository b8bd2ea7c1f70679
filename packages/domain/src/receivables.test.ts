import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PaymentStatus, paymentStatuses } from './orders';
import {
  approvedPaymentStatuses,
  dueOf,
  einvoiceCountsInTotals,
  einvoiceSignInTotals,
  orderValueOf,
  paymentCountsInTotals,
  receivableOf,
  sumReceivables,
  unpaidPaymentStatuses,
} from './receivables';

const payment = fc.record({
  amount: fc.integer({ min: 1, max: 10_000_000 }),
  status: fc.constantFrom(...paymentStatuses),
});

const document = fc.record({
  kind: fc.constantFrom('invoice', 'credit', 'debit'),
  total: fc.integer({ min: 1, max: 10_000_000 }),
  status: fc.constantFrom('cleared', 'reported', 'pending', 'rejected', 'not_connected'),
});
type Doc = { kind: string; total: number; status: string };

/**
 * An order as the services keep it: invoiced = Σ counted documents (credit notes negative),
 * adjusted = Σ counted notes, balance = value − Σ payments not rejected, paid = Σ paid.
 */
function orderWith(
  total: number,
  invoiced: number,
  payments: { amount: number; status: PaymentStatus }[],
  adjusted = 0,
) {
  const sum = (keep: (s: PaymentStatus) => boolean) =>
    payments.filter((p) => keep(p.status)).reduce((a, p) => a + p.amount, 0);
  return {
    status: 'in_progress',
    total,
    invoiced,
    adjusted,
    paid: sum((s) => s === 'paid'),
    balance: total + adjusted - sum(paymentCountsInTotals),
    unpaid: sum((s) => (unpaidPaymentStatuses as readonly string[]).includes(s)),
  };
}

function orderWithDocuments(
  total: number,
  docs: Doc[],
  payments: { amount: number; status: PaymentStatus }[],
) {
  const counted = docs.filter((d) => einvoiceCountsInTotals(d.status));
  const signed = (d: Doc) => einvoiceSignInTotals(d.kind) * d.total;
  const invoiced = counted.reduce((a, d) => a + signed(d), 0);
  const adjusted = counted.filter((d) => d.kind !== 'invoice').reduce((a, d) => a + signed(d), 0);
  return orderWith(total, invoiced, payments, adjusted);
}

describe('payment statuses in the money figures', () => {
  it('every status is either unpaid, paid or rejected, and only rejected counts nowhere', () => {
    for (const s of paymentStatuses) {
      const unpaid = (unpaidPaymentStatuses as readonly string[]).includes(s);
      expect([unpaid, s === 'paid', s === 'rejected'].filter(Boolean)).toHaveLength(1);
      expect(paymentCountsInTotals(s)).toBe(s !== 'rejected');
    }
    expect([...approvedPaymentStatuses].sort()).toEqual(['approved', 'paid']);
  });

  it("an order's pending is the sum of its unpaid payments, and invoiced = paid + outstanding", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(payment, { maxLength: 12 }),
        (total, invoiced, payments) => {
          const order = orderWith(total, invoiced, payments);
          const r = receivableOf(order);
          expect(r.pending).toBe(order.unpaid);
          expect(r.invoiced).toBe(r.paid + r.outstanding);
        },
      ),
    );
  });

  it('notes are final: a credit never reads as uninvoiced, and the customer owes documents − paid payments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(document, { maxLength: 8 }),
        fc.array(payment, { maxLength: 8 }),
        (total, docs, payments) => {
          const order = orderWithDocuments(total, docs, payments);
          const r = receivableOf(order);
          const counted = docs.filter((d) => einvoiceCountsInTotals(d.status));
          const invoices = counted.filter((d) => d.kind === 'invoice').reduce((a, d) => a + d.total, 0);
          // Only tax invoices settle what is uninvoiced; notes and rejected documents never do.
          expect(r.uninvoiced).toBe(total - invoices);
          expect(r.invoiced + r.uninvoiced).toBe(orderValueOf(order));
          expect(dueOf(r)).toBe(orderValueOf(order) - r.paid);
          expect(r.pending).toBe(order.unpaid);
        },
      ),
    );
  });

  it('the 690.00 order with credits of 115.00 and 52.33 and a debit of 104.65 owes 627.32, nothing uninvoiced', () => {
    const docs = [
      { kind: 'invoice', total: 69000, status: 'cleared' },
      { kind: 'credit', total: 11500, status: 'cleared' },
      { kind: 'credit', total: 5233, status: 'cleared' },
      { kind: 'debit', total: 10465, status: 'cleared' },
    ];
    const order = orderWithDocuments(69000, docs, [{ amount: 30000, status: 'paid' }]);
    const r = receivableOf(order);
    expect(orderValueOf(order)).toBe(62732);
    expect(r.uninvoiced).toBe(0);
    expect(r.outstanding).toBe(32732);
    expect(order.balance).toBe(32732);
  });

  it('a rejected invoice counts nowhere: its order is uninvoiced again', () => {
    const order = orderWithDocuments(69000, [{ kind: 'invoice', total: 69000, status: 'rejected' }], []);
    expect(receivableOf(order)).toMatchObject({ invoiced: 0, uninvoiced: 69000, outstanding: 0 });
  });

  it('sums of orders keep invoiced = paid + outstanding to the halala', () => {
    fc.assert(
      fc.property(fc.array(fc.array(payment, { maxLength: 5 }), { maxLength: 8 }), (orders) => {
        const all = sumReceivables(orders.map((p, i) => receivableOf(orderWith(1_000_000 + i, 500_000, p))));
        expect(all.invoiced).toBe(all.paid + all.outstanding);
      }),
    );
  });
});
