import { normalizeArabic, toLatinDigits } from '@idara/domain';
import { and, asc, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { selectRows } from '../db/fast-query';
import { badRequest } from './errors';

export type FilterType = 'text' | 'uuid' | 'boolean' | 'number' | 'date' | 'enum';

export interface FilterSpec {
  column: PgColumn;
  type: FilterType;
  values?: readonly string[];
}

/** What a list endpoint exposes: its public fields, filters and search column. */
export interface ListResource {
  table: PgTable;
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

export interface ListQuery {
  page: number;
  limit: number;
  fields: string[];
  orderBy: SQL[];
  where: SQL | undefined;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function one(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
  if (v === undefined || v === null) return undefined;
  return String(v);
}

function intParam(raw: unknown, name: string, fallback: number, min: number, max: number) {
  const s = one(raw);
  if (s === undefined || s === '') return fallback;
  const n = Number(toLatinDigits(s));
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`قيمة ${name} غير صحيحة`);
  }
  return n;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function parseValue(spec: FilterSpec, raw: string, name: string): unknown {
  const v = toLatinDigits(raw.trim());
  switch (spec.type) {
    case 'uuid':
      if (!UUID_RE.test(v)) throw badRequest(`قيمة المرشح ${name} غير صحيحة`);
      return v;
    case 'boolean':
      if (v !== 'true' && v !== 'false') throw badRequest(`قيمة المرشح ${name} يجب أن تكون true أو false`);
      return v === 'true';
    case 'number': {
      const n = Number(v);
      if (v === '' || !Number.isFinite(n)) throw badRequest(`قيمة المرشح ${name} يجب أن تكون رقماً`);
      return n;
    }
    case 'date': {
      const d = new Date(v);
      if (v === '' || Number.isNaN(d.getTime())) throw badRequest(`قيمة المرشح ${name} ليست تاريخاً صحيحاً`);
      return d;
    }
    case 'enum':
      if (!spec.values?.includes(v)) throw badRequest(`قيمة المرشح ${name} غير معروفة`);
      return v;
    default:
      if (v.length > 200) throw badRequest(`قيمة المرشح ${name} طويلة جداً`);
      return v;
  }
}

/**
 * Parses `page, limit (0 = all), sort (-a,b), fields (a,b or -a,-b), search, <filter>=v[,v2],
 * <filter>From / <filter>To` into Drizzle pieces. Unknown parameters (such as `cache`) are ignored;
 * unknown sort or field names are a 400.
 */
export function parseListQuery(resource: ListResource, query: Record<string, unknown>): ListQuery {
  const maxLimit = resource.maxLimit ?? 100;
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
    for (const n of included) if (!resource.fields[n]) throw badRequest(`الحقل ${n} غير معروف`);
    fields = included.length
      ? [...new Set(['_id', ...included])]
      : fields.filter((f) => !excluded.includes(f));
  }

  const orderBy: SQL[] = [];
  const rawSort = one(query.sort)?.trim() || resource.defaultSort;
  for (const part of rawSort
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const column = resource.fields[name];
    if (!column) throw badRequest(`لا يمكن الترتيب حسب ${name}`);
    orderBy.push(descending ? desc(column) : asc(column));
  }
  // A stable tiebreaker keeps pages from overlapping.
  if (resource.fields._id && !rawSort.split(',').some((p) => p.replace('-', '') === '_id')) {
    orderBy.push(asc(resource.fields._id));
  }

  const conditions: SQL[] = [];
  for (const [name, spec] of Object.entries(resource.filters ?? {})) {
    const raw = one(query[name]);
    if (raw !== undefined && raw !== '') {
      const values = raw.split(',').map((v) => parseValue(spec, v, name));
      if (spec.type === 'text' && values.length === 1) {
        conditions.push(ilike(spec.column, `%${escapeLike(String(values[0]))}%`));
      } else {
        conditions.push(values.length === 1 ? eq(spec.column, values[0]) : inArray(spec.column, values));
      }
    }
    if (spec.type === 'number' || spec.type === 'date') {
      const from = one(query[`${name}From`]);
      const to = one(query[`${name}To`]);
      if (from) conditions.push(gte(spec.column, parseValue(spec, from, name)));
      if (to) conditions.push(lte(spec.column, parseValue(spec, to, name)));
    }
  }

  const search = one(query.search);
  if (search && resource.searchColumn) {
    if (search.length > 200) throw badRequest('نص البحث طويل جداً');
    for (const term of normalizeArabic(search).split(' ').filter(Boolean)) {
      conditions.push(ilike(resource.searchColumn, `%${escapeLike(term)}%`));
    }
  }

  return { page, limit, fields, orderBy, where: conditions.length ? and(...conditions) : undefined };
}

export interface ListResult<T = Record<string, unknown>> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

/** The page and count queries of a list request, unexecuted (the bench runs their SQL bare). */
export function buildListQueries(
  db: DbOrTx,
  resource: ListResource,
  query: Record<string, unknown>,
  extraWhere?: SQL,
) {
  const q = parseListQuery(resource, query);
  const where = extraWhere ? (q.where ? and(q.where, extraWhere) : extraWhere) : q.where;
  const selection = Object.fromEntries(q.fields.map((f) => [f, resource.fields[f]]));
  let rows = db
    .select(selection)
    .from(resource.table)
    .where(where)
    .orderBy(...q.orderBy)
    .$dynamic();
  if (q.limit > 0) rows = rows.limit(q.limit).offset((q.page - 1) * q.limit);
  const countSelection = { total: sql<number>`count(*)::int` };
  const count = db.select(countSelection).from(resource.table).where(where);
  return { parsed: q, rows, count, selection, countSelection };
}

/** Runs a list request: one page of rows and the total under the same filters. */
export async function runList(
  db: DbOrTx,
  resource: ListResource,
  query: Record<string, unknown>,
  extraWhere?: SQL,
): Promise<ListResult> {
  const { parsed, rows, count, selection, countSelection } = buildListQueries(
    db,
    resource,
    query,
    extraWhere,
  );
  const [data, [{ total }]] = await Promise.all([
    selectRows(db, rows, selection),
    selectRows(db, count, countSelection),
  ]);
  return { data, total: total as number, page: parsed.limit > 0 ? parsed.page : 1, limit: parsed.limit };
}
