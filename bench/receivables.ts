/**
 * The receivables aging and the VAT return at scale (issue 25 item 7): 100,000 customers and 300,000
 * documents (issued invoices, credit and debit notes, payments) over the last year, seeded with
 * set-based SQL. Each report through the whole app (app.inject: routing, token check, query
 * validation, response schema, JSON) against the very statement it runs, sent through the same
 * driver — one call each, interleaved, in pairs. `BENCH_EXPLAIN=1` prints each statement's plan.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { riyadhDayOf } from '@idara/domain';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { agingQuery, agingReportSql } from '../apps/api/src/modules/report/aging-routes';
import { vatReturnSql } from '../apps/api/src/modules/report/vat-routes';
import { type BenchResult, benchApp, versusBareSql } from './harness';

const CUSTOMERS = Number(process.env.BENCH_RECEIVABLE_CUSTOMERS ?? 100_000);
/** Per 100,000 customers: 150,000 invoices, 30,000 credit notes, 15,000 debit notes, 105,000 payments. */
const SCALE = CUSTOMERS / 100_000;
const INVOICES = Math.round(150_000 * SCALE);
const PAYMENTS = Math.round(105_000 * SCALE);
const PAIRS = Math.max(5, Number(process.env.BENCH_PAIRS ?? 7));
const GOAL = 1.5;

/**
 * One statement each, on a fresh database. Documents spread over the last 365 days by
 * multiplicative hashing of their index (deterministic, no per-row random calls).
 */
const seedStatements = [
  // Customers: Arabic names, one in ten a company, every city in turn.
  `insert into customers (name, type, phone_number, government_id, city_id, search_text)
   select n.name, case when g % 10 = 0 then 'company' else 'individual' end,
          '+9665' || lpad((80000000 + g)::text, 8, '0'), ct.government_id, ct.id,
          n.name || ' 05' || lpad((80000000 + g)::text, 8, '0')
   from generate_series(1, ${CUSTOMERS}) g
   cross join lateral (select
     (array['احمد','محمد','عبدالله','فهد','سارة','نورة','خالد','ريم','سلطان','هند','ماجد','لطيفة'])[1 + g % 12]
     || ' ' || (array['العتيبي','القحطاني','الشهري','الدوسري','الحربي','الغامدي','الزهراني','المطيري','السبيعي','العنزي'])[1 + (g / 12) % 10]
     as name) n
   join (select id, government_id, row_number() over (order by id) - 1 as i, count(*) over () as n from cities) ct
     on ct.i = g % ct.n`,
  // One order per customer.
  `insert into orders (number, customer_id, status, subtotal_halalas, tax_rate, tax_halalas, total_halalas, balance_halalas)
   select row_number() over (order by id), id, 'completed', 100000, 15, 15000, 115000, 0 from customers`,
  // Invoices: one in twenty zero-rated, the rest at 15 %.
  `insert into einvoices (kind, scope, phase, seq, number, uuid, order_id, customer_id, order_number,
                          snapshot, total_halalas, vat_halalas, issued_at, status)
   select 'invoice', 'simplified', 2, g, 'BENCH-' || g, gen_random_uuid(), o.id, o.customer_id, o.number,
          jsonb_build_object('vatRate', r.rate), a.total, round(a.total * r.rate / (100 + r.rate)),
          now() - make_interval(secs => (g::bigint * 7919) % 31536000), 'not_connected'
   from generate_series(1, ${INVOICES}) g
   cross join lateral (select 5000 + (g::bigint * 7907) % 200000 as total) a
   cross join lateral (select case when g % 20 = 0 then 0 else 15 end as rate) r
   join (select id, customer_id, number, number - 1 as i from orders) o on o.i = (g::bigint * 7901) % ${CUSTOMERS}`,
  // Credit notes on every fifth invoice (one in twenty of them larger than the invoice), debit notes
  // on one in ten; each a few days after its invoice.
  `insert into einvoices (kind, scope, phase, seq, number, uuid, order_id, customer_id, order_number, corrects_id,
                          snapshot, total_halalas, vat_halalas, issued_at, status)
   select k.kind, 'simplified', 2, ${INVOICES} + row_number() over (order by k.kind, i.seq),
          'BENCH-N' || k.kind || i.seq, gen_random_uuid(), i.order_id, i.customer_id, i.order_number, i.id,
          i.snapshot, a.total, round(a.total * (i.snapshot->>'vatRate')::numeric / (100 + (i.snapshot->>'vatRate')::numeric)),
          least(now(), i.issued_at + make_interval(days => i.seq % 30)), 'not_connected'
   from einvoices i
   join (values ('credit', 5, 0), ('debit', 10, 3)) k(kind, every, rest) on i.seq % k.every = k.rest
   cross join lateral (select case when k.kind = 'credit' and i.seq % 100 = 0 then i.total_halalas + 2500
                                   else 1000 + i.total_halalas * (1 + i.seq % 7) / 10 end as total) a
   where i.kind = 'invoice'`,
  // Payments: eight in ten paid, the rest pending.
  `insert into payments (number, order_id, customer_id, amount_halalas, tax_rate, tax_halalas, payment_method_id,
                         status, paid_at, created_at, updated_at)
   select g, o.id, o.customer_id, a.amount, 15, round(a.amount * 15 / 115.0), (select min(id::text)::uuid from payment_methods),
          case when g % 10 < 8 then 'paid' else 'pending' end,
          case when g % 10 < 8 then a.at end, a.at, a.at
   from generate_series(1, ${PAYMENTS}) g
   cross join lateral (select 5000 + (g::bigint * 7919) % 150000 as amount,
                              now() - make_interval(secs => (g::bigint * 6007) % 31536000) as at) a
   join (select id, customer_id, number - 1 as i from orders) o on o.i = (g::bigint * 7883) % ${CUSTOMERS}`,
];

async function seed(database: Database) {
  for (const statement of seedStatements) await database.rawQuery(statement, []);
  await database.analyze();
}

/** The calendar quarter before `day`'s, as the accountant files it. */
function previousQuarter(day: string) {
  const [y, m] = day.split('-').map(Number);
  const q = Math.floor((m - 1) / 3) - 1;
  const year = q < 0 ? y - 1 : y;
  const first = ((q + 4) % 4) * 3 + 1;
  const last = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(first + 2)}-${pad(last)}` };
}

async function receivableBench(dataDir: string): Promise<BenchResult[]> {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
  const start = performance.now();
  await seed(database);
  const seedSeconds = (performance.now() - start) / 1000;
  const [counts] = (await database.rawQuery(
    `select (select count(*) from customers) as customers,
            (select count(*) from einvoices) + (select count(*) from payments) as documents`,
    [],
  )) as { customers: string; documents: string }[];
  console.log(
    `receivables bench (${database.kind}): ${counts.customers} customers, ${counts.documents} documents seeded in ${seedSeconds.toFixed(1)} s`,
  );
  const [city] = (await database.rawQuery(
    `select city_id from customers where name like 'احمد%' limit 1`,
    [],
  )) as {
    city_id: string;
  }[];
  const { app, token } = await benchApp(database);
  const dialect = new PgDialect();
  const today = riyadhDayOf(new Date());
  const quarter = previousQuarter(today);
  const agingCases: { name: string; query: Record<string, string> }[] = [
    { name: 'first page of 50 with totals', query: {} },
    {
      name: 'city + type + search «احمد»',
      query: { city: city.city_id, type: 'individual', search: 'احمد' },
    },
  ];
  const cases: { name: string; url: string; query: Record<string, string>; statement: SQL }[] =
    agingCases.map((c) => ({
      name: `GET /api/report/aging, ${c.name}`,
      url: `/api/report/aging?${new URLSearchParams(c.query)}`,
      query: c.query,
      statement: agingReportSql(agingQuery.parse(c.query), today),
    }));
  cases.push({
    name: `GET /api/report/vat, quarter ${quarter.from} – ${quarter.to}`,
    url: `/api/report/vat?${new URLSearchParams(quarter)}`,
    query: quarter,
    statement: vatReturnSql(quarter.from, quarter.to),
  });
  const n = CUSTOMERS.toLocaleString('en');
  const results: BenchResult[] = [];
  try {
    for (const c of cases) {
      const { sql: text, params } = dialect.sqlToQuery(c.statement);
      if (process.env.BENCH_EXPLAIN) {
        const plan = (await database.rawQuery(`explain (analyze, buffers) ${text}`, params)) as Record<
          string,
          string
        >[];
        console.log(`\n${c.name} (${database.kind}):\n${plan.map((r) => Object.values(r)[0]).join('\n')}`);
      }
      const stack = async () => {
        const res = await app.inject({
          method: 'GET',
          url: c.url,
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      };
      results.push(
        await versusBareSql({
          name: `${c.name}, ${n} customers, ${Number(counts.documents).toLocaleString('en')} documents`,
          kind: database.kind,
          pairs: PAIRS,
          goal: GOAL,
          stack,
          bare: () => database.rawQuery(text, params),
        }),
      );
    }
    return results;
  } finally {
    await app.close();
    await database.close();
  }
}

export async function receivableBenches(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-bench-'));
  try {
    return await receivableBench(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
