import { type defineEntity, normalizeArabic, type PermissionArea } from '@idara/domain';
import { getTableColumns, is } from 'drizzle-orm';
import { type PgColumn, PgDateString } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type CrudConfig, crudRoutes } from './crud';
import { rowColumns } from './list-parts';
import type { ListResource } from './list-query';

type Definition = ReturnType<typeof defineEntity>;

/**
 * `crudRoutes` for a record kind declared with `defineEntity` (packages/domain/src/entities): the
 * area, nouns, body and answer come from the definition; the list answers every field of the row
 * that is a column of the table (references add their names), newest first, filterable by each
 * calendar day (inclusive ranges); `search` names the body fields a search finds, written
 * normalised into the table's `searchText`.
 */
export function entityRoutes<D extends Definition>(
  definition: D,
  config: Omit<
    CrudConfig<D['body'], D['record']>,
    'entity' | 'area' | 'noun' | 'plural' | 'record' | 'body' | 'resource' | 'id' | 'toValues'
  > & {
    resource?: Partial<ListResource>;
    search: (keyof z.output<D['body']> & string)[];
  },
) {
  const { table, search, resource, ...rest } = config;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const fields = rowColumns(definition.row, table);
  // Every calendar day filters as days, and as a range (`<day>From`, `<day>To`).
  const dayFilters = Object.fromEntries(
    Object.entries(fields).flatMap(([key, column]) =>
      is(column, PgDateString) ? [[key, { column, type: 'day' as const }]] : [],
    ),
  );
  return crudRoutes<D['body'], D['record']>({
    ...rest,
    table,
    entity: definition.area,
    area: definition.area as PermissionArea,
    noun: definition.noun,
    plural: definition.plural,
    record: definition.record as D['record'],
    body: definition.body as D['body'],
    id: columns._id,
    resource: {
      table,
      fields,
      searchColumn: columns.searchText,
      defaultSort: '-createdAt',
      ...resource,
      filters: { ...dayFilters, ...resource?.filters },
    },
    toValues: (body) => {
      const values = body as Record<string, unknown>;
      const text = search.map((k) => values[k]).filter((v) => typeof v === 'string' && v);
      return { ...values, searchText: normalizeArabic(text.join(' ')) };
    },
  });
}
