import {
  agree,
  type EntityNoun,
  idSchema,
  messageOut,
  type Permission,
  type PermissionArea,
  recordListOf,
} from '@idara/domain';
import {
  and,
  Column,
  count,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  is,
  ne,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../db/client';
import { compiledStatement, placeholder } from '../db/fast-query';
import { recordActivity } from '../lib/activity';
import type { DomainEvents, EventBus } from '../lib/events';
import { assertFreshVersion, ifMatchOf, nextVersion, withETag } from './edit-version';
import { AppError, notFound } from './errors';
import { type ExportConfig, registerExportRoute } from './export-route';
import { guarded, guardedAny } from './guarded';
import { type ListResource, listRows, runList, withJoinsSelect } from './list-query';
import { assertRefsExist, type RefField, referrersOf, registerReferrer } from './references';
import { type ActorContext, actorOf } from './request-context';
import type { RoutesPlugin } from './response-contract';
import { idParams } from './route-params';

/** A value to write as it is, not an expression for the database to work out. */
const isValue = (v: unknown) => !is(v, SQL) && !is(v, Column);

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
  /** Checks that need the database (e.g. the city belongs to the region); throw AppError. `before` on an update. */
  validate?: (tx: Tx, input: z.output<Body>, before?: Row) => Promise<void>;
  /** Values only the database can give (a gap-free number, a default from another record), after `toValues`. */
  prepare?: (tx: Tx, values: Row, before?: Row) => Promise<Row>;
  /** What else the write does in its transaction (a contract plans its visits), given the row written. */
  afterWrite?: (tx: Tx, row: Row, before: Row | undefined, write: Write) => Promise<void>;
  /** Other areas its writes change (a contract plans visits): their readers hear of each write too. */
  alsoChanges?: PermissionArea[];
  /** Adds what one record's answer carries beyond its list row (details, create and update). */
  decorate?: (db: DbOrTx, row: Row) => Promise<Row>;
  /**
   * Steps on one record beyond editing it (`POST /:id/<name>`: a contract's cancel, a visit's status):
   * each locked, version-checked and logged like an update. `run` answers the values to set, or
   * with `creates` the body of a new record written as a create is (a contract's renewal: 201).
   */
  actions?: Record<string, RecordAction>;
  /** Export columns: each key a field of the list's answer (a misspelt key does not compile). */
  export: ExportConfig<keyof z.output<Rec> & string>;
  /**
   * Who works only the records assigned to them (`visit:work`: a technician) without reading the
   * rest: they list and export just those (the list's `filter` set to their id, whatever they ask),
   * open just those, and anyone else's record answers 404 as if it did not exist. `holds` says
   * whether a record is the user's.
   */
  assigned?: AssignedScope;
  /** The module's own routes beside the shared ones, given the shared pieces (a visit's status step). */
  routes?: (app: RoutesApp, kit: CrudKit) => Promise<void>;
}

export type RoutesApp = Parameters<RoutesPlugin>[0];

export interface AssignedScope {
  permission: Permission;
  filter: string;
  holds: (row: Row, userId: string) => boolean;
}

/** What a module's own routes (`CrudConfig.routes`) write with, as the shared routes do. */
export interface CrudKit {
  /** The record with its references' names; `lock` takes its row for the transaction. 404 when missing. */
  load: (tx: DbOrTx, recordId: string, lock?: boolean) => Promise<Row>;
  /**
   * Writes `values` over a locked record, with `afterWrite`, `decorate` and the activity row.
   * `sameReferences`: the caller's promise that `values` change no reference (a visit's step): the
   * record is then taken back from the update itself, its references' names from `before`, instead
   * of read again with its joins.
   */
  saveOver: (
    tx: Tx,
    before: Row,
    values: Row,
    write: Write,
    summary: (after: Row) => string,
    options?: { sameReferences?: boolean },
  ) => Promise<Row>;
  /** 404 unless `user` holds `permission`, or the record is assigned to them and they hold the scope's. */
  assertMay: (
    user: { _id: string; permissions: readonly string[] },
    permission: Permission,
    row: Row,
  ) => void;
  /** After a commit: the area's open lists and boards read again. */
  changed: (ids: string[]) => void;
  /** The list's rows for a query, narrowed by `where`, without the total a list page counts. */
  rows: (db: DbOrTx, query: Row, where?: SQL) => Promise<Row[]>;
}

/** Who writes, and the events to emit once the write has committed (others act on them). */
export interface Write {
  actor: ActorContext;
  emit: <K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]) => void;
}

/** A write's context; `committed()` emits what it held, after its transaction. */
export function writeContext(events: EventBus, actor: ActorContext) {
  const held: (() => void)[] = [];
  const write: Write = { actor, emit: (event, payload) => void held.push(() => events.emit(event, payload)) };
  return {
    write,
    committed: () => {
      for (const fn of held.splice(0)) fn();
    },
  };
}

export interface RecordAction {
  permission: 'update' | 'create';
  body: z.ZodType;
  /** The activity log's sentence: «إلغاء العقد «رقم 12»». */
  summary: (label: string, input: Row) => string;
  run: (tx: Tx, row: Row, input: Row, actorId: string | null) => Promise<Row>;
  creates?: boolean;
  /** With `creates`: columns the new record takes beyond its body (a renewal names what it renews). */
  carry?: (row: Row) => Row;
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

  const byId = (tx: DbOrTx) => select(tx).where(eq(id, sql.placeholder('id')));
  const loads = {
    read: compiledStatement(selection, byId),
    lock: compiledStatement(selection, (tx) => byId(tx).for('update', { of: table })),
  };

  async function load(tx: DbOrTx, recordId: string, lock = false) {
    const [row] = await loads[lock ? 'lock' : 'read'](tx, { id: recordId });
    if (!row) throw notFound(config.noun);
    return row as Row;
  }

  const answer = (db: DbOrTx, row: Row) => (config.decorate ? config.decorate(db, row) : row);

  const { assigned } = config;
  /** The permission, or with an assigned scope either it or the scope's (the handler narrows). */
  const guardedOrAssigned = <S extends FastifySchema>(permission: Permission, schema: S) =>
    assigned ? guardedAny([permission, assigned.permission], schema) : guarded(permission, schema);
  const assertMay: CrudKit['assertMay'] = (user, permission, row) => {
    if (user.permissions.includes(permission)) return;
    if (assigned && user.permissions.includes(assigned.permission) && assigned.holds(row, user._id)) return;
    throw notFound(config.noun);
  };
  /** A caller without `<area>:read` lists only what is assigned to them. */
  const scoped = (req: FastifyRequest, query: Row): Row =>
    assigned && !req.user?.permissions.includes(can('read'))
      ? { ...query, [assigned.filter]: req.user?._id }
      : query;

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

  /** Writes a new record from a valid body, with what it brings along and its activity row. */
  async function create(
    tx: Tx,
    input: z.output<Body>,
    write: Write,
    summary: (row: Row) => string,
    carried: Row = {},
  ) {
    await assertRefsExist(tx, refs, input as Row);
    await config.validate?.(tx, input);
    let values = { ...config.toValues(input), ...carried };
    if (config.prepare) values = await config.prepare(tx, values);
    await assertUnique(tx, values);
    const [inserted] = await tx.insert(table).values(values).returning({ _id: id });
    let row = await load(tx, String(inserted._id));
    await config.afterWrite?.(tx, row, undefined, write);
    row = await answer(tx, row);
    await recordActivity(tx, write.actor, {
      action: 'create',
      entity,
      entityId: String(row._id),
      summary: summary(row),
      after: row,
    });
    return row;
  }

  /** Writes `values` over a locked record, with what the write brings along and its activity row. */
  /** The record's own columns of its selection (not its references' names): what an update returns. */
  const ownColumns = Object.fromEntries(
    Object.entries(selection).filter(
      ([, column]) => is(column, Column) && getTableName(column.table) === getTableName(table),
    ),
  ) as Record<string, PgColumn>;

  /**
   * An update of these fields returning the record's own columns, compiled once per set of fields
   * (a visit's steps set two or three sets). Only for values; an expression is built each time.
   */
  const updates = new Map<string, ReturnType<typeof compiledStatement<Row>>>();
  const updateOf = (fields: string[]) => {
    const key = fields.join();
    let run = updates.get(key);
    if (!run) {
      run = compiledStatement<Row>(ownColumns, (tx) =>
        tx
          .update(table)
          .set({
            ...Object.fromEntries(fields.map((f) => [f, placeholder(f)])),
            version: nextVersion(versionColumn),
            updatedAt: placeholder<Date>('updatedAt'),
          })
          .where(eq(id, sql.placeholder('id')))
          .returning(ownColumns),
      );
      updates.set(key, run);
    }
    return run;
  };

  async function saveOver(
    tx: Tx,
    before: Row,
    values: Row,
    write: Write,
    summary: (after: Row) => string,
    options: { sameReferences?: boolean } = {},
  ) {
    const recordId = String(before._id);
    // Built only where it runs: a step's plain values take the compiled update instead.
    const update = () =>
      tx
        .update(table)
        .set({ ...values, version: nextVersion(versionColumn), updatedAt: new Date() })
        .where(eq(id, recordId));
    let after: Row;
    if (options.sameReferences) {
      const fields = Object.keys(values).filter((f) => values[f] !== undefined);
      const [own] = fields.every((f) => isValue(values[f]))
        ? await updateOf(fields)(tx, { ...values, id: recordId, updatedAt: new Date() })
        : await update().returning(ownColumns);
      after = { ...before, ...own };
    } else {
      await update();
      after = await load(tx, recordId);
    }
    await config.afterWrite?.(tx, after, before, write);
    after = await answer(tx, after);
    await recordActivity(tx, write.actor, {
      action: 'update',
      entity,
      entityId: recordId,
      summary: summary(after),
      before,
      after,
    });
    return after;
  }

  return async (app) => {
    /** After a commit: open lists and boards of this area (and of what its writes bring along) read again. */
    const changed = (ids: string[]) => {
      for (const a of [area, ...(config.alsoChanges ?? [])])
        app.events.emit('records.changed', { area: a, ids: a === area ? ids : [] });
    };
    await config.routes?.(app, {
      load,
      saveOver,
      assertMay,
      changed,
      rows: (db, query, where) => listRows(db, resource, query, where),
    });
    const announce = (row: Row, actorId: string | null) => {
      app.events.emit('record.created', { entity, id: String(row._id), label: config.label(row), actorId });
      changed([String(row._id)]);
    };

    for (const [name, action] of Object.entries(config.actions ?? {})) {
      app.post(
        `/:id/${name}`,
        guarded(can(action.permission), {
          tags,
          params: idParams,
          body: action.body,
          response: { [action.creates ? 201 : 200]: record },
        }),
        async (req, reply) => {
          const input = (req.body ?? {}) as Row;
          const ifMatch = ifMatchOf(req);
          const { write, committed } = writeContext(app.events, actorOf(req));
          const result = await app.db.transaction(async (tx) => {
            const before = await load(tx, req.params.id, true);
            const summary = action.summary(config.label(before), input);
            const values = await action.run(tx, before, input, req.user?._id ?? null);
            if (action.creates)
              return create(tx, config.body.parse(values), write, () => summary, action.carry?.(before));
            await assertFreshVersion(tx, ifMatch, {
              entity,
              entityId: req.params.id,
              current: Number(before.version),
            });
            return saveOver(tx, before, values, write, () => summary);
          });
          committed();
          if (action.creates) {
            announce(result, req.user?._id ?? null);
            return reply.status(201).send(result);
          }
          changed([req.params.id]);
          return withETag(reply, result);
        },
      );
    }

    app.get(
      '/',
      guardedOrAssigned(can('read'), { tags, response: { 200: list } }),
      async (req) =>
        runList(app.db, resource, scoped(req, req.query as Row)) as Promise<z.input<typeof list>>,
    );

    registerExportRoute(app, {
      entity,
      permission: can('read'),
      orPermission: assigned?.permission,
      scope: assigned && scoped,
      resource,
      export: config.export as ExportConfig,
    });

    app.get(
      '/:id',
      guardedOrAssigned(can('details'), { tags, params: idParams, response: { 200: record } }),
      async (req, reply) => {
        const row = await load(app.db, req.params.id);
        assertMay(req.user!, can('details'), row);
        return withETag(reply, await answer(app.db, row));
      },
    );

    app.post(
      '/',
      guarded(can('create'), { tags, body: config.body, response: { 201: record } }),
      async (req, reply) => {
        const input = req.body as z.output<Body>;
        const { write, committed } = writeContext(app.events, actorOf(req));
        const created = await app.db.transaction((tx) =>
          create(tx, input, write, (row) => `إضافة ${noun} «${config.label(row)}»`),
        );
        committed();
        announce(created, req.user?._id ?? null);
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
        const { write, committed } = writeContext(app.events, actorOf(req));
        const updated = await app.db.transaction(async (tx) => {
          const before = await load(tx, req.params.id, true);
          await assertFreshVersion(tx, ifMatch, {
            entity,
            entityId: req.params.id,
            current: Number(before.version),
          });
          await assertRefsExist(tx, refs, input as Row);
          await config.validate?.(tx, input, before);
          let values = config.toValues(input);
          if (config.prepare) values = await config.prepare(tx, values, before);
          await assertUnique(tx, values, req.params.id);
          return saveOver(tx, before, values, write, (after) => `تعديل ${noun} «${config.label(after)}»`);
        });
        committed();
        changed([req.params.id]);
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
        changed([req.params.id]);
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
        changed(ids);
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
