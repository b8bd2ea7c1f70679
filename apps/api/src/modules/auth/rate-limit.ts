import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authFailures } from '../../db/schema';
import { AppError } from '../../http/errors';

export const LIMITS = {
  perPhoneAndAddress: { max: 5, windowMs: 15 * 60 * 1000 },
  perAccount: { max: 20, windowMs: 60 * 60 * 1000 },
};

/** Refuses a sign-in attempt when this phone has failed too often, with Retry-After. */
export async function assertNotLimited(db: DbOrTx, phoneNumber: string, ip: string) {
  const now = Date.now();
  const check = async (windowMs: number, max: number, byAddress: boolean) => {
    const since = new Date(now - windowMs);
    const conditions = [eq(authFailures.phoneNumber, phoneNumber), gte(authFailures.createdAt, since)];
    if (byAddress) conditions.push(eq(authFailures.ip, ip));
    const [row] = await db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string>`min(${authFailures.createdAt})` })
      .from(authFailures)
      .where(and(...conditions));
    if (row.count >= max) {
      const retryMs = new Date(row.oldest).getTime() + windowMs - now;
      const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
      const minutes = Math.max(1, Math.ceil(retryAfter / 60));
      throw new AppError(
        429,
        `محاولات دخول كثيرة غير ناجحة. حاول مرة أخرى بعد ${minutes} دقيقة`,
        { retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
  };
  await check(LIMITS.perPhoneAndAddress.windowMs, LIMITS.perPhoneAndAddress.max, true);
  await check(LIMITS.perAccount.windowMs, LIMITS.perAccount.max, false);
}

export async function recordFailure(db: DbOrTx, phoneNumber: string, ip: string) {
  await db.insert(authFailures).values({ phoneNumber, ip });
}

export async function clearFailures(db: DbOrTx, phoneNumber: string, ip: string) {
  await db
    .delete(authFailures)
    .where(and(eq(authFailures.phoneNumber, phoneNumber), eq(authFailures.ip, ip)));
}
