import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { compiledStatement } from '../db/fast-query';
import { activity } from '../db/schema';
import type { ActorContext } from '../http/request-context';

export type ActivityAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'signin'
  | 'signin_failed'
  | 'signout'
  | 'password_reset'
  | 'password_change'
  | 'password_change_failed'
  | 'export'
  | 'import'
  | 'backup_failed';

// The edit version (ETag) moves on every save: bookkeeping, not a change to show. A form's
// fields version is named in the activity summary instead.
const HIDDEN = new Set(['passwordHash', 'searchText', 'tokenHash', 'secretHash', 'version', 'rowVersion']);

type Row = Record<string, unknown> | null | undefined;

const comparable = (v: unknown) => (v instanceof Date ? v.toISOString() : JSON.stringify(v ?? null));

/** The changed fields only, as {before, after}; secrets and derived columns never logged. */
export function diff(before: Row, after: Row) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (HIDDEN.has(key) || key === 'updatedAt' || key === 'createdAt') continue;
    const bv = before?.[key];
    const av = after?.[key];
    if (comparable(bv) === comparable(av)) continue;
    if (before) b[key] = bv ?? null;
    if (after) a[key] = av ?? null;
  }
  if (Object.keys(b).length === 0 && Object.keys(a).length === 0) return null;
  return { before: before ? b : null, after: after ? a : null };
}

export interface ActivityEntry {
  action: ActivityAction;
  entity: string;
  entityId?: string | null;
  summary: string;
  before?: Row;
  after?: Row;
}

const insertActivity = compiledStatement({}, (tx) =>
  tx.insert(activity).values({
    actor: sql.placeholder('actor'),
    actorName: sql.placeholder('actorName'),
    action: sql.placeholder('action'),
    entity: sql.placeholder('entity'),
    entityId: sql.placeholder('entityId'),
    summary: sql.placeholder('summary'),
    changes: sql.placeholder('changes'),
    ip: sql.placeholder('ip'),
    userAgent: sql.placeholder('userAgent'),
  }),
);

/** Writes one activity row; call it with the transaction that makes the change it records. */
export async function recordActivity(tx: DbOrTx, actor: ActorContext, entry: ActivityEntry) {
  await insertActivity(tx, {
    actor: actor.actorId,
    actorName: actor.actorName,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    summary: entry.summary,
    changes: entry.before || entry.after ? diff(entry.before, entry.after) : null,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** The actor of what the server does on its own (a tick's messages, a contract's expiry). */
export const systemActor: ActorContext = { actorId: null, actorName: 'النظام', ip: '', userAgent: '' };
