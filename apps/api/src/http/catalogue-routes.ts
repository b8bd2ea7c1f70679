import { normalizeArabic } from '@idara/domain';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type CrudConfig, crudRoutes } from './crud';
import { listResource, rowColumns } from './list-parts';
import type { FilterSpec } from './list-query';

/**
 * `crudRoutes` for a catalogue: one of the office's own named lists (regions, cities, services,
 * contract types, payment methods) that pickers load whole. Its list answers the row's columns by
 * name, up to 1000 a page, and finds a record by the text `search` gives; messages and the activity
 * log name a record by its name.
 */
export function catalogueRoutes<Body extends z.ZodObject, Rec extends z.ZodObject>(
  config: Omit<CrudConfig<Body, Rec>, 'id' | 'resource' | 'toValues' | 'label'> & {
    table: PgTable & { _id: PgColumn };
    /** The list's row (the record without its version). */
    row: z.ZodObject;
    filters?: Record<string, FilterSpec>;
    search: (body: z.output<Body>) => string;
  },
) {
  const { row, filters, search, ...crud } = config;
  return crudRoutes<Body, Rec>({
    ...crud,
    id: config.table._id,
    resource: listResource(config.table, rowColumns(row, config.table), {
      filters,
      defaultSort: 'name',
      maxLimit: 1000,
    }),
    toValues: (body) => ({ ...body, searchText: normalizeArabic(search(body)) }),
    label: (r) => String(r.name),
  });
}
