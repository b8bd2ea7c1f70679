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
import { closePdfBrowser, htmlToPdf } from '../apps/api/src/http/pdf';
import { dashboardQueries } from '../apps/api/src/modules/dashboard/routes';
import { documentHtml } from '../apps/api/src/modules/invoice/document-html';
import { orderResource } from '../apps/api/src/modules/order/resource';
import type { BareRoute } from './bare-server';
import { type BenchResult, bareListRoute, benchApp, stackVersusBare } from './harness';
import { freshDatabase, removeData, startStackAndBare } from './servers';

export const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);

export async function orderBenches(): Promise<BenchResult[]> {
  const seeded = await freshDatabase('idara-bench-orders');
  try {
    const { database } = seeded;
    await insertDemoCustomers(database.db, 10_000);
    const inserted = await insertDemoOrders(database.db, ORDERS);
    await database.analyze({ vacuum: true }); // as the server does at start-up
    const n = `${ORDERS.toLocaleString('en')} orders, ${inserted.payments.toLocaleString('en')} payments`;
    // Every query of the call, built once for "now", sent as text with its parameters; the baseline
    // answers their rows as they come (the app shapes them into the dashboard's figures).
    const q = dashboardQueries(database.db, new Date());
    const dashboard: BareRoute = {
      path: '/api/dashboard',
      statements: [q.byStatus, q.today, q.topServices, q.revenue, q.recentActivity].map((b) => ({
        ...b.toSQL(),
        // Drizzle's select keeps its selection (column order) behind a method its types omit here.
        keys: Object.keys((b as unknown as { getSelectedFields(): object }).getSelectedFields()),
      })),
      answer: { kind: 'rows' },
    };
    const orderQuery = { page: '1', limit: '20', status: 'completed', sort: '-createdAt' };
    const orderList = bareListRoute(database, orderResource, '/api/order', orderQuery);
    const servers = await startStackAndBare(seeded, [dashboard, orderList]);
    const results: BenchResult[] = [];
    try {
      results.push(
        ...(await stackVersusBare({
          name: `GET /api/dashboard, ${n} (${database.kind})`,
          ...servers,
          path: '/api/dashboard',
          query: {},
          sameAnswer: false,
          goal: 0.8,
        })),
        ...(await stackVersusBare({
          name: `GET /api/order, ${n}, status + sort by date, page of 20 (${database.kind})`,
          ...servers,
          path: '/api/order',
          query: orderQuery,
          sameAnswer: true,
          goal: 0.8,
        })),
      );
    } finally {
      await servers.stop();
    }
    results.push(await invoicePdfBench(seeded));
    return results;
  } finally {
    removeData(seeded);
  }
}

/** Invoice PDF through the API vs printing the same document's HTML with the same warm browser. */
async function invoicePdfBench(seeded: { dataDir: string; url?: string }): Promise<BenchResult> {
  const database = await openDatabase({ url: seeded.url, dataDir: seeded.url ? undefined : seeded.dataDir });
  const { app, token } = await benchApp(database);
  try {
    return await invoicePdfTimes(app, database.db, token);
  } finally {
    await app.close();
    await closePdfBrowser();
    await database.close();
  }
}

async function invoicePdfTimes(app: FastifyInstance, db: Db, token: string): Promise<BenchResult> {
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
