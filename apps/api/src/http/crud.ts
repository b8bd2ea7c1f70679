import {
  agree,
  type EntityNoun,
  idSchema,
  messageOut,
  type Permission,
  type PermissionArea,
  recordListOf,
} from '@idara/domain';
import { and, count, eq, getTableColumns, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { recordActivity } from '../lib/activity';
import { assertFreshVersion, ifMatchOf, nextVersion, withETag } from './edit-version';
import { AppError, notFound } from './errors';
import { type ExportConfig, registerExportRoute } from './export-route';
import { guarded } from './guarded';
import { type ListResource, runList, withJoinsSelect } from './list-query';
import { assertRefsExist, type RefField, referrersOf, registerReferrer } from './references';
import { actorOf } from './request-context';
import type { RoutesPlugin } from './response-contract';
import { idParams } from './route-params';

type Row = Record<string, unknown>;

/** Another table pointing at this one: deleting a referenced record is refused. */
export interface Reference {
  table: PgTable;
  column: PgColumn;
  /** Arabic plural of what refers, e.g. 'مدن' → 'لارتباطه بـ 3 مدن'. */
  what: string;
}

/** A unique field checked before writing, so the 409 can name who already has the value. */
export interface UniqueField {
  field: string;
  column: PgColumn;
  message: (existing: Row) => string;
}

export interface CrudConfig<Body extends z.ZodType, Rec extends z.ZodObject = z.ZodObject> {
  /** Activity-log entity name, e.g. 'customer'. */
  entity: string;
  /** Permission area: `<area>:read|details|create|update|delete`. */
  area: PermissionArea;
  /** How sentences name the record, with its gender: `entityNouns.customer` ('العميل', m). */
  noun: EntityNoun;
  table: PgTable;
  id: PgColumn;
  resource: ListResource;
  /** What details, create and update answer (`@idara/domain` responses); the list's rows are its columns without `version`. */
  record: Rec;
  /** Validates create and update bodies (a PUT's body is laid over the stored record first). */
  body: Body;
  /** Body → column values (derived columns such as searchText included). */
  toValues: (input: z.output<Body>) => Row;
  /** The record's name in messages and the activity log. */
  label: (row: Row) => string;
  references?: Reference[];
  /**
   * Fields referring to another record (`ref('customer', table.customer)`): each answers with the
   * record's name, is checked to exist, filters the list, and keeps that record from being deleted.
   */
  refs?: RefField[];
  /** The Arabic plural a delete guard names this entity by ('المعدات'); needed with `refs`. */
  plural?: string;
  unique?: UniqueField[];
  /** Checks that need the database (e.g. the city belongs to the region); throw AppError. */
  validate?: (tx: Tx, input: z.output<Body>) => Promise<void>;
  /** Export columns: each key a field of the list's answer (a misspelt key does not compile). */
  export: ExportConfig<keyof z.output<Rec> & string>;
}

const bulkBody = z.object({
  ids: z
    .array(idSchema)
    .min(1, { message: 'اختر سجلاً واحداً على الأقل' })
    .max(200, { message: 'لا يمكن حذف أكثر من 200 سجل دفعة واحدة' }),
});

/**
 * The routes every record type shares: list, details, create, update, delete and bulk delete, each
 * guarded by its permission, validated by the entity's schema, and written in one transaction with
 * its activity-log row. A new entity is a config, not a copy.
 */
export function crudRoutes<Body extends z.ZodType, Rec extends z.ZodObject>(
  config: CrudConfig<Body, Rec>,
): RoutesPlugin {
  const { area, entity, table, id } = config;
  const refs = config.refs ?? [];
  const resource = withRefs(config.resource, refs);
  for (const r of refs) {
    if (!config.plural) throw new Error(`${entity}: an entity with references needs its plural`);
    registerReferrer(r.target, { table, column: r.column, what: config.plural });
  }
  const can = (action: 'read' | 'details' | 'create' | 'update' | 'delete') =>
    `${area}:${action}` as Permission;
  const noun = config.noun.noun;
  const tags = [entity];
  // Rec types the definition's keys; the routes answer any record shape.
  const record = config.record as z.ZodObject;
  const list = recordListOf(record as z.ZodObject<{ version: z.ZodType }>);
  const versionColumn = getTableColumns(table).version;
  if (!versionColumn) throw new Error(`${entity}: an editable table needs a version column`);
  const selection: typeof resource.fields = { ...resource.fields, version: versionColumn };

  /** The record's fields with its references' names (left-joined: the row count never changes). */
  const select = (tx: DbOrTx) => withJoinsSelect(tx, resource, selection);

  async function load(tx: DbOrTx, recordId: string, lock = false) {
    const q = select(tx).where(eq(id, recordId));
    const [row] = lock ? await q.for('update', { of: table }) : await q;
    if (!row) throw notFound(config.noun);
    return row as Row;
  }

  async function assertUnique(tx: Tx, values: Row, exceptId?: string) {
    for (const u of config.unique ?? []) {
      const value = values[u.field];
      if (value === undefined || value === '' || value === null) continue;
      const where: SQL[] = [eq(u.column, value)];
      if (exceptId) where.push(ne(id, exceptId));
      const [existing] = await select(tx)
        .where(and(...where))
        .limit(1);
      if (existing) {
        const message = u.message(existing as Row);
        throw new AppError(409, message, { fieldErrors: { [u.field]: message } });
      }
    }
  }

  async function assertUnreferenced(tx: Tx, row: Row) {
    for (const ref of [...(config.references ?? []), ...referrersOf(entity)]) {
      const [{ n }] = await tx.select({ n: count() }).from(ref.table).where(eq(ref.column, row._id));
      if (n > 0) {
        throw new AppError(
          409,
          `لا يمكن حذف ${noun} «${config.label(row)}» ${agree(config.noun.gender, 'لارتباطه', 'لارتباطها')} بـ ${n} من ${ref.what}`,
        );
      }
    }
  }

  return async (app) => {
    app.get(
      '/',
      guarded(can('read'), { tags, response: { 200: list } }),
      async (req) => runList(app.db, resource, req.query as Row) as Promise<z.input<typeof list>>,
    );

    registerExportRoute(app, {
      entity,
      permission: can('read'),
      resource,
      export: config.export as ExportConfig,
    });

    app.get(
      '/:id',
      guarded(can('details'), { tags, params: idParams, response: { 200: record } }),
      async (req, reply) => withETag(reply, await load(app.db, req.params.id)),
    );

    app.post(
      '/',
      guarded(can('create'), { tags, body: config.body, response: { 201: record } }),
      async (req, reply) => {
        const input = req.body as z.output<Body>;
        const created = await app.db.transaction(async (tx) => {
          await assertRefsExist(tx, refs, input as Row);
          await config.validate?.(tx, input);
          const values = config.toValues(input);
          await assertUnique(tx, values);
          const [inserted] = await tx.insert(table).values(values).returning({ _id: id });
          const row = await load(tx, String(inserted._id));
          await recordActivity(tx, actorOf(req), {
            action: 'create',
            entity,
            entityId: String(row._id),
            summary: `إضافة ${noun} «${config.label(row)}»`,
            after: row,
          });
          return row;
        });
        app.events.emit('record.created', {
          entity,
          id: String(created._id),
          label: config.label(created),
          actorId: req.user?._id ?? null,
        });
        return reply.status(201).send(created);
      },
    );

    app.put(
      '/:id',
      {
        ...guarded(can('update'), { tags, params: idParams, body: config.body, response: { 200: record } }),
        // A PUT changes only what it names: its body is laid over the stored record before the
        // schema runs, so a field it leaves out keeps its value instead of taking the default.
        preValidation: async (req) => {
          const id = (req.params as { id?: unknown }).id;
          const body = req.body;
          if (!idSchema.safeParse(id).success || !body || typeof body !== 'object' || Array.isArray(body))
            return;
          const [stored] = (await select(app.db).where(eq(config.id, id as string))) as Row[];
          if (!stored) return;
          const named = Object.keys((config.body as unknown as z.ZodObject).shape ?? {});
          const kept = Object.fromEntries(
            named.filter((k) => stored[k] !== undefined).map((k) => [k, stored[k]]),
          );
          req.body = { ...kept, ...(body as Row) } as typeof req.body;
        },
      },
      async (req, reply) => {
        const input = req.body as z.output<Body>;
        const ifMatch = ifMatchOf(req);
        const updated = await app.db.transaction(async (tx) => {
          const before = await load(tx, req.params.id, true);
          await assertFreshVersion(tx, ifMatch, {
            entity,
            entityId: req.params.id,
            current: Number(before.version),
          });
          await assertRefsExist(tx, refs, input as Row);
          await config.validate?.(tx, input);
          const values = config.toValues(input);
          await assertUnique(tx, values, req.params.id);
          await tx
            .update(table)
            .set({ ...values, version: nextVersion(versionColumn), updatedAt: new Date() })
            .where(eq(id, req.params.id));
          const after = await load(tx, req.params.id);
          await recordActivity(tx, actorOf(req), {
            action: 'update',
            entity,
            entityId: req.params.id,
            summary: `تعديل ${noun} «${config.label(after)}»`,
            before,
            after,
          });
          return after;
        });
        return withETag(reply, updated);
      },
    );

    app.delete(
      '/:id',
      guarded(can('delete'), { tags, params: idParams, response: { 200: messageOut } }),
      async (req) => {
        const deleted = await app.db.transaction(async (tx) => {
          const before = await load(tx, req.params.id, true);
          await assertUnreferenced(tx, before);
          await tx.delete(table).where(eq(id, req.params.id));
          await recordActivity(tx, actorOf(req), {
            action: 'delete',
            entity,
            entityId: req.params.id,
            summary: `حذف ${noun} «${config.label(before)}»`,
            before,
          });
          return before;
        });
        return { message: `تم حذف ${noun} «${config.label(deleted)}»` };
      },
    );

    app.post(
      '/bulk-delete',
      guarded(can('delete'), { tags, body: bulkBody, response: { 200: messageOut } }),
      async (req) => {
        const ids = [...new Set(req.body.ids)];
        const n = await app.db.transaction(async (tx) => {
          const rows = (await select(tx).where(inArray(id, ids)).for('update', { of: table })) as Row[];
          if (rows.length !== ids.length) throw notFound(config.noun);
          for (const row of rows) await assertUnreferenced(tx, row);
          await tx.delete(table).where(inArray(id, ids));
          for (const row of rows) {
            await recordActivity(tx, actorOf(req), {
              action: 'delete',
              entity,
              entityId: String(row._id),
              summary: `حذف ${noun} «${config.label(row)}»`,
              before: row,
            });
          }
          return rows.length;
        });
        return { message: `تم حذف ${n} من السجلات` };
      },
    );
  };
}

/** The list with each reference's name joined in, filterable by the reference's id. */
function withRefs(resource: ListResource, refs: RefField[]): ListResource {
  if (!refs.length) return resource;
  const names = refs.map((r) => r.nameField);
  return {
    ...resource,
    joins: [...(resource.joins ?? []), ...refs.map((r) => ({ table: r.joined, on: r.on }))],
    fields: { ...resource.fields, ...Object.fromEntries(refs.map((r) => [r.nameField, r.joinedName])) },
    defaultFields: resource.defaultFields && [...resource.defaultFields, ...names],
    filters: {
      ...Object.fromEntries(refs.map((r) => [r.field, { column: r.column, type: 'uuid' as const }])),
      ...resource.filters,
    },
  };
}
