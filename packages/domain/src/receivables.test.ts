import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PaymentStatus, paymentStatuses } from './orders';
import {
  approvedPaymentStatuses,
  paymentCountsInTotals,
  receivableOf,
  sumReceivables,
  unpaidPaymentStatuses,
} from './receivables';

const payment = fc.record({
  amount: fc.integer({ min: 1, max: 10_000_000 }),
  status: fc.constantFrom(...paymentStatuses),
});

/** An order as the payment service keeps it: balance = total − Σ payments not rejected, paid = Σ paid. */
function orderWith(total: number, invoiced: number, payments: { amount: number; status: PaymentStatus }[]) {
  const sum = (keep: (s: PaymentStatus) => boolean) =>
    payments.filter((p) => keep(p.status)).reduce((a, p) => a + p.amount, 0);
  return {
    status: 'in_progress',
    total,
    invoiced,
    paid: sum((s) => s === 'paid'),
    balance: total - sum(paymentCountsInTotals),
    unpaid: sum((s) => (unpaidPaymentStatuses as readonly string[]).includes(s)),
  };
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

  it('sums of orders keep invoiced = paid + outstanding to the halala', () => {
    fc.assert(
      fc.property(fc.array(fc.array(payment, { maxLength: 5 }), { maxLength: 8 }), (orders) => {
        const all = sumReceivables(orders.map((p, i) => receivableOf(orderWith(1_000_000 + i, 500_000, p))));
        expect(all.invoiced).toBe(all.paid + all.outstanding);
      }),
    );
  });
});
