import { normalizeArabic } from '@idara/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runList } from '../http/list-query';
import { customerSearchText } from '../modules/customer/resource';
import { orderResource } from '../modules/order/resource';
import { useTestApp } from '../test/fixture';
import { withIndexesBuiltAfter } from './bulk-insert';
import { insertDemoCustomers } from './demo-customers';
import { insertDemoOrders } from './demo-orders';
import { customers, orderItems, orders, payments, services } from './schema';

const t = useTestApp({ signedIn: false });

const indexes = async () =>
  (
    await t.db.execute<{ def: string }>(
      sql`select indexdef as def from pg_indexes where tablename in ('customers', 'orders', 'order_items', 'payments') order by indexname`,
    )
  ).rows.map((r: { def: string }) => r.def);

describe('demo data loaded in bulk', () => {
  it('stores customers and orders as the API would: search text, money and totals', async () => {
    const before = await indexes();
    await withIndexesBuiltAfter(t.db, [customers, orders, orderItems, payments], async (tx) => {
      await insertDemoCustomers(tx, 40);
      await insertDemoOrders(tx, 25);
    });
    expect(await indexes()).toEqual(before);

    const stored = await t.db.select().from(customers);
    expect(stored).toHaveLength(40);
    for (const c of stored) expect(c.searchText).toBe(customerSearchText(c));
    // Searches compare with LIKE, so stored search text must already be normalised (ة → ه, …).
    for (const s of await t.db.select().from(services)) expect(s.searchText).toBe(normalizeArabic(s.name));

    const token = await t.adminToken();
    const [first] = stored;
    const found = await t.get(`/api/customer?search=${encodeURIComponent(first.name)}&limit=100`, token);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((c: { _id: string }) => c._id)).toContain(first._id);

    const [order] = await t.db.select().from(orders).limit(1);
    const detail = await t.get(`/api/order/${order._id}`, token);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    const linesTotal = body.items.reduce((s: number, i: { lineTotal: string }) => s + Number(i.lineTotal), 0);
    expect(Number(body.subtotal)).toBeCloseTo(linesTotal, 2);
    const [{ n }] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from payments where order_id = ${order._id}`,
      )
    ).rows;
    expect(n).toBeGreaterThan(0);
  });

  it('counts a list without its display joins exactly as with them', async () => {
    const [item] = await t.db.select().from(orderItems).limit(1);
    const [completed] = (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from orders where status = 'completed'`)
    ).rows as { n: number }[];
    const queries: Record<string, string>[] = [
      { status: 'completed' },
      { status: 'completed,new', search: '1' },
      { service: item.service! },
      { createdAtFrom: '2000-01-01', sort: 'customerName' },
    ];
    for (const query of queries) {
      const withoutJoins = await runList(t.db, orderResource, { ...query, limit: '5' });
      // An extra condition keeps the joins in the count.
      const withJoins = await runList(t.db, orderResource, { ...query, limit: '5' }, sql`true`);
      expect(withoutJoins.total).toBe(withJoins.total);
      expect(withoutJoins.data).toEqual(withJoins.data);
    }
    expect((await runList(t.db, orderResource, { status: 'completed' })).total).toBe(completed.n);
  });

  it('leaves the indexes and the rows as they were when the load fails', async () => {
    const before = await indexes();
    await expect(
      withIndexesBuiltAfter(t.db, [customers], async (tx) => {
        await insertDemoCustomers(tx, 5, 1000);
        throw new Error('load failed');
      }),
    ).rejects.toThrow('load failed');
    expect(await indexes()).toEqual(before);
    expect(await t.db.$count(customers)).toBe(40);
  });
});
