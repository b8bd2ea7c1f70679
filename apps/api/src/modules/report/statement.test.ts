import {
  buildStatement,
  einvoiceCountsInTotals,
  fromHalalas,
  riyadhDayBounds,
  riyadhDayOf,
  toHalalas,
} from '@idara/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { einvoices, payments } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { historyActors, random, receivableHistory } from '../../test/receivable-history';

/**
 * The statement route against the domain rule (statement.ts) on random histories made through the
 * API, with the documents' and payments' days spread over the past year so periods cut through them.
 */

const t = useTestApp();
const { get } = t;
const customers: string[] = [];
let empty: string;
const today = () => riyadhDayOf(new Date());
const daysBefore = (day: string, n: number) =>
  riyadhDayOf(new Date(Date.parse(`${day}T12:00:00Z`) - n * 86_400_000));

beforeAll(async () => {
  const actors = await historyActors(t, [
    { name: 'سارة القحطاني', phoneNumber: '0552240201', whatsappNumber: '0552240201' },
    { name: 'شركة الرواد', phoneNumber: '0552240202', whatsappNumber: '0552240202' },
  ]);
  customers.push(...actors.customers);
  empty = (await t.post('/api/customer', { name: 'عميل بلا مستندات', phoneNumber: '0552240203' })).json()._id;
  for (const seed of [21, 22]) await receivableHistory(t, seed, actors, 80);
  const r = random(9);
  for (const doc of await t.db.select({ _id: einvoices._id }).from(einvoices))
    await t.db
      .update(einvoices)
      .set({ issuedAt: sql`${einvoices.issuedAt} - make_interval(days => ${r.int(0, 300)})` })
      .where(eq(einvoices._id, doc._id));
  for (const p of await t.db.select({ _id: payments._id }).from(payments).where(eq(payments.status, 'paid')))
    await t.db
      .update(payments)
      .set({ paidAt: sql`${payments.paidAt} - make_interval(days => ${r.int(0, 300)})` })
      .where(eq(payments._id, p._id));
});

/** The domain rule on the database's facts, as the wire shows it. */
async function expected(customer: string, from: string, to: string) {
  const docs = (await t.db.select().from(einvoices).where(eq(einvoices.customer, customer))).filter((d) =>
    einvoiceCountsInTotals(d.status),
  );
  const paid = (await t.db.select().from(payments).where(eq(payments.customer, customer))).filter(
    (p) => p.status === 'paid',
  );
  const s = buildStatement(
    [
      ...docs.map((d) => ({
        type: d.kind as 'invoice' | 'credit' | 'debit',
        at: d.issuedAt.toISOString(),
        number: d.number,
        amount: toHalalas(d.total),
      })),
      ...paid.map((p) => ({
        type: 'payment' as const,
        at: (p.paidAt as Date).toISOString(),
        number: String(p.number),
        amount: toHalalas(p.amount),
      })),
    ],
    riyadhDayBounds(from).start.toISOString(),
    new Date(riyadhDayBounds(to).end.getTime() + 1).toISOString(),
  );
  return {
    opening: fromHalalas(s.opening),
    lines: s.lines.map((l) => ({
      date: riyadhDayOf(l.at),
      type: l.type,
      number: l.number,
      debit: fromHalalas(l.debit),
      credit: fromHalalas(l.credit),
      balance: fromHalalas(l.balance),
    })),
    closing: fromHalalas(s.closing),
  };
}

describe('GET /api/customer/:id/statement', () => {
  it('equals the domain rule on random histories, for periods cutting through them', async () => {
    const r = random(5);
    let withLines = 0;
    let withOpening = 0;
    for (const customer of customers) {
      for (let i = 0; i < 6; i++) {
        const to = daysBefore(today(), r.int(0, 200));
        const from = daysBefore(to, r.int(0, 150));
        const res = await get(`/api/customer/${customer}/statement?from=${from}&to=${to}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body).toMatchObject({ customer, from, to });
        expect(body.customerName).toBeTruthy();
        expect({ opening: body.opening, lines: body.lines, closing: body.closing }).toEqual(
          await expected(customer, from, to),
        );
        if (body.lines.length) withLines++;
        if (body.opening !== '0.00') withOpening++;
      }
    }
    expect(withLines).toBeGreaterThan(0);
    expect(withOpening).toBeGreaterThan(0);
  });

  it('closes each period at the opening of the next, and at today ends on the receivable outstanding', async () => {
    for (const customer of customers) {
      const a = (
        await get(
          `/api/customer/${customer}/statement?from=${daysBefore(today(), 320)}&to=${daysBefore(today(), 101)}`,
        )
      ).json();
      const b = (
        await get(`/api/customer/${customer}/statement?from=${daysBefore(today(), 100)}&to=${today()}`)
      ).json();
      expect(b.opening).toBe(a.closing);
      expect(a.opening).toBe('0.00');
      const lines = [...a.lines, ...b.lines];
      expect(lines.length).toBeGreaterThan(0);
      for (const [i, l] of lines.entries()) {
        const before = toHalalas(i ? lines[i - 1].balance : '0.00');
        expect(toHalalas(l.balance)).toBe(before + toHalalas(l.debit) - toHalalas(l.credit));
        if (i) expect(l.date >= lines[i - 1].date).toBe(true);
      }
      const docs = (await t.db.select().from(einvoices).where(eq(einvoices.customer, customer))).filter((d) =>
        einvoiceCountsInTotals(d.status),
      );
      const invoiced = docs.reduce((s, d) => s + (d.kind === 'credit' ? -1 : 1) * toHalalas(d.total), 0);
      const paid = (await t.db.select().from(payments).where(eq(payments.customer, customer)))
        .filter((p) => p.status === 'paid')
        .reduce((s, p) => s + toHalalas(p.amount), 0);
      expect(toHalalas(b.closing)).toBe(invoiced - paid);
    }
  });

  it('answers zeros and no lines for a customer without documents', async () => {
    const res = await get(`/api/customer/${empty}/statement?from=2026-01-01&to=2026-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      opening: '0.00',
      lines: [],
      closing: '0.00',
      customerName: 'عميل بلا مستندات',
    });
  });

  it('refuses missing, reversed, impossible and over-five-year periods in Arabic, unknown customers and users without report:aging', async () => {
    const base = `/api/customer/${customers[0]}/statement`;
    for (const [query, field] of [
      ['', 'from'],
      ['?from=2026-01-01', 'to'],
      ['?from=2026-03-01&to=2026-01-31', 'to'],
      ['?from=2026-02-30&to=2026-03-31', 'from'],
      ['?from=2026-01-01&to=2026-13-01', 'to'],
      ['?from=2020-01-01&to=2026-01-01', 'to'],
    ]) {
      const res = await get(base + query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().fieldErrors?.[field], query).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await get(`${base}?from=2021-01-01&to=2025-12-31`)).statusCode).toBe(200);
    const missing = await get(
      '/api/customer/00000000-0000-4000-8000-000000000000/statement?from=2026-01-01&to=2026-01-31',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/العميل/);
    const employee = (await t.userWith('employee')).token;
    expect((await get(`${base}?from=2026-01-01&to=2026-01-31`, employee)).statusCode).toBe(403);
  });

  it('is in the OpenAPI document with its response schema', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ok = doc.paths['/api/customer/{id}/statement'].get.responses['200'];
    expect(ok.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CustomerStatement' });
    for (const path of [
      '/api/customer/{id}/statement',
      '/api/customer/{id}/statement.pdf',
      '/api/customer/{id}/statement/send',
    ])
      expect(Object.keys(doc.paths), path).toContain(path);
  });
});
