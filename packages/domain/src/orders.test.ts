import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatOf } from './money';
import { orderTotals, orderTransitions, paymentTransitions, vatIncluded } from './orders';

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 10_000 }),
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }), // up to 100,000.00 SAR
});
const rate = fc.constantFrom(0, 5, 15, 2.5, 15.75);

describe('orderTotals', () => {
  it('sums lines to the subtotal, and VAT and total follow the one rounding rule', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        rate,
        (items, share, r) => {
          const subtotal = items.reduce((s, i) => s + i.quantity * i.unitPrice, 0);
          const discount = Math.floor(subtotal * share);
          const t = orderTotals(items, discount, r);
          expect(t.lines).toEqual(items.map((i) => i.quantity * i.unitPrice));
          expect(t.subtotal).toBe(t.lines.reduce((a, b) => a + b, 0));
          expect(t.net).toBe(subtotal - discount);
          expect(t.taxAmount).toBe(vatOf(t.net, r));
          expect(t.total).toBe(t.net + t.taxAmount);
          // exact rule: |VAT − net × rate / 100| ≤ half a halala
          expect(Math.abs(t.taxAmount * 100 - t.net * r)).toBeLessThanOrEqual(50 + 1e-6 * t.net);
        },
      ),
    );
  });

  it('gives back the order VAT from its total, so a one-payment invoice matches the order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), rate, (net, r) => {
        const total = net + vatOf(net, r);
        expect(vatIncluded(total, r)).toBe(vatOf(net, r));
      }),
    );
  });

  it('refuses a discount above the subtotal and fractional money', () => {
    expect(() => orderTotals([{ quantity: 1, unitPrice: 100 }], 101, 15)).toThrow(/الخصم/);
    // 1.5 h × 1.01 is 1.515: not whole halalas, refused rather than rounded.
    expect(() => orderTotals([{ quantity: 1.5, unitPrice: 101 }], 0, 15)).toThrow(/الهللات/);
    expect(orderTotals([{ quantity: 1.5, unitPrice: 100 }], 0, 15).lines).toEqual([150]);
    expect(() => orderTotals([{ quantity: 1, unitPrice: 10.5 }], 0, 15)).toThrow();
  });

  it('rounds VAT once per category after its share of the discount', () => {
    const t = orderTotals(
      [
        { quantity: 1, unitPrice: 100_00 },
        { quantity: 2, unitPrice: 50_00, vatCategory: 'Z', vatExemptionCode: 'VATEX-SA-33' },
        { quantity: 1, unitPrice: 33_33 },
      ],
      10_00,
      15,
    );
    // S 133.33 and Z 100.00 share the 10.00 discount: 5.71 and 4.29 (largest remainder).
    expect(t.groups.map((g) => [g.vatCategory, g.subtotal, g.discount, g.taxable, g.vat])).toEqual([
      ['S', 133_33, 5_71, 127_62, 19_14],
      ['Z', 100_00, 4_29, 95_71, 0],
    ]);
    expect(t.taxAmount).toBe(19_14);
    expect(t.total).toBe(t.net + 19_14);
    expect(t.groups[0].lines).toEqual([0, 2]);
  });

  it('computes a known example: 3 × 150.00 + 99.99 − 10.00 at 15 %', () => {
    expect(
      orderTotals(
        [
          { quantity: 3, unitPrice: 15000 },
          { quantity: 1, unitPrice: 9999 },
        ],
        1000,
        15,
      ),
    ).toEqual({
      lines: [45000, 9999],
      subtotal: 54999,
      discount: 1000,
      net: 53999,
      taxAmount: 8100, // 8099.85 → 8100
      total: 62099,
      groups: [expect.objectContaining({ vatCategory: 'S', taxable: 53999, vat: 8100, lines: [0, 1] })],
    });
  });
});

describe('vatIncluded', () => {
  it('is the VAT inside an amount, rounded half away from zero', () => {
    expect(vatIncluded(11500, 15)).toBe(1500);
    expect(vatIncluded(1000, 15)).toBe(130); // 130.43
    expect(vatIncluded(2050, 15)).toBe(267); // 267.39
    expect(vatIncluded(0, 15)).toBe(0);
    expect(vatIncluded(-11500, 15)).toBe(-1500);
  });
});

describe('status workflows', () => {
  it('end in completed/cancelled and paid/rejected with no way back', () => {
    expect(orderTransitions.completed).toEqual([]);
    expect(orderTransitions.cancelled).toEqual([]);
    expect(paymentTransitions.paid).toEqual([]);
    expect(paymentTransitions.rejected).toEqual([]);
    expect(orderTransitions.new).not.toContain('completed');
    expect(paymentTransitions.pending).not.toContain('paid');
  });
});
