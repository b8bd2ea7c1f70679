/**
 * Drizzle internals the list fast path relies on (issue 42 item 6). An upgrade can change each of
 * them without a type error; these tests fail when one does.
 *
 * - `db/fast-query.ts` decodes the bare driver's array rows with each column's own
 *   `mapFromDriverValue`, and skips columns that keep `Column.prototype.mapFromDriverValue` (the
 *   identity). That is right only while Drizzle decodes through that method, and while what the
 *   bare driver returns (its default parsers; on PostgreSQL dates as text) decodes to what Drizzle's
 *   own path returns.
 * - `http/list-query.ts` compiles a list shape once with `sql.placeholder`s and fills each request's
 *   values with `fillPlaceholders` (exported by drizzle-orm, not documented).
 *
 * Engine-agnostic: the embedded database by default, PostgreSQL with TEST_DATABASE_URL.
 */
import { fromHalalas } from '@idara/domain';
import { Column, fillPlaceholders, getTableColumns, is, Param, Placeholder, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  integer,
  jsonb,
  numeric,
  PgTable,
  PgTimestamp,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileListQuery,
  type ListResource,
  parseListQuery,
  runList,
  SEARCH_COUNT_CAP,
} from '../http/list-query';
import { createDatabase } from '../test/processes';
import { pgliteImage } from '../test/seeded-database';
import { type Database, openDatabase } from './client';
import { compiledStatement, compileSelect, runCompiled } from './fast-query';
import * as schema from './schema';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** One column of every kind the schema has (the coverage test below keeps it so). */
const values = pgTable('library_contract_values', {
  _id: uuid('_id').primaryKey(),
  name: text('name').notNull(),
  searchText: text('search_text').notNull(),
  active: boolean('active'),
  count: integer('count'),
  big: bigint('big', { mode: 'number' }),
  amount: schema.money('amount'),
  rate: numeric('rate', { precision: 12, scale: 3, mode: 'number' }),
  day: date('day', { mode: 'string' }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  doc: jsonb('doc'),
  tags: text('tags').array(),
  ids: uuid('ids').array(),
  bytes: bytea('bytes'),
});
const columns = getTableColumns(values);

const FULL = '00000000-0000-4000-8000-000000000001';
const EMPTY = '00000000-0000-4000-8000-000000000002';
const OTHER = '00000000-0000-4000-8000-000000000003';

/** What the API hands on for the full row: the values the routes and the web app expect. */
const fullRow = {
  _id: FULL,
  name: 'أحمد سالم',
  searchText: 'احمد سالم',
  active: true,
  count: 42,
  big: 1_234_567_890_123,
  amount: fromHalalas(1250),
  rate: 15.125,
  day: '2026-03-01',
  at: new Date('2026-03-01T21:30:00.123Z'),
  doc: { a: 1, b: ['x', null], c: 'نص' },
  tags: ['a', 'b,c', 'د'],
  ids: [EMPTY, OTHER],
  bytes: new Uint8Array([0, 1, 255]),
};
/** Every column NULL that may be. */
const emptyRow = {
  ...(Object.fromEntries(Object.keys(columns).map((k) => [k, null])) as Record<keyof typeof fullRow, null>),
  _id: EMPTY,
  name: 'زياد',
  searchText: 'زياد',
};

let database: Database;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const created = await createDatabase(serverUrl, 'idara_test');
    database = await openDatabase({ url: created.url });
    drop = created.drop;
  } else {
    database = await openDatabase({ image: pgliteImage() });
  }
  await database.db.execute(sql`
    create table library_contract_values (
      _id uuid primary key, name text not null, search_text text not null, active boolean,
      count integer, big bigint, amount bigint, rate numeric(12, 3), day date, at timestamptz,
      doc jsonb, tags text[], ids uuid[], bytes bytea
    )`);
  await database.db
    .insert(values)
    .values([
      fullRow,
      emptyRow,
      { ...fullRow, _id: OTHER, name: 'مريم', searchText: 'مريم', active: false, count: 7, rate: 0.5 },
    ]);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** Bytes come back as a Buffer from pg and a Uint8Array from PGlite; the same bytes either way. */
const plainBytes = (rows: Record<string, unknown>[]) =>
  rows.map((r) => ({ ...r, bytes: r.bytes == null ? r.bytes : Array.from(r.bytes as Uint8Array) }));

describe("fast-query's decoding: Drizzle's mapFromDriverValue over the bare driver's values", () => {
  it('Column.prototype.mapFromDriverValue is the identity, and only text, uuid and boolean columns keep it', () => {
    const keep = Column.prototype.mapFromDriverValue;
    const sample = { any: 'value' };
    expect(keep.call(columns.name, sample)).toBe(sample);
    expect(keep.call(columns.name, '12.50')).toBe('12.50');
    const keeping = Object.entries(columns)
      .filter(([, c]) => c.mapFromDriverValue === keep)
      .map(([k]) => k);
    // fast-query hands these on exactly as the driver returned them.
    expect(keeping.sort()).toEqual(['_id', 'active', 'name', 'searchText']);
    // …and decodes every other one; timestamps by their own shortcut (the driver's Date as it is).
    const { decoders, keys } = compileSelect(database.db.select(columns).from(values), columns);
    expect(keys.filter((_, i) => !decoders[i]).sort()).toEqual(keeping.sort());
    expect(is(columns.at, PgTimestamp)).toBe(true);
  });

  it('covers every kind of column the schema has', () => {
    const kind = (c: Column) => `${c.columnType} ${c.getSQLType().replace(/\(.*\)/, '')}`;
    const covered = new Set(Object.values(columns).map(kind));
    const uncovered = new Set<string>();
    for (const [name, table] of Object.entries(schema)) {
      if (!is(table, PgTable)) continue;
      for (const [key, column] of Object.entries(getTableColumns(table)))
        if (!covered.has(kind(column))) uncovered.add(`${kind(column)} (${name}.${key})`);
    }
    // A new kind of column: add one to `values` above, so its decoding is checked too.
    expect([...uncovered]).toEqual([]);
  });

  // pg parses dates and timestamps in the process's time zone: Riyadh is where the app runs.
  it.each(['UTC', 'Asia/Riyadh', 'America/Los_Angeles'])(
    "decodes every kind of column to what Drizzle's own path returns, nulls included (TZ=%s)",
    async (tz) => {
      const saved = process.env.TZ;
      process.env.TZ = tz;
      try {
        const query = database.db.select(columns).from(values).orderBy(values._id);
        const fast = await runCompiled(database.db, compileSelect(query, columns));
        expect(fast, 'the fast path ran').toBeDefined();
        const drizzle = await query;
        expect(plainBytes(fast!)).toEqual(plainBytes(drizzle));
        // Pinned values too: were both paths to change alike, the API's answers would still change.
        expect(plainBytes(fast!.slice(0, 2))).toEqual(plainBytes([fullRow, emptyRow]));
        expect(fast![0].at).toBeInstanceOf(Date);
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    },
  );
});

const resource: ListResource = {
  table: values,
  fields: { _id: values._id, name: values.name, count: values.count, rate: values.rate, at: values.at },
  filters: {
    active: { column: values.active, type: 'boolean' },
    count: { column: values.count, type: 'number' },
    at: { column: values.at, type: 'date' },
    _id: { column: values._id, type: 'uuid' },
    name: { column: values.name, type: 'text' },
  },
  searchColumn: values.searchText,
  defaultSort: 'name',
};

describe("list-query's placeholders: drizzle-orm's fillPlaceholders", () => {
  it('puts each value in place of the Placeholder of its name and leaves every other parameter as it is', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const list = ['x'];
    const filled = fillPlaceholders([sql.placeholder('a'), 'text', 3, null, at, sql.placeholder('b'), list], {
      a: 7,
      b: at,
    });
    expect(filled).toEqual([7, 'text', 3, null, at, at, list]);
    expect(filled[4]).toBe(at);
    expect(filled[5]).toBe(at); // a value is passed on, not encoded
    expect(filled[6]).toBe(list);
  });

  it('refuses a placeholder without a value instead of sending NULL', () => {
    expect(() => fillPlaceholders([sql.placeholder('limit')], {})).toThrow(/limit/);
  });

  it('fills every placeholder of a compiled list shape, filters, search and paging', () => {
    const q = parseListQuery(resource, {
      active: 'true',
      count: '7,42',
      atFrom: '2026-01-01',
      _id: FULL,
      name: 'سالم',
      search: 'احمد',
      limit: '5',
      page: '2',
    });
    const built = compileListQuery(database.db, resource, q);
    // The shape is compiled once; each request fills its own values.
    const again = compileListQuery(database.db, resource, { ...q, searchTerms: ['%زياد%'] });
    expect(again.rows.sql).toBe(built.rows.sql);
    expect(again.rows.params).toContain('%زياد%');
    for (const params of [built.rows.params, built.count.params]) {
      expect(params.some((p) => is(p, Placeholder) || is(p, Param))).toBe(false);
      expect(params).not.toContain(undefined);
    }
    // In the order of the SQL's $1…$n; a Date is passed on as it is, for the driver to send.
    const from = new Date('2026-01-01T00:00:00Z');
    const conditions = [true, 7, 42, from, FULL, '%سالم%', '%احمد%'];
    expect(built.rows.params).toEqual([...conditions, 5, 5]); // limit, offset
    expect(built.count.params).toEqual([...conditions, SEARCH_COUNT_CAP + 1]); // the capped count
  });

  it("answers a list through the fast path as Drizzle's prepared statement does", async () => {
    const queries: Record<string, unknown>[] = [
      {},
      { sort: '-rate', limit: '1', page: '2' },
      { active: 'true', fields: 'name,rate,at' },
      { count: '7,42', atFrom: '2026-01-01', atTo: '2026-12-31' },
      { search: 'احمد', name: 'سالم', _id: FULL },
      { countFrom: '8', limit: '0' },
    ];
    for (const query of queries) {
      const q = parseListQuery(resource, query);
      expect(await runCompiled(database.db, compileListQuery(database.db, resource, q).rows)).toBeDefined();
      const fast = await runList(database.db, resource, query);
      // In a transaction runList takes Drizzle's path (prepared query, `execute(values)`).
      const drizzle = await database.db.transaction((tx) => runList(tx, resource, query));
      expect(fast, JSON.stringify(query)).toEqual(drizzle);
      expect(fast.data.length, JSON.stringify(query)).toBeGreaterThan(0);
    }
  });
});

describe('the bare driver under a database', () => {
  it("runs on the database openDatabase made, and in a transaction on the transaction's own connection", async () => {
    const compiled = compileSelect(database.db.select({ name: values.name }).from(values), {
      name: values.name,
    });
    expect(await runCompiled(database.db, compiled)).toHaveLength(3);
    const ROLLED_BACK = '00000000-0000-4000-8000-000000000009';
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(values).values({ _id: ROLLED_BACK, name: 'مؤقت', searchText: 'مؤقت' });
        // Its own uncommitted row: the statement ran in the transaction, not beside it.
        expect(await runCompiled(tx, compiled)).toHaveLength(4);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await runCompiled(database.db, compiled)).toHaveLength(3);
  });

  it("writes with placeholders in a transaction through each column's mapToDriverValue, and undoes them with it", async () => {
    const ADDED = '00000000-0000-4000-8000-000000000008';
    const returned = { _id: values._id, doc: values.doc, at: values.at };
    const insert = compiledStatement(returned, (db) =>
      db
        .insert(values)
        .values({
          _id: sql.placeholder('id'),
          name: sql.placeholder('name'),
          searchText: sql.placeholder('name'),
          doc: sql.placeholder('doc'),
          at: sql.placeholder('at'),
        })
        .returning(returned),
    );
    const at = new Date('2026-03-01T21:30:00.123Z');
    const doc = { a: [1, 'نص'], b: null };
    await expect(
      database.db.transaction(async (tx) => {
        expect(await insert(tx, { id: ADDED, name: 'سارة', doc, at })).toEqual([{ _id: ADDED, doc, at }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const [kept] = await database.db.select({ n: sql<number>`count(*)::int` }).from(values);
    expect(kept.n).toBe(3);
    await database.db.transaction(async (tx) => {
      await insert(tx, { id: ADDED, name: 'سارة', doc, at });
    });
    const [row] = await database.db.select(returned).from(values).where(sql`${values._id} = ${ADDED}`);
    expect(row).toEqual({ _id: ADDED, doc, at });
    await database.db.delete(values).where(sql`${values._id} = ${ADDED}`);
  });

  it("keeps a NULL a NULL, where drizzle-orm's fillPlaceholders would write jsonb `null`", async () => {
    const NULLS = '00000000-0000-4000-8000-000000000007';
    const insert = compiledStatement({}, (db) =>
      db.insert(values).values({
        _id: sql.placeholder('id'),
        name: sql.placeholder('name'),
        searchText: sql.placeholder('name'),
        doc: sql.placeholder('doc'),
        at: sql.placeholder('at'),
      }),
    );
    await database.db.transaction((tx) => insert(tx, { id: NULLS, name: 'ندى', doc: null, at: null }));
    const [row] = await database.db
      .select({ sqlNull: sql<boolean>`${values.doc} is null and ${values.at} is null` })
      .from(values)
      .where(sql`${values._id} = ${NULLS}`);
    expect(row.sqlNull).toBe(true);
    await database.db.delete(values).where(sql`${values._id} = ${NULLS}`);
  });
});
