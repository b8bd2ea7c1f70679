import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';

let reviewer: string;
let customer: string;
let cash: string;
const services: string[] = [];

const call = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
  const res = await t.inject({
    method,
    url,
    token: url.includes('/api/payment/') ? reviewer : t.admin,
    payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(500);
  return res;
};
const rows = async (query: ReturnType<typeof sql>) =>
  (await t.db.execute(query)).rows as Record<string, unknown>[];
const ids = async (table: 'orders' | 'order_items' | 'payments') =>
  (await rows(sql`select id from ${sql.raw(table)} order by id`)).map((r) => String(r.id));
const pick = (list: string[], n: number) => list[n % list.length];

/** The summary tables (zero rows left out) and the same figures recomputed from the base tables. */
async function summariesAndTruth() {
  const summaries = {
    status: await rows(sql`select status, orders::text, outstanding_halalas::text from dashboard_order_status
      where orders <> 0 order by status`),
    services: await rows(sql`select service_id, name, lines::text, quantity::text, line_total_halalas::text
      from dashboard_service_sales where lines <> 0 order by service_id, name`),
    days: await rows(sql`select day::text, amount_halalas::text from dashboard_paid_days
      where amount_halalas <> 0 order by day`),
  };
  const truth = {
    status:
      await rows(sql`select status, count(*)::text as orders, sum(outstanding_halalas)::text as outstanding_halalas
      from orders group by status order by status`),
    services:
      await rows(sql`select i.service_id, i.name, count(*)::text as lines, sum(i.quantity)::text as quantity,
      sum(i.line_total_halalas)::text as line_total_halalas from order_items i join orders o on o.id = i.order_id
      where o.status <> 'cancelled' group by 1, 2 order by 1, 2`),
    days: await rows(sql`select * from (select ((paid_at at time zone 'Asia/Riyadh')::date)::text as day,
      sum(amount_halalas)::text as amount_halalas from payments where status = 'paid' and paid_at is not null
      group by 1) d where amount_halalas <> '0' order by day`),
  };
  return { summaries, truth };
}

const item = fc.record({
  service: fc.nat(),
  quantity: fc.integer({ min: 1, max: 5 }),
  unitPrice: fc.integer({ min: 1, max: 500 }).map((n) => `${n}.00`),
});
const newOrder = fc.record({
  kind: fc.constant('order' as const),
  items: fc.array(item, { minLength: 1, maxLength: 3 }),
});
const step = fc.oneof(
  newOrder,
  fc.record({
    kind: fc.constant('status' as const),
    target: fc.nat(),
    status: fc.constantFrom('in_progress', 'completed', 'cancelled'),
  }),
  fc.record({ kind: fc.constant('uncancel' as const), target: fc.nat() }),
  fc.record({ kind: fc.constant('deleteOrder' as const), target: fc.nat() }),
  fc.record({
    kind: fc.constant('invoiced' as const),
    target: fc.nat(),
    halalas: fc.integer({ min: 0, max: 90000 }),
  }),
  fc.record({
    kind: fc.constant('editLine' as const),
    target: fc.nat(),
    quantity: fc.integer({ min: 1, max: 9 }),
    name: fc.constantFrom('أ', 'ب'),
  }),
  fc.record({ kind: fc.constant('deleteLine' as const), target: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), target: fc.nat(), amount: fc.integer({ min: 1, max: 50 }) }),
  // Paid at any instant of a few days around a Riyadh midnight, so day edges are crossed.
  fc.record({
    kind: fc.constant('paidAt' as const),
    target: fc.nat(),
    minutes: fc.integer({ min: -4000, max: 4000 }),
  }),
  fc.record({
    kind: fc.constant('paymentStatus' as const),
    target: fc.nat(),
    status: fc.constantFrom('paid', 'rejected', 'approved'),
  }),
  fc.record({ kind: fc.constant('deletePayment' as const), target: fc.nat() }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

async function run(s: Step) {
  const orders = await ids('orders');
  if (s.kind === 'order') {
    const items = s.items.map((i) => ({ ...i, service: pick(services, i.service) }));
    await call('POST', '/api/order', { customer, items });
    return;
  }
  if (!orders.length) return;
  const order = pick(orders, s.target);
  if (s.kind === 'status') await call('POST', `/api/order/${order}/status`, { status: s.status });
  if (s.kind === 'uncancel') await t.db.execute(sql`update orders set status = 'new' where id = ${order}`);
  if (s.kind === 'deleteOrder') await call('DELETE', `/api/order/${order}`);
  if (s.kind === 'invoiced')
    await t.db.execute(sql`update orders set invoiced_halalas = ${s.halalas} where id = ${order}`);
  if (s.kind === 'pay') {
    const p = await call('POST', '/api/payment', { order, amount: `${s.amount}.00`, paymentMethod: cash });
    if (p.statusCode !== 201 && p.statusCode !== 200) return;
    await call('POST', `/api/payment/${p.json()._id}/status`, { status: 'approved' });
    await call('POST', `/api/payment/${p.json()._id}/status`, { status: 'paid' });
  }
  const lines = await ids('order_items');
  if (lines.length && s.kind === 'editLine')
    await t.db.execute(sql`update order_items set quantity = ${s.quantity}, name = ${s.name},
      line_total_halalas = ${s.quantity} * unit_price_halalas where id = ${pick(lines, s.target)}`);
  if (lines.length && s.kind === 'deleteLine')
    await t.db.execute(sql`delete from order_items where id = ${pick(lines, s.target)}`);
  const payments = await ids('payments');
  if (!payments.length) return;
  const payment = pick(payments, s.target);
  if (s.kind === 'paidAt')
    await t.db.execute(sql`update payments set paid_at = '2026-03-01T21:00:00Z'::timestamptz
      + make_interval(mins => ${s.minutes}) where id = ${payment}`);
  if (s.kind === 'paymentStatus')
    await t.db.execute(sql`update payments set status = ${s.status} where id = ${payment}`);
  if (s.kind === 'deletePayment') {
    // A payment an invoice points at cannot be deleted; that refusal changes nothing.
    await t.db.execute(sql`delete from payments where id = ${payment}`).catch(() => undefined);
  }
}

const t = useTestApp();
beforeAll(async () => {
  reviewer = (await t.userWith('admin')).token;
  customer = (await call('POST', '/api/customer', { name: 'عميل الملخص', phoneNumber: '0553330002' })).json()
    ._id;
  for (const name of ['تنظيف', 'صيانة', 'نقل']) {
    services.push((await call('POST', '/api/service', { name, price: '100.00' })).json()._id);
  }
  cash = (await t.get('/api/paymentMethod?limit=0')).json().data[0]._id;
});

describe('dashboard summary tables', () => {
  it('equal the totals recomputed from orders, lines and payments after any sequence of changes', async () => {
    let sawRows = 0;
    await fc.assert(
      // Each sequence starts with a new order, so the checks compare non-empty totals, not only empty ones.
      fc.asyncProperty(
        fc.tuple(newOrder, fc.array(step, { maxLength: 24 })).map(([first, rest]) => [first, ...rest]),
        async (steps) => {
          for (const s of steps) await run(s);
          const { summaries, truth } = await summariesAndTruth();
          expect(summaries).toEqual(truth);
          if (truth.status.length && truth.services.length) sawRows++;
        },
      ),
      { numRuns: 10 },
    );
    // Orders outlive the runs unless deleted, so most checks compared non-empty totals.
    expect(sawRows).toBeGreaterThan(0);
  });
});
