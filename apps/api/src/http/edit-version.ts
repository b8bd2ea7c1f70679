import { formatDateTime } from '@idara/domain';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { activity } from '../db/schema';
import { AppError } from './errors';

/**
 * Optimistic concurrency for editable records (RFC 9110 §13.1.1). Every editable row carries an
 * integer version that each PUT bumps; GET answers it as a strong ETag and a PUT that sends
 * `If-Match` with an older one is refused with 412, naming who saved in between. The caller holds
 * the row lock (SELECT … FOR UPDATE) while it compares and updates, so two saves from the same
 * version cannot both pass. A PUT without If-Match keeps last-write-wins for API clients.
 */

/** What the client said it edited: any version ('*'), a set of versions, or nothing (no header). */
export type IfMatch = '*' | number[] | undefined;

export const etagOf = (version: unknown) => `"${Number(version)}"`;

/** Parses If-Match. Weak tags never match (strong comparison); an unreadable header matches nothing. */
export function parseIfMatch(header: string | string[] | undefined): IfMatch {
  if (header === undefined) return undefined;
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  if (raw === '') return undefined;
  if (raw === '*') return '*';
  const versions: number[] = [];
  for (const part of raw.split(',')) {
    const m = /^"(\d{1,9})"$/.exec(part.trim());
    if (m) versions.push(Number(m[1]));
  }
  return versions;
}

export const ifMatchOf = (req: FastifyRequest): IfMatch => parseIfMatch(req.headers['if-match']);

/** Sets the strong ETag of a record on the reply; returns the row for chaining. */
export function withETag<T extends Record<string, unknown>>(
  reply: FastifyReply,
  row: T,
  field = 'version',
): T {
  reply.header('ETag', etagOf(row[field]));
  return row;
}

/** `SET version = version + 1`: the bump computed by the database, under the caller's row lock. */
export const nextVersion = (column: PgColumn): SQL => sql`${column} + 1`;

export interface VersionCheck {
  /** Activity-log entity name, e.g. 'customer'. */
  entity: string;
  entityId: string;
  /** The version of the locked row. */
  current: number;
}

/** Throws 412 when If-Match names versions and none is the current one. Call with the row locked. */
export async function assertFreshVersion(tx: DbOrTx, ifMatch: IfMatch, check: VersionCheck) {
  if (ifMatch === undefined || ifMatch === '*' || ifMatch.includes(check.current)) return;
  const [last] = await tx
    .select({ actorName: activity.actorName, createdAt: activity.createdAt })
    .from(activity)
    .where(and(eq(activity.entity, check.entity), eq(activity.entityId, check.entityId)))
    .orderBy(desc(activity.createdAt))
    .limit(1);
  const who = last?.actorName || 'مستخدم آخر';
  const when = last ? formatDateTime(last.createdAt) : undefined;
  const message = when
    ? `تم تعديل هذا السجل من قِبل ${who} في ${when} بعد أن فتحته. حمّل أحدث نسخة ثم أعد التعديل`
    : 'تم تعديل هذا السجل بعد أن فتحته. حمّل أحدث نسخة ثم أعد التعديل';
  throw new AppError(
    412,
    message,
    {
      currentVersion: check.current,
      changedBy: last?.actorName || null,
      changedAt: last ? last.createdAt.toISOString() : null,
    },
    { ETag: etagOf(check.current) },
  );
}
