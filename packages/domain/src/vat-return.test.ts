import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type VatReturnDocument, vatReturnOf } from './vat-return';

describe('vatReturnOf', () => {
  it('puts invoices in standard-rated sales and notes in the adjustments, credit notes negative', () => {
    const docs: VatReturnDocument[] = [
      { kind: 'invoice', total: 1150_00, vat: 150_00 },
      { kind: 'invoice', total: 230_00, vat: 30_00 },
      { kind: 'credit', total: 115_00, vat: 15_00 },
      { kind: 'debit', total: 57_50, vat: 7_50 },
    ];
    expect(vatReturnOf(docs)).toEqual({
      standardRated: { net: 1200_00, vat: 180_00 },
      zeroRated: { net: 0 },
      exempt: { net: 0 },
      outOfScope: { net: 0 },
      adjustments: { net: -50_00, vat: -7_50 },
      totalVat: 172_50,
    });
  });

  it('splits a mixed document into its parts: zero-rated, exempt and out of scope by their nets, notes signed', () => {
    const docs: VatReturnDocument[] = [
      // 1000 standard (VAT 150) + 200 zero-rated + 50 exempt.
      { kind: 'invoice', total: 1400_00, vat: 150_00, zeroRated: 200_00, exempt: 50_00 },
      { kind: 'invoice', total: 80_00, vat: 0, outOfScope: 80_00 },
      // A credit of 20 zero-rated and 100 + 15 standard.
      { kind: 'credit', total: 135_00, vat: 15_00, zeroRated: 20_00 },
      { kind: 'debit', total: 10_00, vat: 0, exempt: 10_00 },
    ];
    expect(vatReturnOf(docs)).toEqual({
      standardRated: { net: 1000_00, vat: 150_00 },
      zeroRated: { net: 180_00 },
      exempt: { net: 60_00 },
      outOfScope: { net: 80_00 },
      adjustments: { net: -100_00, vat: -15_00 },
      totalVat: 135_00,
    });
  });

  it('on any documents the VAT due is the signed sum of their VAT, and net + VAT their signed totals', () => {
    const doc = fc.record({
      kind: fc.constantFrom('invoice', 'credit', 'debit') as fc.Arbitrary<VatReturnDocument['kind']>,
      zeroShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
      standard: fc.boolean(),
      total: fc.integer({ min: 0, max: 100_000_000 }),
      share: fc.double({ min: 0, max: 0.2, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 30 }), (raw) => {
        const docs = raw.map(({ share, zeroShare, standard, ...d }) => {
          const vat = standard ? Math.round(d.total * share) : 0;
          return { ...d, vat, zeroRated: Math.round((d.total - vat) * zeroShare) };
        });
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
