/**
 * The customer statement PDF at scale (issue 25 item 7): one customer with 5,000 documents (issued
 * invoices, credit and debit notes, paid payments) over the last year, seeded with set-based SQL.
 * `GET /api/customer/:id/statement.pdf` through the whole app (app.inject: routing, token check,
 * the statement's queries, its HTML, the shared PDF printer) against printing the very same
 * statement HTML through the same `htmlToPdf` directly — one call each, interleaved, in pairs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { riyadhDayOf } from '@idara/domain';
import { openDatabase } from '../apps/api/src/db/client';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { htmlToPdf } from '../apps/api/src/http/pdf';
import { sellerParty } from '../apps/api/src/modules/invoice/parties';
import { statementHtml } from '../apps/api/src/modules/report/statement-html';
import { customerStatement } from '../apps/api/src/modules/report/statement-query';
import { type BenchResult, benchApp, minMedianMax as ms, timedPairs } from './harness';

const DOCUMENTS = Number(process.env.BENCH_STATEMENT_DOCUMENTS ?? 5_000);
/** Of the documents: half invoices, a tenth credit notes, a twentieth debit notes, the rest paid payments. */
const INVOICES = Math.round(DOCUMENTS * 0.5);
const CREDITS = Math.round(DOCUMENTS * 0.1);
const DEBITS = Math.round(DOCUMENTS * 0.05);
const PAYMENTS = DOCUMENTS - INVOICES - CREDITS - DEBITS;
const PAIRS = Math.max(5, Number(process.env.BENCH_PAIRS ?? 5));
const GOAL = 1.5;

/** Dates spread over the last 365 days by multiplicative hashing of the index (deterministic). */
const seedStatements = [
  `insert into customers (name, type, phone_number, search_text)
   values ('شركة الكشف الطويل', 'company', '+966590000001', 'شركة الكشف الطويل 0590000001')`,
  `insert into orders (number, customer_id, status, subtotal_halalas, tax_rate, tax_halalas, total_halalas, balance_halalas)
   select 1, id, 'completed', 100000, 15, 15000, 115000, 0 from customers`,
  `insert into einvoices (kind, scope, phase, seq, number, uuid, order_id, customer_id, order_number,
                          snapshot, total_halalas, vat_halalas, issued_at, status)
   select k.kind, 'simplified', 2, g, 'BENCH-' || g, gen_random_uuid(), o.id, o.customer_id, o.number,
          jsonb_build_object('vatRate', 15), a.total, round(a.total * 15 / 115.0),
          now() - make_interval(secs => (g::bigint * 7919) % 31536000), 'not_connected'
   from generate_series(1, ${INVOICES + CREDITS + DEBITS}) g
   cross join lateral (select case when g <= ${INVOICES} then 'invoice'
                                   when g <= ${INVOICES + CREDITS} then 'credit' else 'debit' end as kind,
                              5000 + (g::bigint * 7907) % 200000 as total) a
   cross join lateral (select a.kind) k
   cross join orders o`,
  `insert into payments (number, order_id, customer_id, amount_halalas, tax_rate, tax_halalas, payment_method_id,
                         status, paid_at, created_at, updated_at)
   select g, o.id, o.customer_id, a.amount, 15, round(a.amount * 15 / 115.0), (select min(id::text)::uuid from payment_methods),
          'paid', a.at, a.at, a.at
   from generate_series(1, ${PAYMENTS}) g
   cross join lateral (select 5000 + (g::bigint * 7919) % 150000 as amount,
                              now() - make_interval(secs => (g::bigint * 6007) % 31536000) as at) a
   cross join orders o`,
];

async function statementPdfBench(dataDir: string): Promise<BenchResult> {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
  for (const statement of seedStatements) await database.rawQuery(statement, []);
  await database.analyze();
  const [customer] = (await database.rawQuery(`select id from customers`, [])) as { id: string }[];
  const today = riyadhDayOf(new Date());
  const from = riyadhDayOf(new Date(Date.now() - 366 * 86_400_000));
  const period = { from, to: today };
  const { app, token } = await benchApp(database);
  try {
    await customerStatement(database.db, customer.id, period); // warm-up
    let start = performance.now();
    const data = await customerStatement(database.db, customer.id, period);
    const queryMs = performance.now() - start;
    const lines = data.statement.lines.length;
    if (lines !== DOCUMENTS) throw new Error(`statement has ${lines} lines, expected ${DOCUMENTS}`);
    start = performance.now();
    const html = await statementHtml(data, await sellerParty(database.db), new Date());
    const htmlMs = performance.now() - start;
    // The app's share besides printing: the statement's queries and its HTML.
    console.log(
      `statement-pdf bench (${database.kind}): ${lines} lines; queries ${queryMs.toFixed(0)} ms, HTML ${htmlMs.toFixed(0)} ms (${(html.length / 1024).toFixed(0)} KB)`,
    );
    let pages = 0;
    const stack = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/customer/${customer.id}/statement.pdf?${new URLSearchParams(period)}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(`statement.pdf: ${res.statusCode} ${res.body}`);
      pages = (res.rawPayload.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    };
    const { stackTimes, bareTimes, ratio } = await timedPairs(PAIRS, stack, () =>
      htmlToPdf(html, { requester: 'bench' }),
    );
    return {
      name: `GET /api/customer/:id/statement.pdf, one customer with ${DOCUMENTS.toLocaleString('en')} documents (${pages} pages), ${PAIRS} pairs min/median/max (${database.kind})`,
      measured: ms(stackTimes),
      baseline: `${ms(bareTimes)} (same HTML, htmlToPdf directly)`,
      ratio,
      goal: `≤ ${GOAL.toFixed(2)}`,
      met: ratio <= GOAL,
    };
  } finally {
    await app.close(); // closes the shared PDF browser too
    await database.close();
  }
}

export async function statementPdfBenches(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-bench-'));
  try {
    return [await statementPdfBench(dataDir)];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
