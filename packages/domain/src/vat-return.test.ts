import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type VatReturnDocument, vatReturnOf } from './vat-return';

describe('vatReturnOf', () => {
  it('puts invoices in standard-rated sales and notes in the adjustments, credit notes negative', () => {
    const docs: VatReturnDocument[] = [
      { kind: 'invoice', vatRate: 15, total: 1150_00, vat: 150_00 },
      { kind: 'invoice', vatRate: 15, total: 230_00, vat: 30_00 },
      { kind: 'credit', vatRate: 15, total: 115_00, vat: 15_00 },
      { kind: 'debit', vatRate: 15, total: 57_50, vat: 7_50 },
    ];
    expect(vatReturnOf(docs)).toEqual({
      standardRated: { net: 1200_00, vat: 180_00 },
      zeroRated: { net: 0 },
      exempt: { net: 0 },
      adjustments: { net: -50_00, vat: -7_50 },
      totalVat: 172_50,
    });
  });

  it('on any documents the VAT due is the signed sum of their VAT, and net + VAT their signed totals', () => {
    const doc = fc.record({
      kind: fc.constantFrom('invoice', 'credit', 'debit') as fc.Arbitrary<VatReturnDocument['kind']>,
      vatRate: fc.constantFrom(15, 5, 0),
      total: fc.integer({ min: 0, max: 100_000_000 }),
      share: fc.double({ min: 0, max: 0.2, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 30 }), (raw) => {
        const docs = raw.map(({ share, ...d }) => ({
          ...d,
          vat: d.vatRate ? Math.round(d.total * share) : 0,
        }));
        const r = vatReturnOf(docs);
        const signed = (f: (d: VatReturnDocument) => number) =>
          docs.reduce((sum, d) => sum + (d.kind === 'credit' ? -1 : 1) * f(d), 0);
        expect(r.totalVat).toBe(signed((d) => d.vat));
        expect(r.standardRated.net + r.zeroRated.net + r.adjustments.net + r.totalVat).toBe(
          signed((d) => d.total),
        );
      }),
    );
  });
});
