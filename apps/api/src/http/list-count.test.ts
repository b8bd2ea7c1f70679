import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema';
import { customerResource, customerSearchText } from '../modules/customer/resource';
import { useTestApp } from '../test/fixture';
import { aggregateList, LIST_COUNT_CAP, runList, SEARCH_COUNT_CAP } from './list-query';
import { PDF_MAX_ROWS } from './pdf';

/** Individuals a search for «سالم» finds: past the search's cap. */
const MANY = SEARCH_COUNT_CAP + 5;
const FEW = 3;
/** Companies, so that the whole list passes the cap of a list without a search. */
const COMPANIES = LIST_COUNT_CAP - MANY - FEW + 8;
const ALL = MANY + FEW + COMPANIES;

const t = useTestApp();
beforeAll(async () => {
  const rows = [
    ...Array.from({ length: MANY }, (_, i) => ({
      name: `سالم المطيري ${i}`,
      phoneNumber: `+96650${String(1000000 + i)}`,
    })),
    ...Array.from({ length: FEW }, (_, i) => ({
      name: `نورة القحطاني ${i}`,
      phoneNumber: `+96659${String(1000000 + i)}`,
    })),
    ...Array.from({ length: COMPANIES }, (_, i) => ({
      name: `مؤسسة الريان ${i}`,
      phoneNumber: `+96655${String(1000000 + i)}`,
      type: 'company' as const,
    })),
  ];
  for (let i = 0; i < rows.length; i += 2000)
    await t.db
      .insert(customers)
      .values(rows.slice(i, i + 2000).map((c) => ({ ...c, searchText: customerSearchText(c) })));
});

const list = async (query: string) => {
  const res = await t.get(`/api/customer?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { _id: string; name: string }[]; total: number; totalIsCapped?: boolean };
};
const search = (term: string) => `search=${encodeURIComponent(term)}`;

describe('capped list totals', () => {
  it('counts a search that matches more than the cap up to the cap, and says the total is a lower bound', async () => {
    const page = await list(search('سالم'));
    expect(page.total).toBe(SEARCH_COUNT_CAP);
    expect(page.totalIsCapped).toBe(true);
    expect(page.data).toHaveLength(20);
  });

  it('gives the exact total, without the flag, when a search matches fewer', async () => {
    const page = await list(search('نوره'));
    expect(page.total).toBe(FEW);
    expect(page).not.toHaveProperty('totalIsCapped');
  });

  it('caps the totals of lists without a search at the larger cap, filtered or not', async () => {
    const all = await list('limit=5');
    expect(all.total).toBe(LIST_COUNT_CAP);
    expect(all.totalIsCapped).toBe(true);
    expect(all.data).toHaveLength(5);
    const filtered = await list('type=company&createdAtFrom=2000-01-01');
    expect(filtered.total).toBe(COMPANIES);
    expect(filtered).not.toHaveProperty('totalIsCapped');
    // Past the cap the count reaches the end of the page asked for, and then every row.
    const beyond = await list(`limit=100&page=${LIST_COUNT_CAP / 100 + 1}`);
    expect(beyond.total).toBe(ALL);
    expect(beyond).not.toHaveProperty('totalIsCapped');
    expect(beyond.data).toHaveLength(ALL - LIST_COUNT_CAP);
  });

  it('counts a list without a search exactly past the search cap, and limit=0 always', async () => {
    // As many rows as the search above capped, counted exactly: no search, so only index entries.
    const individuals = await list('type=individual');
    expect(individuals.total).toBe(MANY + FEW);
    expect(individuals).not.toHaveProperty('totalIsCapped');
    const every = await list('limit=0&fields=name');
    expect(every.total).toBe(ALL);
    expect(every.data).toHaveLength(ALL);
    expect(every).not.toHaveProperty('totalIsCapped');
  });

  it('serves pages past the cap, counting to the end of the page asked for', async () => {
    const lastCapped = await list(`${search('سالم')}&page=${SEARCH_COUNT_CAP / 20}`);
    expect(lastCapped.data).toHaveLength(20);
    expect(lastCapped.totalIsCapped).toBe(true);
    // The page after the cap: every match fits under this page's bound, so the total is exact.
    const beyond = await list(`${search('سالم')}&page=${SEARCH_COUNT_CAP / 20 + 1}`);
    expect(beyond.total).toBe(MANY);
    expect(beyond).not.toHaveProperty('totalIsCapped');
    expect(beyond.data).toHaveLength(MANY - SEARCH_COUNT_CAP);
    const seen = new Set(lastCapped.data.map((c) => c._id));
    expect(beyond.data.some((c) => seen.has(c._id))).toBe(false);
    // Asking for every row (limit=0) counts them all.
    const all = await list(`${search('سالم')}&limit=0`);
    expect(all.total).toBe(MANY);
    expect(all.data).toHaveLength(MANY);
  });

  it('answers the same inside a transaction and with an extra condition', async () => {
    const query = { search: 'سالم', page: '3' };
    const fast = await runList(t.db, customerResource, query);
    const inTx = await t.db.transaction((tx) => runList(tx, customerResource, query));
    const withExtra = await runList(t.db, customerResource, query, sql`true`);
    expect(fast.totalIsCapped).toBe(true);
    expect(inTx).toEqual(fast);
    expect(withExtra).toEqual(fast);
  });

  it('keeps totals rows exact (aggregateList counts every match)', async () => {
    const row = await aggregateList<{ count: number }>(
      t.db,
      customerResource,
      { search: 'سالم' },
      {
        count: sql<number>`count(*)::int`,
      },
    );
    expect(row.count).toBe(MANY);
  });

  it('counts a PDF export exactly up to its own row limit, past the search cap', async () => {
    expect(SEARCH_COUNT_CAP).toBeLessThan(MANY);
    expect(MANY).toBeLessThan(PDF_MAX_ROWS);
    const printed = await t.get(`/api/customer/export?fileType=pdf&${search('سالم')}`);
    expect(printed.statusCode, printed.body.slice(0, 200)).toBe(200);
    expect(printed.headers['content-type']).toContain('application/pdf');

    expect(COMPANIES).toBeGreaterThan(PDF_MAX_ROWS);
    const refused = await t.get(`/api/customer/export?fileType=pdf&${search('الريان')}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ maxRows: PDF_MAX_ROWS });
    expect(refused.json().message).toContain('القائمة أطول مما');
  });

  it('keeps a 1,000-entry histogram of the search text of every large table, so searches plan on a steady estimate', async () => {
    const { rows } = await t.db.execute<{ table: string; target: number }>(sql`
      select c.relname as "table", a.attstattarget::int as target
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where a.attname = 'search_text' and c.relname in ('customers', 'orders', 'payments', 'tasks', 'einvoices')
      order by c.relname`);
    expect(rows).toEqual(
      ['customers', 'einvoices', 'orders', 'payments', 'tasks'].map((table) => ({ table, target: 1000 })),
    );
  });
});
