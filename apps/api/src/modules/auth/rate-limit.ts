import { arabicPlural, MINUTES_GENITIVE } from '@idara/domain';
import { and, eq, gte, like, notLike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authFailures } from '../../db/schema';
import { AppError } from '../../http/errors';

export const LIMITS = {
  perPhoneAndAddress: { max: 5, windowMs: 15 * 60 * 1000 },
  /**
   * Per account: untrusted clients count every failure (device cookies' too); device cookies count
   * theirs together, so failures from untrusted clients never lock a trusted device out.
   */
  perAccount: { max: 20, windowMs: 60 * 60 * 1000 },
  /** One address guessing across many phones. */
  perAddress: { max: 30, windowMs: 15 * 60 * 1000 },
};

/** The key a trusted device's attempts are counted under instead of the client address. */
export const deviceKey = (deviceId: string) => `device:${deviceId}`;
/** The key a signed-in session's password-change attempts are counted under. */
export const changeKey = (sessionId: string) => `change:${sessionId}`;

function limited(oldest: string, windowMs: number): AppError {
  const retryMs = new Date(oldest).getTime() + windowMs - Date.now();
  const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new AppError(
    429,
    `محاولات دخول كثيرة غير ناجحة. حاول مرة أخرى بعد ${arabicPlural(minutes, MINUTES_GENITIVE)}`,
    { retryAfter },
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * Takes one attempt before the password hash runs: the row is written (and committed) first and
 * counted afterwards, so concurrent attempts see each other — the k-th committed attempt counts at
 * least k rows under READ COMMITTED. Over a limit the reservation is withdrawn and 429 thrown; a
 * wrong password leaves it as the failure; success releases it with clearFailures.
 * `key` is the client address, or deviceKey() for a browser holding a valid device cookie.
 */
export async function reserveAttempt(db: DbOrTx, phoneNumber: string, key: string) {
  const [own] = await db
    .insert(authFailures)
    .values({ phoneNumber, ip: key })
    .returning({ _id: authFailures._id });
  const now = Date.now();
  const count = async (windowMs: number, ...conditions: ReturnType<typeof eq>[]) => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string>`min(${authFailures.createdAt})` })
      .from(authFailures)
      .where(and(gte(authFailures.createdAt, new Date(now - windowMs)), ...conditions));
    return row;
  };
  const checks: [number, number, ReturnType<typeof eq>[]][] = [
    [
      LIMITS.perPhoneAndAddress.windowMs,
      LIMITS.perPhoneAndAddress.max,
      [eq(authFailures.phoneNumber, phoneNumber), eq(authFailures.ip, key)],
    ],
  ];
  if (key.startsWith('device:')) {
    // Every device cookie's failures together: a cookie forged with a stolen key gets no fresh
    // allowance each time, while failures from untrusted clients never lock a real device out.
    checks.push([
      LIMITS.perAccount.windowMs,
      LIMITS.perAccount.max,
      [eq(authFailures.phoneNumber, phoneNumber), like(authFailures.ip, 'device:%')],
    ]);
  } else if (!key.startsWith('change:')) {
    // Untrusted clients: failures from anywhere but a reset or a password change, device cookies included.
    checks.push([
      LIMITS.perAccount.windowMs,
      LIMITS.perAccount.max,
      [
        eq(authFailures.phoneNumber, phoneNumber),
        notLike(authFailures.ip, 'reset%'),
        notLike(authFailures.ip, 'change:%'),
      ],
    ]);
    checks.push([LIMITS.perAddress.windowMs, LIMITS.perAddress.max, [eq(authFailures.ip, key)]]);
  }
  for (const [windowMs, max, conditions] of checks) {
    const row = await count(windowMs, ...conditions);
    if (row.count > max) {
      await db.delete(authFailures).where(eq(authFailures._id, own._id));
      throw limited(row.oldest, windowMs);
    }
  }
}

export async function clearFailures(db: DbOrTx, phoneNumber: string, key: string) {
  await db
    .delete(authFailures)
    .where(and(eq(authFailures.phoneNumber, phoneNumber), eq(authFailures.ip, key)));
}
