import { INVALID_DATE_MESSAGE, normalizeArabic, readDay, readIsoDate, toLatinDigits } from '@idara/domain';
import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  gte,
  ilike,
  inArray,
  like,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { type CompiledSelect, compileSelect, runCompiled } from '../db/fast-query';
import { badRequest } from './errors';

/** `date`: an instant (timestamptz) from a date or date-time; `day`: a calendar day column (`date`), compared as days. */
export type FilterType = 'text' | 'uuid' | 'boolean' | 'number' | 'date' | 'day' | 'enum';

export interface FilterSpec {
  column: PgColumn;
  type: FilterType;
  values?: readonly string[];
  /** A condition of its own for one value (e.g. an array that contains it, a row that exists). */
  where?: (value: SQL) => SQL;
}

/** A filter on an array of ids: the rows whose array holds the one asked for (`?assignee=<id>`). */
export const containsFilter = (column: PgColumn): FilterSpec => ({
  column,
  type: 'uuid',
  where: (id) => sql`${column} @> array[${id}::uuid]`,
});

/**
 * A list's fields, each key a field of the record's answer (`@idara/domain` responses): a misspelt
 * key does not compile.
 */
export const fieldsOf = <R extends z.ZodObject>(
  _record: R,
  fields: { [K in keyof z.output<R>]?: PgColumn },
): Record<string, PgColumn> => fields as Record<string, PgColumn>;

/** What a list endpoint exposes: its public fields, filters and search column. */
export interface ListResource {
  table: PgTable;
  /**
   * Tables left-joined for display fields (e.g. the customer's name on an order), each on its
   * primary key, so a join never changes how many rows a list has.
   */
  joins?: { table: PgTable; on: SQL }[];
  /** API field name → column. Only these can be selected, sorted or returned. */
  fields: Record<string, PgColumn>;
  /** Fields returned when the client does not ask for `fields`; default all. */
  defaultFields?: string[];
  filters?: Record<string, FilterSpec>;
  /** A column holding normalizeArabic() of the searchable text. */
  searchColumn?: PgColumn;
  defaultSort: string;
  maxLimit?: number;
}

type Operator = 'eq' | 'in' | 'ilike' | 'gte' | 'lte';

/** A list request, parsed and validated but not yet SQL. */
export interface ListQuery {
  page: number;
  limit: number;
  fields: string[];
  sort: { field: string; descending: boolean }[];
  conditions: { filter: string; op: Operator; values: unknown[] }[];
  searchTerms: string[];
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function one(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
  if (v === undefined || v === null) return undefined;
  return String(v);
}

/** What a person calls the list's own query parameters; filters are named as the API spells them. */
const PARAM_LABELS: Record<string, string> = { page: 'رقم الصفحة', limit: 'عدد السجلات في الصفحة' };

function intParam(raw: unknown, name: string, fallback: number, min: number, max: number) {
  const s = one(raw);
  if (s === undefined || s === '') return fallback;
  const n = Number(toLatinDigits(s));
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`${PARAM_LABELS[name] ?? `المعامل «${name}»`} غير صحيح`);
  }
  return n;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function parseValue(spec: FilterSpec, raw: string, name: string): unknown {
  const v = toLatinDigits(raw.trim());
  switch (spec.type) {
    case 'uuid':
      if (!UUID_RE.test(v)) throw badRequest(`قيمة المرشح «${name}» غير صحيحة`);
      return v;
    case 'boolean':
      if (v !== 'true' && v !== 'false')
        throw badRequest(`قيمة المرشح «${name}» يجب أن تكون «true» أو «false»`);
      return v === 'true';
    case 'number': {
      const n = Number(v);
      if (v === '' || !Number.isFinite(n)) throw badRequest(`قيمة المرشح «${name}» يجب أن تكون رقماً`);
      return n;
    }
    case 'date': {
      const d = readIsoDate(v);
      if (!d.ok)
        throw badRequest(
          d.message === INVALID_DATE_MESSAGE
            ? `قيمة المرشح «${name}» ليست تاريخاً صحيحاً`
            : `قيمة المرشح «${name}»: ${d.message}`,
        );
      return d.instant;
    }
    case 'day': {
      const d = readDay(v);
      if (!d.ok)
        throw badRequest(
          d.message === INVALID_DATE_MESSAGE
            ? `قيمة المرشح «${name}» ليست يوماً صحيحاً`
            : `قيمة المرشح «${name}»: ${d.message}`,
        );
      return d.day;
    }
    case 'enum':
      if (!spec.values?.includes(v)) throw badRequest(`قيمة المرشح «${name}» غير معروفة`);
      return v;
    default:
      if (v.length > 200) throw badRequest(`قيمة المرشح «${name}» طويلة جداً`);
      return v;
  }
}

/**
 * Parses `page, limit (0 = all), sort (-a,b), fields (a,b or -a,-b), search, <filter>=v[,v2],
 * <filter>From / <filter>To`. Unknown parameters (such as `cache`) are ignored; unknown sort or
 * field names and malformed values are a 400 with an Arabic message.
 */
export function parseListQuery(
  resource: ListResource,
  query: Record<string, unknown>,
  maxLimit = resource.maxLimit ?? 100,
): ListQuery {
  const page = intParam(query.page, 'page', 1, 1, 1_000_000);
  const limit = intParam(query.limit, 'limit', 20, 0, maxLimit);

  const allFields = Object.keys(resource.fields);
  let fields = resource.defaultFields ?? allFields;
  const rawFields = one(query.fields)?.trim();
  if (rawFields) {
    const names = rawFields
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    const excluded = names.filter((n) => n.startsWith('-')).map((n) => n.slice(1));
    const included = names.filter((n) => !n.startsWith('-'));
    for (const n of included)
      if (!Object.hasOwn(resource.fields, n)) throw badRequest(`الحقل ${n} غير معروف`);
    fields = included.length
      ? [...new Set(['_id', ...included])]
      : fields.filter((f) => !excluded.includes(f));
  }

  const sort: ListQuery['sort'] = [];
  const rawSort = one(query.sort)?.trim() || resource.defaultSort;
  for (const part of rawSort
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const descending = part.startsWith('-');
    const field = descending ? part.slice(1) : part;
    if (!Object.hasOwn(resource.fields, field)) throw badRequest(`لا يمكن الترتيب حسب ${field}`);
    sort.push({ field, descending });
  }
  // A stable tiebreaker keeps pages from overlapping.
  if (resource.fields._id && !sort.some((s) => s.field === '_id'))
    sort.push({ field: '_id', descending: false });

  const conditions: ListQuery['conditions'] = [];
  for (const [name, spec] of Object.entries(resource.filters ?? {})) {
    const raw = one(query[name]);
    if (raw !== undefined && raw !== '') {
      const values = raw.split(',').map((v) => parseValue(spec, v, name));
      // A text filter with a condition of its own (arabicContainsFilter) compares in that condition.
      if (spec.type === 'text' && !spec.where && values.length === 1) {
        conditions.push({ filter: name, op: 'ilike', values: [`%${escapeLike(String(values[0]))}%`] });
      } else {
        conditions.push({ filter: name, op: values.length === 1 ? 'eq' : 'in', values });
      }
    }
    if (spec.type === 'number' || spec.type === 'date' || spec.type === 'day') {
      const from = one(query[`${name}From`]);
      const to = one(query[`${name}To`]);
      if (from) conditions.push({ filter: name, op: 'gte', values: [parseValue(spec, from, name)] });
      if (to) conditions.push({ filter: name, op: 'lte', values: [parseValue(spec, to, name)] });
    }
  }

  const searchTerms: string[] = [];
  const search = one(query.search);
  if (search && resource.searchColumn) {
    if (search.length > 200) throw badRequest('نص البحث طويل جداً');
    for (const term of normalizeArabic(search).split(' ').filter(Boolean))
      searchTerms.push(`%${escapeLike(term)}%`);
  }

  return { page, limit, fields, sort, conditions, searchTerms };
}

export interface ListResult<T = Record<string, unknown>> {
  data: T[];
  total: number;
  /** Present (true) only when `total` is a lower bound: more rows matched than were counted. */
  totalIsCapped?: true;
  page: number;
  limit: number;
}

/**
 * Rows a paged list counts at most (beyond the page asked for); past this many the answer says
 * "more than" instead, as mail and web searches do. An exact total visits every row that matches,
 * so it grows with the table while the page itself does not (docs/PERFORMANCE.md, "Capped list
 * totals"). A list without a search counts index entries, ~0.4 ms per thousand, and stays exact up
 * to LIST_COUNT_CAP — every list of an office with fewer records. A search's trigram index answers
 * only with a bitmap of every match, built whole before the first row is checked, so a capped count
 * over it still grows with the table; counting only SEARCH_COUNT_CAP matches lets PostgreSQL read
 * rows in order and stop instead (a common term: a few thousand rows at any size; a rare one still
 * takes the index). A search finds; past a hundred matches the user narrows it. `limit=0` (every
 * row) and the totals rows (aggregateList) are always exact.
 */
export const LIST_COUNT_CAP = 5000;
export const SEARCH_COUNT_CAP = 100;

/** Rows a capped count stops at: the cap, or the end of the page asked for if that lies further. */
export function countBound(q: ListQuery): number | undefined {
  if (q.limit === 0) return undefined;
  return Math.max(q.searchTerms.length ? SEARCH_COUNT_CAP : LIST_COUNT_CAP, q.page * q.limit);
}

/** The total to answer from what the count query returned (one row past the bound = more exist). */
export function cappedTotal(
  bound: number | undefined,
  counted: number,
): Pick<ListResult, 'total' | 'totalIsCapped'> {
  return bound !== undefined && counted > bound ? { total: bound, totalIsCapped: true } : { total: counted };
}

const totalOf = (q: ListQuery, counted: number) => cappedTotal(countBound(q), counted);

/**
 * Builds the page and count queries with placeholders instead of values. Queries of the same shape
 * (fields, sort, which filters, how many values and search terms) share one compiled statement, so a
 * request costs parsing and parameter filling, not SQL generation.
 */
function buildShape(db: DbOrTx, resource: ListResource, q: ListQuery, extraWhere?: SQL, keyset = false) {
  const where: SQL[] = [];
  q.conditions.forEach((c, i) => {
    const spec = resource.filters![c.filter];
    const column = spec.column;
    const ph = c.values.map((_, j) => sql.placeholder(`c${i}_${j}`));
    if (spec.where && (c.op === 'eq' || c.op === 'in')) {
      const each = ph.map((p) => spec.where!(sql`${p}`));
      where.push(each.length === 1 ? each[0] : or(...each)!);
      return;
    }
    const op = { eq: eq, gte: gte, lte: lte }[c.op as 'eq' | 'gte' | 'lte'];
    if (op) where.push(op(column, ph[0]));
    else if (c.op === 'in') where.push(inArray(column, ph));
    else where.push(ilike(column, ph[0]));
  });
  // LIKE, not ILIKE: the column and the terms are both normalizeArabic()'d (lower-cased) already,
  // and ILIKE's per-row case folding of Arabic text doubles the cost of every row a search reads.
  q.searchTerms.forEach((_, i) => {
    where.push(like(resource.searchColumn!, sql.placeholder(`s${i}`)));
  });
  if (extraWhere) where.push(extraWhere);
  const condition = where.length ? and(...where) : undefined;
  const pageCondition = keyset ? and(condition, afterRow(resource, q)) : condition;

  const selection = Object.fromEntries(q.fields.map((f) => [f, resource.fields[f]]));
  const orderBy = q.sort.map((s) =>
    s.descending ? desc(resource.fields[s.field]) : asc(resource.fields[s.field]),
  );
  let rows = withJoins(db.select(selection).from(resource.table).$dynamic(), resource)
    .where(pageCondition)
    .orderBy(...orderBy)
    .$dynamic();
  if (q.limit > 0) {
    rows = rows.limit(sql.placeholder('limit') as unknown as number);
    if (!keyset) rows = rows.offset(sql.placeholder('offset') as unknown as number);
  }
  const countSelection = { total: sql<number>`count(*)::int` };
  // The joins only add display fields, so the count leaves them out unless a condition may read a
  // joined table. PostgreSQL removes such a join but still counts its columns as needed, which rules
  // out counting from an index alone (measured: 26,751 of 1M orders by status and date, 160 → 8 ms).
  const ownColumn = (column: PgColumn | undefined) => column?.table === resource.table;
  const conditionsOnOwnTable =
    !extraWhere &&
    q.conditions.every(
      (c) => !resource.filters![c.filter].where && ownColumn(resource.filters![c.filter].column),
    ) &&
    (!q.searchTerms.length || ownColumn(resource.searchColumn));
  const from = <Q extends ReturnType<typeof db.select>>(query: Q) => {
    const fromTable = query.from(resource.table).$dynamic();
    return (conditionsOnOwnTable ? fromTable : withJoins(fromTable, resource)).where(condition);
  };
  // A paged list counts at most countBound()+1 matches: PostgreSQL stops reading there (an index
  // walk stops at once; a trigram search's bitmap is still built whole before the first recheck).
  const count =
    countBound(q) === undefined
      ? from(db.select(countSelection))
      : db.select(countSelection).from(
          from(db.select({ one: sql<number>`1`.as('one') }))
            .limit(sql.placeholder('countLimit') as unknown as number)
            .as('matches'),
        );
  return { rows, count, selection, countSelection, condition };
}

/**
 * Keyset paging: rows strictly after the row whose `_id` is the `after` placeholder, in the list's
 * order (every sort column, NULLs last ascending and first descending as PostgreSQL sorts them, then
 * `_id`). The previous row's values are read by `_id` inside the query, so nothing is lost by a
 * round trip through JavaScript (timestamps keep their microseconds).
 */
function afterRow(resource: ListResource, q: ListQuery): SQL {
  const id = resource.fields._id;
  const joins = sql.join(
    (resource.joins ?? []).map((j) => sql` left join ${j.table} on ${j.on}`),
    sql``,
  );
  const last = (column: PgColumn) =>
    sql`(select ${column} from ${resource.table}${joins} where ${id} = ${sql.placeholder('after')})`;
  const branches: SQL[] = [];
  const equalSoFar: SQL[] = [];
  for (const s of q.sort) {
    const column = resource.fields[s.field];
    const previous = last(column);
    const after = s.descending
      ? sql`(${column} < ${previous} or (${column} is not null and ${previous} is null))`
      : sql`(${column} > ${previous} or (${column} is null and ${previous} is not null))`;
    branches.push(and(...equalSoFar, after)!);
    equalSoFar.push(sql`${column} is not distinct from ${previous}`);
  }
  const keyset = sql`(${sql.join(branches, sql` or `)})`;
  // The same bound on the leading column alone, which an index on it can serve (the OR above cannot).
  const lead = resource.fields[q.sort[0].field];
  // A left-joined column can be NULL whatever its own table says.
  if (!lead.notNull || lead.table !== resource.table) return keyset;
  const bound = q.sort[0].descending ? sql`${lead} <= ${last(lead)}` : sql`${lead} >= ${last(lead)}`;
  return and(bound, keyset)!;
}

function withJoins<Q extends { leftJoin: (table: PgTable, on: SQL) => any }>(
  query: Q,
  resource: ListResource,
): Q {
  let q = query;
  for (const j of resource.joins ?? []) q = q.leftJoin(j.table, j.on);
  return q;
}

/** `select <fields> from <table> left join …` for one record's details, with the list's joins. */
export function withJoinsSelect(db: DbOrTx, resource: ListResource, fields: Record<string, PgColumn>) {
  return withJoins(db.select(fields).from(resource.table).$dynamic(), resource);
}

/**
 * An aggregate over every row a list request selects (same filters and search, no paging), e.g.
 * the payments list's totals row.
 */
export async function aggregateList<T extends Record<string, unknown>>(
  db: DbOrTx,
  resource: ListResource,
  query: Record<string, unknown>,
  selection: Record<string, SQL.Aliased | SQL | PgColumn>,
): Promise<T> {
  const q = parseListQuery(resource, { ...query, page: '1', limit: '1' });
  const built = buildShape(db, resource, q);
  const [row] = await withJoins(db.select(selection).from(resource.table).$dynamic(), resource)
    .where(built.condition)
    .execute(placeholderValues(q));
  return row as T;
}

/** The values for buildShape's placeholders, named the same way. */
function placeholderValues(q: ListQuery, after?: unknown) {
  const values: Record<string, unknown> = {};
  q.conditions.forEach((c, i) => {
    c.values.forEach((v, j) => {
      values[`c${i}_${j}`] = v;
    });
  });
  q.searchTerms.forEach((term, i) => {
    values[`s${i}`] = term;
  });
  if (q.limit > 0) {
    values.limit = q.limit;
    values.offset = (q.page - 1) * q.limit;
  }
  const bound = countBound(q);
  if (bound !== undefined) values.countLimit = bound + 1;
  if (after !== undefined) values.after = after;
  return values;
}

const shapeCache = new WeakMap<ListResource, Map<string, { rows: CompiledSelect; count: CompiledSelect }>>();
const SHAPES_PER_RESOURCE = 500;

function shapeKey(q: ListQuery, keyset: boolean) {
  return JSON.stringify([
    keyset,
    q.fields,
    q.sort,
    q.conditions.map((c) => [c.filter, c.op, c.values.length]),
    q.searchTerms.length,
    q.limit > 0,
  ]);
}

/** The SQL and parameters of a list request, compiled once per shape. */
export function compileListQuery(db: DbOrTx, resource: ListResource, q: ListQuery, after?: unknown) {
  const keyset = after !== undefined;
  let byShape = shapeCache.get(resource);
  if (!byShape) {
    byShape = new Map();
    shapeCache.set(resource, byShape);
  }
  const key = shapeKey(q, keyset);
  let compiled = byShape.get(key);
  if (!compiled) {
    const built = buildShape(db, resource, q, undefined, keyset);
    compiled = {
      rows: compileSelect(built.rows, built.selection),
      count: compileSelect(built.count, built.countSelection),
    };
    if (byShape.size >= SHAPES_PER_RESOURCE) byShape.clear();
    byShape.set(key, compiled);
  }
  const values = placeholderValues(q, after);
  return {
    rows: { ...compiled.rows, params: fillPlaceholders(compiled.rows.params, values) },
    count: { ...compiled.count, params: fillPlaceholders(compiled.count.params, values) },
  };
}

/** Runs a list request: one page of rows and the total under the same filters. */
export async function runList(
  db: DbOrTx,
  resource: ListResource,
  query: Record<string, unknown>,
  extraWhere?: SQL,
): Promise<ListResult> {
  const q = parseListQuery(resource, query);
  const result = { page: q.limit > 0 ? q.page : 1, limit: q.limit };
  if (!extraWhere) {
    const compiled = compileListQuery(db, resource, q);
    const fast = await Promise.all([runCompiled(db, compiled.rows), runCompiled(db, compiled.count)]);
    if (fast[0] && fast[1]) return { data: fast[0], ...totalOf(q, fast[1][0].total as number), ...result };
  }
  // Inside a transaction, or with a caller's extra condition: the plain Drizzle path.
  const built = buildShape(db, resource, q, extraWhere);
  const values = placeholderValues(q);
  const [data, [{ total }]] = await Promise.all([
    built.rows.execute(values) as Promise<Record<string, unknown>[]>,
    built.count.execute(values) as Promise<{ total: number }[]>,
  ]);
  return { data, ...totalOf(q, total), ...result };
}

/**
 * The rows of a list request, without its total (a caller that shows none): compiled once per shape
 * as `runList`'s, or narrowed by the caller's `extraWhere` through the plain Drizzle path.
 */
export async function listRows(
  db: DbOrTx,
  resource: ListResource,
  query: Record<string, unknown>,
  extraWhere?: SQL,
): Promise<Record<string, unknown>[]> {
  const q = parseListQuery(resource, query);
  if (!extraWhere) {
    const fast = await runCompiled(db, compileListQuery(db, resource, q).rows);
    if (fast) return fast;
  }
  return (await buildShape(db, resource, q, extraWhere).rows.execute(placeholderValues(q))) as Record<
    string,
    unknown
  >[];
}

/**
 * Every row a list request selects, in pages (exports): same filters, search and sort as the list,
 * no count queries. Stops when the consumer stops pulling.
 */
export async function* iterateList(
  db: DbOrTx,
  resource: ListResource,
  query: Record<string, unknown>,
  pageSize = 2000,
): AsyncGenerator<Record<string, unknown>> {
  const first = parseListQuery(resource, { ...query, page: '1', limit: String(pageSize) }, pageSize);
  // Each page starts after the previous page's last row (keyset), so a page costs the same at the
  // end of 100,000 rows as at the start; OFFSET would sort and skip ever more rows.
  const keyset = Boolean(resource.fields._id);
  const q = keyset && !first.fields.includes('_id') ? { ...first, fields: [...first.fields, '_id'] } : first;
  let after: unknown;
  for (let page = 1; ; page++) {
    const pageQuery = keyset ? q : { ...q, page };
    const compiled = compileListQuery(db, resource, pageQuery, after);
    let rows = await runCompiled(db, compiled.rows);
    if (!rows) {
      const built = buildShape(db, resource, pageQuery, undefined, after !== undefined);
      rows = (await built.rows.execute(placeholderValues(pageQuery, after))) as Record<string, unknown>[];
    }
    if (keyset && rows.length) after = rows[rows.length - 1]._id;
    if (q !== first) for (const row of rows) delete row._id;
    yield* rows;
    if (rows.length < pageSize) return;
  }
}
