import { is, type SQL } from 'drizzle-orm';
import { PgColumn, PgTimestamp } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

interface ArrayQueryClient {
  query(
    text: string | { text: string; values: unknown[]; rowMode: 'array' },
    params?: unknown[],
    opts?: unknown,
  ): Promise<{ rows: unknown[][] }>;
}

/** The driver under a Drizzle database (PGlite or a pg Pool); undefined inside a transaction. */
function driverOf(db: DbOrTx): { kind: 'pglite' | 'pg'; client: ArrayQueryClient } | undefined {
  const client = (
    db as unknown as { $client?: ArrayQueryClient & { waitReady?: unknown; totalCount?: number } }
  ).$client;
  if (!client) return undefined;
  if ('waitReady' in client) return { kind: 'pglite', client };
  if ('totalCount' in client) return { kind: 'pg', client };
  return undefined;
}

const decoder = (column: PgColumn | SQL.Aliased | SQL) => {
  if (!is(column, PgColumn)) return (v: unknown) => v;
  if (is(column, PgTimestamp))
    return (v: unknown) => (v === null || v instanceof Date ? v : new Date(v as string));
  return (v: unknown) => (v === null ? null : column.mapFromDriverValue(v));
};

/**
 * Runs a Drizzle select built from plain columns through the bare driver in array mode and
 * decodes by position: the same SQL without Drizzle's per-row mapping, which on the embedded
 * database costs as much as the query. Falls back to Drizzle inside a transaction.
 */
export async function selectRows(
  db: DbOrTx,
  query: { toSQL(): { sql: string; params: unknown[] }; execute(): Promise<unknown> },
  selection: Record<string, PgColumn | SQL.Aliased | SQL>,
): Promise<Record<string, unknown>[]> {
  const driver = driverOf(db);
  if (!driver) return (await query.execute()) as Record<string, unknown>[];
  const { sql, params } = query.toSQL();
  const result =
    driver.kind === 'pglite'
      ? await driver.client.query(sql, params, { rowMode: 'array' })
      : await driver.client.query({ text: sql, values: params, rowMode: 'array' });
  const keys = Object.keys(selection);
  const decoders = keys.map((k) => decoder(selection[k]));
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[keys[i]] = decoders[i](row[i]);
    return out;
  });
}
