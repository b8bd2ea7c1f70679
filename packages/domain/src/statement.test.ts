import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildStatement, type StatementEntry, statementLineTypes } from './statement';

describe('buildStatement', () => {
  const entries: StatementEntry[] = [
    { type: 'invoice', at: '2026-09-10T09:00:00+03:00', number: 'INV-000001', amount: 1150_00 },
    { type: 'payment', at: '2026-09-20T09:00:00+03:00', number: '7', amount: 500_00 },
    { type: 'invoice', at: '2026-10-05T09:00:00+03:00', number: 'INV-000002', amount: 2300_00 },
    { type: 'credit', at: '2026-10-06T09:00:00+03:00', number: 'CRN-000001', amount: 115_00 },
    { type: 'payment', at: '2026-10-05T09:00:00+03:00', number: '9', amount: 650_00 },
    { type: 'debit', at: '2026-10-20T09:00:00+03:00', number: 'DBN-000001', amount: 57_50 },
    { type: 'invoice', at: '2026-11-02T09:00:00+03:00', number: 'INV-000003', amount: 999_00 },
  ];

  it('opens with what came before, runs the balance line by line and closes with it', () => {
    const s = buildStatement(entries, '2026-10-01T00:00:00+03:00', '2026-11-01T00:00:00+03:00');
    expect(s.opening).toBe(650_00);
    expect(s.lines.map((l) => [l.number, l.debit, l.credit, l.balance])).toEqual([
      ['INV-000002', 2300_00, 0, 2950_00],
      ['9', 0, 650_00, 2300_00],
      ['CRN-000001', 0, 115_00, 2185_00],
      ['DBN-000001', 57_50, 0, 2242_50],
    ]);
    expect(s.closing).toBe(2242_50);
  });

  it('within a Riyadh day, the invoice comes before the payment that settles it, whatever the hours', () => {
    const day: StatementEntry[] = [
      // Recorded and paid at 08:10, while the invoice its payment issues is stamped at 12:30 —
      // and 23:30 UTC of the day before is already this Riyadh day.
      { type: 'payment', at: '2026-10-04T23:30:00Z', number: '12', amount: 862_50 },
      { type: 'invoice', at: '2026-10-05T12:30:00+03:00', number: 'INV-000010', amount: 862_50 },
      { type: 'credit', at: '2026-10-05T13:00:00+03:00', number: 'CRN-000004', amount: 100_00 },
    ];
    const s = buildStatement(day, '2026-10-05T00:00:00+03:00', '2026-10-06T00:00:00+03:00');
    expect(s.lines.map((l) => [l.number, l.balance])).toEqual([
      ['INV-000010', 862_50],
      ['CRN-000004', 762_50],
      ['12', -100_00],
    ]);
  });

  it('a customer without entries in the period: no lines, opening = closing', () => {
    const s = buildStatement(entries, '2026-11-10T00:00:00+03:00', '2026-11-20T00:00:00+03:00');
    expect(s.lines).toEqual([]);
    expect(s.closing).toBe(s.opening);
  });

  it('on any history, closing = opening + Σ debits − Σ credits, and the next period opens where this closed', () => {
    const entry = fc.record({
      type: fc.constantFrom(...statementLineTypes),
      at: fc
        .integer({ min: 0, max: 365 * 24 })
        .map((h) => new Date(Date.UTC(2026, 0, 1) + h * 3_600_000).toISOString()),
      number: fc.string({ minLength: 1, maxLength: 6 }),
      amount: fc.integer({ min: 1, max: 10_000_000 }),
    });
    const day = fc.integer({ min: 0, max: 365 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString());
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), day, day, day, (list, a, b, c) => {
        const [from, middle, until] = [a, b, c].sort();
        const first = buildStatement(list, from!, middle!);
        const second = buildStatement(list, middle!, until!);
        const moved = first.lines.reduce((sum, l) => sum + l.debit - l.credit, 0);
        expect(first.closing).toBe(first.opening + moved);
        expect(second.opening).toBe(first.closing);
        const last = first.lines.at(-1);
        if (last) expect(last.balance).toBe(first.closing);
      }),
    );
  });
});
