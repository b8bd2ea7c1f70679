import { Column, fillPlaceholders, is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgColumn, PgTimestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, DbOrTx } from './client';
import { type PGliteWorkerClient, WorkerTransaction } from './pglite-worker-client';

/** The bare driver under a database: the embedded one's worker client, or a PostgreSQL pool. */
export type FastReadDriver =
  | { kind: 'pglite'; client: Pick<PGliteWorkerClient, 'query'> }
  | { kind: 'pg'; client: pg.Pool | pg.Client };

/** The driver under each database `openDatabase` made. */
const drivers = new WeakMap<DbOrTx, FastReadDriver>();

/**
 * The connection a database or a transaction runs its statements on. A transaction's is its
 * session's client — a pool's client checked out for it (node-postgres), or the object the worker
 * client's `transaction` hands Drizzle (PGlite) — Drizzle's own field, whose shape
 * `fast-query.test.ts` holds to on both engines. Undefined for anything else (Drizzle's path then).
 */
function driverOf(db: DbOrTx): FastReadDriver | undefined {
  const known = drivers.get(db);
  if (known) return known;
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) return { kind: 'pg', client };
  if (client instanceof WorkerTransaction) return { kind: 'pglite', client };
  return undefined;
}

/** Lets `runCompiled` reach `db`'s driver (`openDatabase` calls it; Drizzle's `$client` is not used). */
export function enableFastReads(db: Db, driver: FastReadDriver) {
  drivers.set(db, driver);
}

type Selected = PgColumn | SQL | SQL.Aliased;

/** Drizzle's own mapping for columns that keep the driver's value (text, uuid, boolean, …). */
const keepsDriverValue = Column.prototype.mapFromDriverValue;

/** How a selected value comes back from the driver; undefined: as it is. */
const decoderOf = (column: Selected): ((v: unknown) => unknown) | undefined => {
  if (!is(column, PgColumn)) return undefined;
  if (is(column, PgTimestamp))
    return (v: unknown) => (v === null || v instanceof Date ? v : new Date(v as string));
  if (column.mapFromDriverValue === keepsDriverValue) return undefined;
  return (v: unknown) => (v === null ? null : column.mapFromDriverValue(v));
};

/**
 * node-postgres's parsers with a calendar day (`date`) left as its text, as Drizzle's own pg session
 * does: pg's default makes it a Date at the process's local midnight, which a server running on
 * Riyadh time would turn into the day before. (PGlite gives a Date at UTC midnight, which Drizzle's
 * `date` column maps back to the same day.)
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.DATE
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** A select compiled to SQL once, with how to turn its array rows back into objects. */
export interface CompiledSelect {
  sql: string;
  params: unknown[];
  keys: string[];
  decoders: (((v: unknown) => unknown) | undefined)[];
}

export function compileSelect(
  query: { toSQL(): { sql: string; params: unknown[] } },
  selection: Record<string, Selected>,
): CompiledSelect {
  const { sql, params } = query.toSQL();
  const keys = Object.keys(selection);
  return { sql, params, keys, decoders: keys.map((k) => decoderOf(selection[k])) };
}

/**
 * Runs compiled SQL through the bare driver in array mode and decodes by position: Drizzle's own
 * per-row mapping costs, on the embedded database, about as much as the query. Inside a
 * transaction, on the transaction's own connection. Returns undefined on a database
 * `openDatabase` did not make (no known driver), so the caller takes the Drizzle path.
 */
export async function runCompiled(
  db: DbOrTx,
  q: CompiledSelect,
): Promise<Record<string, unknown>[] | undefined> {
  const driver = driverOf(db);
  if (!driver) return undefined;
  const result =
    driver.kind === 'pglite'
      ? await driver.client.query(q.sql, q.params, { rowMode: 'array' })
      : await driver.client.query<unknown[]>({
          text: q.sql,
          values: q.params,
          rowMode: 'array',
          types: pgTypes,
        });
  return result.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < q.keys.length; i++) {
      const decode = q.decoders[i];
      out[q.keys[i]] = decode ? decode(row[i]) : row[i];
    }
    return out;
  });
}

/**
 * drizzle-orm's `fillPlaceholders`, but a NULL stays NULL, as in Drizzle's own statements: its fill
 * encodes every value, and a jsonb column's encoder turns null into the JSON text `null`.
 */
function fillValues(params: unknown[], values: Record<string, unknown>) {
  return fillPlaceholders(
    params.map((p) => (is(p, Param) && is(p.value, Placeholder) && values[p.value.name] === null ? null : p)),
    values,
  );
}

/** A query builder's select: its SQL, and its run with values for its placeholders. */
interface PlaceholderSelect<Row> {
  toSQL(): { sql: string; params: unknown[] };
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/**
 * A statement of a fixed shape (a select, or an insert or update `returning` its selection, or
 * nothing) whose values are named placeholders (`sql.placeholder`), compiled to SQL on its first
 * use and from then on run through the bare driver (`runCompiled`), in a transaction on its
 * connection: a hot statement then costs its parameters and its rows, not the query builder's work
 * again on every request. Each value goes through its column's `mapToDriverValue`, as Drizzle's own.
 */
export function compiledStatement<Row>(
  selection: Record<string, Selected>,
  build: (db: DbOrTx) => PlaceholderSelect<Row>,
) {
  let compiled: CompiledSelect | undefined;
  return async (db: DbOrTx, values: Record<string, unknown>): Promise<Row[]> => {
    compiled ??= compileSelect(build(db), selection);
    const rows = await runCompiled(db, { ...compiled, params: fillValues(compiled.params, values) });
    return (rows as Row[] | undefined) ?? build(db).execute(values);
  };
}

/**
 * A named value of a compiled statement where Drizzle's types accept only the column's own type (an
 * update's `set`). Drizzle binds it to the column as it does a value, so it is encoded the same way.
 */
export const placeholder = <T>(name: string) => sql.placeholder(name) as unknown as T;
