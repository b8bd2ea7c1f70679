import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** id → name for a small table (regions, cities …), loaded once per export. */
export async function nameLookup(db: DbOrTx, table: PgTable, id: PgColumn, name: PgColumn) {
  const rows = await db.select({ id, name }).from(table);
  const map = new Map(rows.map((r) => [String(r.id), String(r.name)]));
  return (value: unknown) => (value ? (map.get(String(value)) ?? '') : '');
}
