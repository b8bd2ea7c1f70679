import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { SessionCache } from './session-cache';
import { hashSecret, newToken } from './tokens';

export const SESSION_DAYS = 90;
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export interface AuthUser {
  _id: string;
  name: string;
  role: string;
  jobTitle: string;
  gender: 'male' | 'female';
  permissions: string[];
  phoneNumber: string;
  email: string;
  active: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const authUserColumns = {
  _id: users._id,
  name: users.name,
  role: users.role,
  jobTitle: users.jobTitle,
  gender: users.gender,
  permissions: users.permissions,
  phoneNumber: users.phoneNumber,
  email: users.email,
  active: users.active,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export async function createSession(tx: DbOrTx, userId: string, ip: string, userAgent: string) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  const [row] = await tx
    .insert(sessions)
    .values({ userId, tokenHash: hashSecret(token), expiresAt, ip, userAgent: userAgent.slice(0, 500) })
    .returning({ _id: sessions._id });
  return { token, sessionId: row._id };
}

/** The signed-in user behind a token, or null when it is unknown, revoked, expired or disabled. */
export async function resolveToken(db: DbOrTx, token: string, cache?: SessionCache) {
  // The cache is keyed by the token itself: a hit costs no hash (the database holds only hashes).
  const cached = cache?.get(token);
  if (cached) return { sessionId: cached.sessionId, user: cached.user };
  const tokenHash = hashSecret(token);
  const [row] = await db
    .select({
      sessionId: sessions._id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      user: authUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users._id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || !row.user.active) return null;
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    // Bookkeeping for the sessions list, written beside the request rather than before its answer
    // (a phone syncing after a while would wait on a write and its commit); a failed write only
    // leaves the time older.
    void db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(eq(sessions._id, row.sessionId))
      .catch(() => undefined);
  }
  cache?.set(token, row.sessionId, row.user as AuthUser);
  return { sessionId: row.sessionId, user: row.user as AuthUser };
}

/** Revokes a user's live sessions, optionally sparing one (the caller's own). */
export async function revokeSessions(tx: DbOrTx, userId: string, exceptSessionId?: string) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(sessions._id, exceptSessionId));
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ _id: sessions._id });
  return revoked.map((r) => r._id);
}
