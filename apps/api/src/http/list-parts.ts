import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { FilterSpec, FilterType, ListResource } from './list-query';

type ColumnKey<T extends PgTable> = keyof T['_']['columns'] & string;
type Referred<T extends PgTable> = { [K in ColumnKey<T>]?: PgTable & { _id: PgColumn } };

/**
 * The list of `table`'s rows with these `fields`: found by the table's `searchText` column when it
 * has one, newest first unless `defaultSort` says otherwise, with `joins` as `joinsOn` takes them.
 */
export function listResource<T extends PgTable>(
  table: T,
  fields: Record<string, PgColumn>,
  spec: Omit<Partial<ListResource>, 'table' | 'fields' | 'joins'> & { joins?: Referred<T> } = {},
): ListResource {
  const { joins, ...rest } = spec;
  return {
    table,
    fields,
    searchColumn: (getTableColumns(table) as Record<string, PgColumn | undefined>).searchText,
    defaultSort: '-createdAt',
    ...rest,
    ...(joins ? { joins: joinsOn(table, joins) } : {}),
  };
}

/**
 * Filters on a table's own columns, each named as its key in the table's definition: the keys by
 * the type they filter as, and enum columns with the values they take.
 * `filtersOn(payments, { enum: { status: paymentStatuses }, uuid: ['order'], date: ['paidAt'] })`.
 */
export function filtersOn<T extends PgTable>(
  table: T,
  spec: { [K in Exclude<FilterType, 'enum'>]?: ColumnKey<T>[] } & {
    enum?: { [K in ColumnKey<T>]?: readonly string[] };
  },
): Record<string, FilterSpec> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const { enum: enums = {}, ...byType } = spec;
  return Object.fromEntries([
    ...Object.entries(enums).map(([key, values]) => [
      key,
      { column: columns[key], type: 'enum' as const, values: values as readonly string[] },
    ]),
    ...Object.entries(byType).flatMap(([type, keys]) =>
      (keys as string[]).map((key) => [key, { column: columns[key], type: type as FilterType }]),
    ),
  ]);
}

/**
 * The list's left joins: each referred table on its primary key, which the listed table's column
 * (by its key) holds. `joinsOn(payments, { order: orders, customer: customers })`.
 */
function joinsOn<T extends PgTable>(table: T, referred: Referred<T>) {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.entries(referred).map(([key, joined]) => ({
    table: joined as PgTable,
    on: eq(columns[key], (joined as { _id: PgColumn })._id),
  }));
}

/** The table's columns that the row (a record's answer) names, by the same keys. */
export function rowColumns(row: z.ZodObject, table: PgTable): Record<string, PgColumn> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(
    Object.keys(row.shape).flatMap((key) => (columns[key] ? [[key, columns[key]]] : [])),
  );
}
