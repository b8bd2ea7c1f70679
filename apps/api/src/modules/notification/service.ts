import type { NotificationItem, NotificationType, Person } from '@idara/domain';
import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { userRoom } from '../../realtime/server';

export interface NotificationDraft {
  recipient: string;
  type: NotificationType;
  title: string;
  description: string;
  link?: string;
}

export function present(row: typeof notifications.$inferSelect): NotificationItem {
  return {
    _id: row._id,
    type: row.type as NotificationType,
    title: row.title,
    description: row.description,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function storeNotifications(db: DbOrTx, drafts: NotificationDraft[]) {
  if (drafts.length === 0) return [];
  return db
    .insert(notifications)
    .values(drafts.map((d) => ({ ...d, link: d.link ?? '' })))
    .returning();
}

/** Each stored notification to its recipient's room (every process, with the Redis adapter). */
export function pushNotifications(app: FastifyInstance, rows: (typeof notifications.$inferSelect)[]) {
  for (const row of rows) app.io?.to(userRoom(row.recipient)).emit('notification', present(row));
}

/** Stores the notifications (one statement), then pushes each to its recipient's sockets. */
export async function deliver(app: FastifyInstance, drafts: NotificationDraft[]) {
  const rows = await storeNotifications(app.db, drafts);
  pushNotifications(app, rows);
  return rows;
}

/** What a notice about a record links to: its page for who may open it, else its list searched for it. */
export interface RecordLink {
  /** The details page and the permission it needs. */
  details: { permission: string; path: string };
  /** The list (filtered to the record) and the permission it needs. */
  list: { permission: string; path: string };
}

/** The link each recipient may follow (none when they may open neither the record nor its list). */
export async function linksFor(db: DbOrTx, ids: string[], link: RecordLink) {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ _id: users._id, permissions: users.permissions })
    .from(users)
    .where(inArray(users._id, ids));
  for (const row of rows) {
    const held = row.permissions ?? [];
    if (held.includes(link.details.permission)) out.set(row._id, link.details.path);
    else if (held.includes(link.list.permission)) out.set(row._id, link.list.path);
    else out.set(row._id, '');
  }
  return out;
}

/** Active users holding every one of these permissions, minus the actor. */
export async function usersWith(db: DbOrTx, permissions: string[], exceptId: string | null) {
  const rows = await db
    .select({ _id: users._id })
    .from(users)
    .where(and(eq(users.active, true), arrayContains(users.permissions, permissions)));
  return rows.map((r) => r._id).filter((id) => id !== exceptId);
}

/** Of these user ids, the active ones, minus the actor. */
export async function activeUsers(db: DbOrTx, ids: (string | null | undefined)[], exceptId: string | null) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id) && id !== exceptId))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ _id: users._id })
    .from(users)
    .where(and(eq(users.active, true), inArray(users._id, wanted)));
  return rows.map((r) => r._id);
}

/** Who acted, as a sentence's subject (the verb agrees with their gender); the system is masculine. */
export async function personOf(db: DbOrTx, actorId: string | null): Promise<Person> {
  if (!actorId) return { name: 'النظام', gender: 'male' };
  const [row] = await db
    .select({ name: users.name, gender: users.gender })
    .from(users)
    .where(eq(users._id, actorId));
  return row ?? { name: 'مستخدم', gender: 'male' };
}
