import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
/**
 * Orders and payments (issue: orders, payments and invoices): the dashboard aggregate and the orders
 * list against the same SQL through the bare driver, and invoice PDF time with a warm browser, on
 * 100,000 orders and ~200,000 payments.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/api/src/db/client';
import { openDatabase } from '../apps/api/src/db/client';
import { insertDemoCustomers } from '../apps/api/src/db/demo-customers';
import { insertDemoOrders } from '../apps/api/src/db/demo-orders';
import { einvoices, orders } from '../apps/api/src/db/schema';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { closePdfBrowser, htmlToPdf } from '../apps/api/src/http/pdf';
import { dashboardQueries } from '../apps/api/src/modules/dashboard/routes';
import { documentHtml } from '../apps/api/src/modules/invoice/document-html';
import { orderResource } from '../apps/api/src/modules/order/resource';
import { type BenchResult, benchApp, stackVersusBare, stackVersusBareDriver } from './harness';

export const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);

export async function orderBenches(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-bench-orders-'));
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
  try {
    await database.migrate();
    await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
    await insertDemoCustomers(database.db, 10_000);
    const seeded = await insertDemoOrders(database.db, ORDERS);
    await database.analyze({ vacuum: true }); // as the server does at start-up
    const { app, token } = await benchApp(database);
    const n = `${ORDERS.toLocaleString('en')} orders, ${seeded.payments.toLocaleString('en')} payments`;
    try {
      const results: BenchResult[] = [];
      // Every query of the call, built once for "now", sent as text with its parameters.
      const q = dashboardQueries(database.db, new Date());
      const statements = [q.byStatus, q.today, q.topServices, q.revenue, q.recentActivity].map((b) =>
        b.toSQL(),
      );
      results.push(
        await stackVersusBare({
          name: `GET /api/dashboard, ${n} (${database.kind})`,
          app,
          token,
          path: '/api/dashboard',
          query: {},
          bare: () => Promise.all(statements.map((s) => database.rawQuery(s.sql, s.params))),
          goal: 0.8,
        }),
      );
      results.push(
        await stackVersusBareDriver({
          name: `GET /api/order, ${n}, status + sort by date, page of 20 (${database.kind})`,
          app,
          database,
          token,
          path: '/api/order',
          resource: orderResource,
          query: { page: '1', limit: '20', status: 'completed', sort: '-createdAt' },
          goal: 0.8,
        }),
      );
      results.push(await invoicePdfBench(app, database.db, token));
      return results;
    } finally {
      await app.close();
      await closePdfBrowser();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Invoice PDF through the API vs printing the same document's HTML with the same warm browser. */
async function invoicePdfBench(app: FastifyInstance, db: Db, token: string): Promise<BenchResult> {
  const [order] = await db.select({ _id: orders._id }).from(orders).limit(1);
  const issued = await app.inject({
    method: 'POST',
    url: `/api/order/${order._id}/invoice`,
    headers: { authorization: `Bearer ${token}` },
  });
  if (issued.statusCode !== 201 && issued.statusCode !== 409) throw new Error(`issue: ${issued.body}`);
  const [doc] = await db.select().from(einvoices).where(eq(einvoices.order, order._id)).limit(1);
  const html = await documentHtml(doc);
  await htmlToPdf(html, { requester: 'bench' }); // warm the browser
  const ROUNDS = 10;
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    for (let i = 0; i < ROUNDS; i++) await fn();
    return (performance.now() - started) / ROUNDS;
  };
  const bare = await time(() => htmlToPdf(html, { requester: 'bench' }));
  const stack = await time(async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/invoice/${doc._id}/pdf`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`invoice pdf: ${res.statusCode}`);
  });
  return {
    name: 'invoice PDF (A4, QR), warm browser: GET /api/invoice/:id/pdf vs printing its HTML',
    measured: `${stack.toFixed(0)} ms`,
    baseline: `${bare.toFixed(0)} ms (same HTML, same browser)`,
    ratio: stack / bare,
    goal: '≤ 1.50',
    met: stack / bare <= 1.5,
  };
}
