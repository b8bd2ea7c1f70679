import { fromHalalas, normalizeArabic, orderTotals, vatIncluded } from '@idara/domain';
import { sql } from 'drizzle-orm';
import { orderSearchText } from '../modules/order/resource';
import { paymentSearchText } from '../modules/payment/resource';
import { bulkInsert } from './bulk-insert';
import type { Db } from './client';
import { counters, customers, orderItems, orders, paymentMethods, payments, services } from './schema';

const demoServices: [string, number][] = [
  ['تنظيف مكيفات سبليت', 15000],
  ['صيانة مكيفات مركزية', 45000],
  ['تركيب كاميرات مراقبة', 120000],
  ['صيانة سباكة', 9999],
  ['عزل أسطح', 250000],
  ['تنظيف خزانات المياه', 35000],
  ['مكافحة حشرات', 27500],
  ['صيانة كهرباء', 12000],
  ['تنظيف شقق', 40000],
  ['تركيب سخانات', 18000],
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const DAY = 24 * 3600 * 1000;

/**
 * Inserts `count` realistic orders over the last two years for existing customers — 1 to 3 lines
 * each, about two payments per order (paid, approved, pending or rejected as the order's state
 * suggests) — with totals, paid and balance computed as the API does, and the order and invoice
 * counters moved past them.
 */
export async function insertDemoOrders(db: Db, count: number) {
  const customerRows = await db
    .select({ _id: customers._id, name: customers.name, phoneNumber: customers.phoneNumber })
    .from(customers);
  if (!customerRows.length) throw new Error('add customers first (--customers N)');
  await db
    .insert(services)
    .values(
      demoServices.map(([name, price]) => ({
        name,
        price: fromHalalas(price),
        searchText: normalizeArabic(name),
      })),
    )
    .onConflictDoNothing();
  const serviceRows = await db
    .select({ _id: services._id, name: services.name, price: services.price })
    .from(services);
  const methodIds = (await db.select({ _id: paymentMethods._id }).from(paymentMethods)).map((m) => m._id);
  const [{ lastOrder }] = await db
    .select({ lastOrder: sql<number>`coalesce(max(${orders.number}), 0)::int` })
    .from(orders);
  const [{ lastInvoice }] = await db
    .select({ lastInvoice: sql<number>`coalesce(max(${payments.number}), 0)::int` })
    .from(payments);
  const random = rng(7 + lastOrder);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const now = Date.now();
  let invoice = lastInvoice;
  const BATCH = 10_000;
  // The database stores one batch while the next is generated.
  let storing: Promise<void> = Promise.resolve();
  for (let start = 0; start < count; start += BATCH) {
    const orderRows: (typeof orders.$inferInsert)[] = [];
    const itemRows: (typeof orderItems.$inferInsert)[] = [];
    const paymentRows: (typeof payments.$inferInsert)[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const number = lastOrder + i + 1;
      const customer = pick(customerRows);
      const createdAt = new Date(now - Math.floor(random() * 730 * DAY));
      const r = random();
      const status = r < 0.1 ? 'new' : r < 0.25 ? 'in_progress' : r < 0.9 ? 'completed' : 'cancelled';
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        const s = pick(serviceRows);
        return {
          service: s,
          quantity: 1 + Math.floor(random() * 4),
          unitPrice: Math.round(Number(s.price) * 100),
        };
      });
      const discount = random() < 0.2 ? Math.floor(lines[0].unitPrice * 0.1) : 0;
      const totals = orderTotals(lines, discount, 15);
      const _id = crypto.randomUUID();
      let claimed = 0;
      let paid = 0;
      // Two payments an order (sometimes three); a cancelled order keeps its one rejected payment.
      const parts: [number, string][] = [];
      if (status === 'cancelled') {
        parts.push([totals.total, 'rejected']);
      } else {
        const first = Math.floor(totals.total / 2);
        const second = random() < 0.15 ? Math.floor((totals.total - first) / 2) : totals.total - first;
        const later = status === 'completed' ? 'paid' : status === 'in_progress' ? 'approved' : 'pending';
        parts.push(
          [first, status === 'new' ? 'pending' : 'paid'],
          [second, random() < 0.05 ? 'rejected' : later],
        );
        if (first + second < totals.total) parts.push([totals.total - first - second, later]);
      }
      for (const [amount, pStatus] of parts) {
        invoice++;
        const at = new Date(Math.min(now, createdAt.getTime() + Math.floor(random() * 20 * DAY)));
        if (pStatus !== 'rejected') claimed += amount;
        if (pStatus === 'paid') paid += amount;
        paymentRows.push({
          number: invoice,
          order: _id,
          customer: customer._id,
          amount: fromHalalas(amount),
          taxRate: 15,
          taxAmount: fromHalalas(vatIncluded(amount, 15)),
          paymentMethod: pick(methodIds),
          status: pStatus,
          paidAt: pStatus === 'paid' ? at : null,
          rejectionReason: pStatus === 'rejected' ? 'لم يصل المبلغ' : '',
          searchText: paymentSearchText(invoice, number, customer.name),
          createdAt: at,
          updatedAt: at,
        });
      }
      orderRows.push({
        _id,
        number,
        customer: customer._id,
        status,
        subtotal: fromHalalas(totals.subtotal),
        discount: fromHalalas(totals.discount),
        taxRate: 15,
        taxAmount: fromHalalas(totals.taxAmount),
        total: fromHalalas(totals.total),
        paid: fromHalalas(paid),
        balance: fromHalalas(totals.total - claimed),
        scheduledAt: new Date(createdAt.getTime() + 3 * DAY),
        searchText: orderSearchText(number, customer),
        createdAt,
        updatedAt: createdAt,
      });
      for (const [position, l] of lines.entries()) {
        itemRows.push({
          order: _id,
          service: l.service._id,
          name: l.service.name,
          quantity: l.quantity,
          unitPrice: fromHalalas(l.unitPrice),
          lineTotal: fromHalalas(totals.lines[position]),
          position,
        });
      }
    }
    await storing;
    storing = (async () => {
      await bulkInsert(db, orders, orderRows);
      await bulkInsert(db, orderItems, itemRows);
      await bulkInsert(db, payments, paymentRows);
    })();
  }
  await storing;
  for (const [name, value] of [
    ['order', lastOrder + count],
    ['invoice', invoice],
  ] as const) {
    await db
      .insert(counters)
      .values({ name, value })
      .onConflictDoUpdate({ target: counters.name, set: { value } });
  }
  return { orders: count, payments: invoice - lastInvoice };
}
