import { fromHalalas, toHalalas } from '@idara/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { einvoices, payments } from '../db/schema';
import { recordRejection } from '../zatca/submissions';
import type { TestApp } from './harness';

/** A small seeded generator, so a failure names the history that caused it. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: T[]) => list[int(0, list.length - 1)];
  return { int, pick };
}

/** Who and what a history works with; the administrator (`t.admin`) records, a second admin reviews. */
export interface HistoryActors {
  reviewer: string;
  customers: string[];
  service: string;
  cash: string;
  /**
   * Services of other VAT categories (zero-rated, exempt) by the hour: when given, an order may take a
   * second line of one of them with a decimal quantity, and a note names the category it corrects.
   */
  otherServices?: string[];
}

/**
 * A random history through the API: orders, payments (recorded, approved, paid, rejected,
 * overpaid), invoices, credit and debit notes, cancellations, and documents FATOORA rejects (through
 * the submission worker's own `recordRejection`; these tests run without a FATOORA connection).
 * Returns the orders it made.
 */
export async function receivableHistory(t: TestApp, seed: number, actors: HistoryActors, steps = 60) {
  const post = (url: string, payload: unknown = {}, token?: string) => t.post(url, payload, token);
  const r = random(seed);
  const orders: string[] = [];
  const paymentIds: string[] = [];
  for (let step = 0; step < steps; step++) {
    const op = r.int(0, 10);
    const order = orders.length ? r.pick(orders) : undefined;
    let res: Awaited<ReturnType<typeof post>> | undefined;
    if (op <= 1 || !order) {
      const items = [
        { service: actors.service, quantity: r.int(1, 3), unitPrice: fromHalalas(r.int(1000, 40000)) },
      ];
      if (actors.otherServices?.length && r.int(0, 1))
        items.push({
          service: r.pick(actors.otherServices),
          quantity: r.int(1, 8) / 2,
          unitPrice: fromHalalas(r.int(50, 20000) * 2),
        });
      res = await post('/api/order', { customer: r.pick(actors.customers), items });
      if (res.statusCode === 201) orders.push(res.json()._id);
    } else if (op <= 4) {
      res = await post('/api/payment', {
        order,
        amount: fromHalalas(r.int(100, 60000)),
        paymentMethod: actors.cash,
        allowOverpay: true,
      });
      if (res.statusCode === 201) paymentIds.push(res.json()._id);
    } else if (op <= 6 && paymentIds.length) {
      // The payment moves one step along its way: approved or rejected, then paid.
      const payment = r.pick(paymentIds);
      const [row] = await t.db
        .select({ status: payments.status })
        .from(payments)
        .where(inArray(payments._id, [payment]));
      const next = { pending: r.int(0, 9) < 7 ? 'approved' : 'rejected', approved: 'paid' }[
        row.status as 'pending' | 'approved'
      ];
      if (next)
        res = await post(
          `/api/payment/${payment}/status`,
          { status: next, reason: 'مرفوض للاختبار' },
          actors.reviewer,
        );
    } else if (op === 7) {
      res = await post(`/api/order/${order}/invoice`);
    } else if (op === 10) {
      const docs = await t.db
        .select({ _id: einvoices._id })
        .from(einvoices)
        .where(inArray(einvoices.order, [order]));
      if (docs.length) {
        const doc = r.pick(docs);
        const rejection = [
          { type: 'ERROR', code: 'BR-KSA-63', category: undefined, message: 'عنوان المشتري ناقص' },
        ];
        await t.db.transaction((tx) => recordRejection(tx, doc._id, rejection));
      }
    } else if (op === 8) {
      const invoices = await t.db
        .select({ _id: einvoices._id, total: einvoices.total, snapshot: einvoices.snapshot })
        .from(einvoices)
        .where(and(inArray(einvoices.order, [order]), eq(einvoices.kind, 'invoice')));
      const invoice = invoices.length ? r.pick(invoices) : undefined;
      if (invoice) {
        const kind = r.pick(['credit-note', 'debit-note']);
        const categories = [...new Set(invoice.snapshot.lines.map((l) => l.vatCategory ?? 'S'))];
        res = await post(`/api/invoice/${invoice._id}/${kind}`, {
          reason: 'تصحيح المبلغ',
          amount: fromHalalas(r.int(1, Math.max(1, toHalalas(invoice.total)))),
          vatCategory: r.pick(categories),
        });
      }
    } else {
      const status = r.pick(['in_progress', 'completed', 'cancelled']);
      res = await post(`/api/order/${order}/status`, { status });
    }
    if (res) expect(res.statusCode, `seed ${seed} step ${step}: ${res.body}`).toBeLessThan(500);
  }
  return orders;
}

/**
 * The actors of a history: a second admin to review payments, these customers (each a customer
 * body), a service at 100.00 and the seed's cash payment method.
 */
export async function historyActors(t: TestApp, people: Record<string, string>[]): Promise<HistoryActors> {
  const reviewer = (await t.userWith('admin')).token;
  const customers: string[] = [];
  for (const person of people) customers.push((await t.post('/api/customer', person)).json()._id);
  const service = (await t.post('/api/service', { name: 'تنظيف', price: '100.00' })).json()._id;
  const cash = (await t.get('/api/paymentMethod?limit=0')).json().data[0]._id;
  return { reviewer, customers, service, cash };
}

/** The aging tests' customers: people and a company, whose histories reach every bucket. */
const agingPeople = [
  { name: 'سارة القحطاني', phoneNumber: '0552230201', type: 'individual' },
  { name: 'شركة الرواد', phoneNumber: '0552230202', type: 'company' },
  { name: 'مؤسسة النخيل', phoneNumber: '0552230203', type: 'individual' },
  { name: 'خالد العتيبي', phoneNumber: '0552230204', type: 'individual' },
];

/**
 * The first `people` of the aging tests' customers with random histories (one per seed), their
 * documents' issue days then spread over the past `spreadDays` (a history made in one test run is
 * all issued today), so every aging bucket is reached. Returns the customers' ids.
 */
export async function agedReceivables(
  t: TestApp,
  { people, seeds, steps = 80, spreadSeed = 7, spreadDays = 200 }: AgingHistory,
) {
  const actors = await historyActors(t, agingPeople.slice(0, people));
  for (const seed of seeds) await receivableHistory(t, seed, actors, steps);
  const r = random(spreadSeed);
  for (const doc of await t.db.select({ _id: einvoices._id }).from(einvoices))
    await t.db
      .update(einvoices)
      .set({ issuedAt: sql`${einvoices.issuedAt} - make_interval(days => ${r.int(0, spreadDays)})` })
      .where(eq(einvoices._id, doc._id));
  return actors.customers;
}

interface AgingHistory {
  people: number;
  seeds: number[];
  steps?: number;
  spreadSeed?: number;
  spreadDays?: number;
}
