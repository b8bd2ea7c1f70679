import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AgingDocument,
  ageReceivable,
  agingBucketOf,
  agingBuckets,
  openAmounts,
  sumAging,
} from './aging';

const invoice = (id: string, seq: number, due: string, amount: number): AgingDocument => ({
  id,
  kind: 'invoice',
  seq,
  due,
  amount,
  corrects: null,
});
const credit = (id: string, seq: number, amount: number, corrects: string | null): AgingDocument => ({
  id,
  kind: 'credit',
  seq,
  due: '2026-01-01',
  amount,
  corrects,
});

describe('agingBucketOf', () => {
  it.each([
    [-5, 'current'],
    [0, 'current'],
    [1, 'days1to30'],
    [30, 'days1to30'],
    [31, 'days31to60'],
    [60, 'days31to60'],
    [61, 'days61to90'],
    [90, 'days61to90'],
    [91, 'over90'],
    [400, 'over90'],
  ] as const)('%d days past due → %s', (days, bucket) => {
    expect(agingBucketOf(days)).toBe(bucket);
  });
});

describe('ageReceivable', () => {
  const today = '2026-11-26';

  it('payments settle the oldest due first; what is left ages by its own due day', () => {
    const docs = [
      invoice('a', 1, '2026-07-01', 100_00), // 148 days past due
      invoice('b', 2, '2026-10-01', 200_00), // 56 days
      invoice('c', 3, '2026-11-20', 300_00), // 6 days
      invoice('d', 4, '2026-12-10', 400_00), // not yet due
    ];
    expect(ageReceivable(docs, 150_00, today)).toEqual({
      current: 400_00,
      days1to30: 300_00,
      days31to60: 150_00,
      days61to90: 0,
      over90: 0,
      total: 850_00,
    });
  });

  it('a credit note reduces the invoice it corrects, not the oldest one', () => {
    const docs = [
      invoice('a', 1, '2026-07-01', 100_00),
      invoice('b', 2, '2026-11-20', 300_00),
      credit('n', 3, 50_00, 'b'),
    ];
    const open = openAmounts(docs, 0);
    expect(open.get('a')).toBe(100_00);
    expect(open.get('b')).toBe(250_00);
    expect(ageReceivable(docs, 0, today)).toMatchObject({ over90: 100_00, days1to30: 250_00, total: 350_00 });
  });

  it('a credit beyond its invoice offsets the debit note on that invoice, not the oldest invoice', () => {
    const debit = (
      id: string,
      seq: number,
      due: string,
      amount: number,
      corrects: string,
    ): AgingDocument => ({
      id,
      kind: 'debit',
      seq,
      due,
      amount,
      corrects,
    });
    const docs = [
      invoice('old', 1, '2026-07-01', 50_00),
      invoice('a', 2, '2026-11-01', 100_00),
      debit('d', 3, '2026-11-10', 50_00, 'a'),
      credit('n', 4, 140_00, 'a'),
    ];
    const open = openAmounts(docs, 0);
    expect(open.get('old')).toBe(50_00);
    expect(open.get('a')).toBe(0);
    expect(open.get('d')).toBe(10_00);
    expect(ageReceivable(docs, 0, today)).toMatchObject({ over90: 50_00, days1to30: 10_00, total: 60_00 });
  });

  it('a customer who paid more than was invoiced is in credit: a negative current amount', () => {
    const docs = [invoice('a', 1, '2026-07-01', 100_00)];
    expect(ageReceivable(docs, 130_00, today)).toEqual({
      current: -30_00,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      total: -30_00,
    });
  });

  it('on any history the buckets sum to the open balance: invoiced − credited − paid', () => {
    const day = fc
      .integer({ min: 0, max: 500 })
      .map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    const history = fc
      .array(
        fc.record({
          kind: fc.constantFrom('invoice', 'invoice', 'debit', 'credit'),
          due: day,
          amount: fc.integer({ min: 1, max: 1_000_000 }),
          target: fc.nat(),
        }),
        { maxLength: 25 },
      )
      .map((raw) => {
        const docs: AgingDocument[] = [];
        raw.forEach((r, seq) => {
          const invoices = docs.filter((d) => d.kind === 'invoice');
          const corrects =
            r.kind === 'invoice' || invoices.length === 0 ? null : invoices[r.target % invoices.length]!;
          docs.push({
            id: `d${seq}`,
            kind: r.kind === 'invoice' || corrects ? (r.kind as AgingDocument['kind']) : 'invoice',
            seq,
            due: r.due,
            amount: r.amount,
            corrects: corrects?.id ?? null,
          });
        });
        return docs;
      });
    fc.assert(
      fc.property(history, fc.integer({ min: 0, max: 20_000_000 }), day, (docs, paid, on) => {
        const figures = ageReceivable(docs, paid, on);
        const signed = docs.reduce((sum, d) => sum + (d.kind === 'credit' ? -d.amount : d.amount), 0);
        expect(figures.total).toBe(signed - paid);
        expect(agingBuckets.reduce((sum, b) => sum + figures[b], 0)).toBe(figures.total);
        for (const b of agingBuckets) if (b !== 'current') expect(figures[b]).toBeGreaterThanOrEqual(0);
        const open = openAmounts(docs, paid);
        for (const d of docs) {
          if (d.kind === 'credit') continue;
          const left = open.get(d.id)!;
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(d.amount);
        }
      }),
    );
  });

  it('payments reach a later-due debit only once every earlier-due one is settled', () => {
    const debit = fc.record({
      due: fc
        .integer({ min: 0, max: 300 })
        .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10)),
      amount: fc.integer({ min: 1, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(debit, { maxLength: 20 }), fc.nat({ max: 2_000_000 }), (raw, paid) => {
        const docs = raw.map((r, seq) => invoice(`i${seq}`, seq, r.due, r.amount));
        const open = openAmounts(docs, paid);
        const ordered = [...docs].sort((a, b) => a.due.localeCompare(b.due) || a.seq - b.seq);
        const firstTouched = ordered.findIndex((d) => open.get(d.id)! > 0);
        if (firstTouched < 0) return;
        for (const d of ordered.slice(0, firstTouched)) expect(open.get(d.id)).toBe(0);
        for (const d of ordered.slice(firstTouched + 1)) expect(open.get(d.id)).toBe(d.amount);
      }),
    );
  });

  it('sums customers bucket by bucket', () => {
    const a = ageReceivable([invoice('a', 1, '2026-07-01', 100_00)], 0, today);
    const b = ageReceivable([invoice('b', 2, '2026-11-20', 300_00)], 130_00, today);
    expect(sumAging([a, b])).toEqual({
      current: 0,
      days1to30: 170_00,
      days31to60: 0,
      days61to90: 0,
      over90: 100_00,
      total: 270_00,
    });
  });
});
