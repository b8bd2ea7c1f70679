import { fromHalalas } from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { aggregateList, type ListResource, runList } from './list-query';

/**
 * Money `sums` (each a SQL aggregate in halalas) over every row a list request selects, in riyals,
 * and how many rows that is.
 */
export async function moneyTotals<K extends string>(
  db: DbOrTx,
  resource: ListResource,
  query: Record<string, unknown>,
  sums: Record<K, SQL>,
) {
  const row = await aggregateList<Record<string, string | number>>(db, resource, query, {
    ...sums,
    count: sql`count(*)::int`,
  });
  const money = Object.fromEntries(Object.keys(sums).map((k) => [k, fromHalalas(Number(row[k]))]));
  return { ...(money as Record<K, string>), count: Number(row.count) };
}

/** A list page with its totals row (`moneyTotals`), read together. */
export async function listWithMoneyTotals<K extends string>(
  db: DbOrTx,
  resource: ListResource,
  query: Record<string, unknown>,
  sums: Record<K, SQL>,
) {
  const [list, totals] = await Promise.all([
    runList(db, resource, query),
    moneyTotals(db, resource, query, sums),
  ]);
  return { ...list, totals };
}
