import { arabicPlural, MINUTES_GENITIVE } from '@idara/domain';
import { and, desc, eq, gt, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authFailures, authTokens, sessions, users } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import type { MessageChannel } from '../../lib/message-channel';
import { issueDeviceCookie, trustedDevice } from './device-cookie';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { changeKey, clearFailures, deviceKey, reserveAttempt } from './rate-limit';
import { authUserColumns, createSession, revokeSessions } from './sessions';
import { hashSecret, newNumericCode, newToken, sameHash } from './tokens';

const WRONG_CREDENTIALS = 'رقم الجوال أو كلمة المرور غير صحيحة';
const RESET_CODE_MINUTES = 10;
const RESET_CODE_TRIES = 5;
const RESET_CODES_PER_WINDOW = 3;
export const SIGNIN_LINK_MINUTES = 15;

async function activeUserByPhone(db: Db, phoneNumber: string) {
  const [user] = await db
    .select({ _id: users._id, name: users.name, active: users.active })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber))
    .limit(1);
  return user?.active ? user : undefined;
}

async function loadAuthUser(db: Db, userId: string) {
  const [user] = await db.select(authUserColumns).from(users).where(eq(users._id, userId)).limit(1);
  return user;
}

/**
 * Password sign-in. The user is looked up and an attempt reserved before the hash runs, the same
 * for unknown phones and wrong passwords. A browser presenting a device cookie signed for this user
 * is counted on its own and not locked out by failures from untrusted clients.
 */
export async function signIn(
  db: Db,
  phoneNumber: string,
  password: string,
  ctx: ActorContext,
  client: { cookie?: string; secure?: boolean } = {},
) {
  const [found] = await db
    .select({ _id: users._id, name: users.name, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(eq(users.phoneNumber, phoneNumber))
    .limit(1);
  const device = found ? await trustedDevice(db, client.cookie, found._id) : undefined;
  const key = device ? deviceKey(device) : ctx.ip;
  await reserveAttempt(db, phoneNumber, key);
  const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), password);

  if (!found || !ok) {
    await recordActivity(
      db,
      { ...ctx, actorId: found?._id ?? null, actorName: found?.name ?? '' },
      {
        action: 'signin_failed',
        entity: 'auth',
        entityId: found?._id,
        summary: `محاولة دخول فاشلة للرقم ${phoneNumber}`,
      },
    );
    throw new AppError(401, WRONG_CREDENTIALS);
  }
  if (!found.active) {
    await clearFailures(db, phoneNumber, key);
    throw new AppError(403, 'تم إيقاف هذا الحساب، تواصل مع مسؤول النظام');
  }

  const token = await db.transaction(async (tx) => {
    const session = await createSession(tx, found._id, ctx.ip, ctx.userAgent);
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users._id, found._id));
    await clearFailures(tx, phoneNumber, key);
    await recordActivity(
      tx,
      { ...ctx, actorId: found._id, actorName: found.name },
      { action: 'signin', entity: 'auth', entityId: found._id, summary: `تسجيل دخول ${found.name}` },
    );
    return session.token;
  });
  const deviceCookie = await issueDeviceCookie(db, found._id, client.secure ?? false);
  return { user: await loadAuthUser(db, found._id), token, deviceCookie };
}

export async function signOut(db: Db, sessionId: string, ctx: ActorContext) {
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions._id, sessionId));
    await recordActivity(tx, ctx, {
      action: 'signout',
      entity: 'auth',
      entityId: ctx.actorId,
      summary: `تسجيل خروج ${ctx.actorName}`,
    });
  });
}

/** Sends a reset code when the phone belongs to an active user; the caller answers the same either way. */
export async function requestPasswordReset(
  db: Db,
  channel: MessageChannel,
  phoneNumber: string,
  ctx: ActorContext,
) {
  const user = await activeUserByPhone(db, phoneNumber);
  if (!user) return;
  const windowStart = new Date(Date.now() - RESET_CODE_MINUTES * 60 * 1000);
  const code = newNumericCode();
  await db.transaction(async (tx) => {
    // Counted under the user's row lock, so concurrent requests cannot all see room for one more.
    await tx.select({ _id: users._id }).from(users).where(eq(users._id, user._id)).for('update');
    const [{ recent }] = await tx
      .select({ recent: sql<number>`count(*)::int` })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.userId, user._id),
          eq(authTokens.kind, 'reset'),
          gt(authTokens.createdAt, windowStart),
        ),
      );
    if (recent >= RESET_CODES_PER_WINDOW) return;
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.userId, user._id), eq(authTokens.kind, 'reset'), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      kind: 'reset',
      userId: user._id,
      secretHash: hashSecret(`${user._id}:${code}`),
      expiresAt: new Date(Date.now() + RESET_CODE_MINUTES * 60 * 1000),
    });
    await channel.send(tx, {
      to: phoneNumber,
      purpose: 'password-reset',
      template: { name: 'password_reset_code', params: { code } },
      body: `رمز استعادة كلمة المرور في إدارة: ${code}\nصالح لمدة ${arabicPlural(RESET_CODE_MINUTES, MINUTES_GENITIVE)}. لا تشاركه مع أحد.`,
    });
    await recordActivity(
      tx,
      { ...ctx, actorId: user._id, actorName: user.name },
      {
        action: 'password_reset',
        entity: 'auth',
        entityId: user._id,
        summary: `طلب رمز استعادة كلمة المرور لـ ${user.name}`,
      },
    );
  });
}

/** Reset tries one address may make in a window, whatever phones it names. */
const RESET_TRIES_PER_ADDRESS = { max: 20, windowMs: 15 * 60 * 1000 };

/**
 * Anonymous reset tries are limited per address: the try is written first and counted afterwards
 * (concurrent tries see each other), over the limit withdrawn and answered 429. Tries older than a
 * day are purged here, so guessing leaves no growing table behind.
 */
async function limitResetTries(db: Db, ip: string) {
  await db
    .delete(authFailures)
    .where(
      and(like(authFailures.ip, 'reset%'), lt(authFailures.createdAt, new Date(Date.now() - 86_400_000))),
    );
  const key = `reset-try:${ip}`;
  const [own] = await db
    .insert(authFailures)
    .values({ phoneNumber: '', ip: key })
    .returning({ _id: authFailures._id });
  const [{ tries }] = await db
    .select({ tries: sql<number>`count(*)::int` })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.ip, key),
        gt(authFailures.createdAt, new Date(Date.now() - RESET_TRIES_PER_ADDRESS.windowMs)),
      ),
    );
  if (tries > RESET_TRIES_PER_ADDRESS.max) {
    await db.delete(authFailures).where(eq(authFailures._id, own._id));
    throw new AppError(429, 'محاولات كثيرة لاستعادة كلمة المرور من هذا الجهاز. حاول مرة أخرى بعد ربع ساعة', {
      retryAfter: RESET_TRIES_PER_ADDRESS.windowMs / 1000,
    });
  }
}

/** The one answer to every code that does not work, so it says nothing about whether the phone is registered. */
const INVALID_CODE = 'رمز التحقق غير صحيح أو منتهي الصلاحية، اطلب رمزاً جديداً إن لزم';

/**
 * Sets a new password with a reset code. Each try is first counted on the phone's newest usable
 * code in one statement (so concurrent guesses cannot share a count), then compared. A wrong code,
 * an unknown or disabled phone, an expired or exhausted code: all take that one statement and
 * answer the same words, so neither the words nor the time tell which it was.
 */
export async function resetPassword(
  db: Db,
  phoneNumber: string,
  code: string,
  password: string,
  ctx: ActorContext,
) {
  const newestUsable = db
    .select({ _id: authTokens._id })
    .from(authTokens)
    .innerJoin(users, eq(users._id, authTokens.userId))
    .where(
      and(
        eq(users.phoneNumber, phoneNumber),
        eq(users.active, true),
        eq(authTokens.kind, 'reset'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  // One transaction that always writes one row (the try, kept under `reset:<address>`, apart from
  // sign-in failures): a known phone's counting update then costs what an unknown one's does, also
  // on PostgreSQL, where a commit that wrote nothing skips the flush to disk.
  await limitResetTries(db, ctx.ip);
  const [pending] = await db.transaction(async (tx) => {
    await tx.insert(authFailures).values({ phoneNumber, ip: `reset:${ctx.ip}` });
    return tx
      .update(authTokens)
      .set({ attempts: sql`${authTokens.attempts} + 1` })
      .where(and(inArray(authTokens._id, newestUsable), lt(authTokens.attempts, RESET_CODE_TRIES)))
      .returning({ _id: authTokens._id, userId: authTokens.userId, secretHash: authTokens.secretHash });
  });
  if (!pending || !sameHash(pending.secretHash, hashSecret(`${pending.userId}:${code}`)))
    throw badRequest(INVALID_CODE);
  const [user] = await db
    .select({ _id: users._id, name: users.name })
    .from(users)
    .where(eq(users._id, pending.userId));
  const passwordHash = await hashPassword(password);
  const revoked = await db.transaction(async (tx) => {
    const used = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens._id, pending._id), isNull(authTokens.usedAt)))
      .returning({ _id: authTokens._id });
    if (used.length === 0) throw badRequest(INVALID_CODE);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users._id, user._id));
    const ids = await revokeSessions(tx, user._id);
    await recordActivity(
      tx,
      { ...ctx, actorId: user._id, actorName: user.name },
      {
        action: 'password_reset',
        entity: 'user',
        entityId: user._id,
        summary: `تعيين كلمة مرور جديدة لـ ${user.name} عبر رمز التحقق`,
      },
    );
    return ids;
  });
  return { userId: user._id, revoked };
}

/** `authorize` sees the target (under its row lock) and throws when the actor may not act on them. */
export async function createSigninLink(
  db: Db,
  userId: string,
  ctx: ActorContext,
  authorize: (target: { role: string; permissions: string[] }) => void,
) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SIGNIN_LINK_MINUTES * 60 * 1000);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ name: users.name, active: users.active, role: users.role, permissions: users.permissions })
      .from(users)
      .where(eq(users._id, userId))
      .for('update');
    if (!target) throw new AppError(404, 'المستخدم غير موجود');
    authorize(target);
    if (!target.active) throw badRequest('لا يمكن إنشاء رابط دخول لمستخدم موقوف');
    await tx.insert(authTokens).values({
      kind: 'signin-link',
      userId,
      secretHash: hashSecret(token),
      expiresAt,
      createdBy: ctx.actorId,
    });
    await recordActivity(tx, ctx, {
      action: 'create',
      entity: 'signin-link',
      entityId: userId,
      summary: `إنشاء رابط دخول للمستخدم ${target.name}`,
    });
  });
  return { token, expiresAt };
}

export async function signInWithToken(db: Db, token: string, ctx: ActorContext) {
  const result = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.secretHash, hashSecret(token)),
          eq(authTokens.kind, 'signin-link'),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: authTokens.userId });
    if (!link) throw badRequest('رابط الدخول غير صالح أو انتهت صلاحيته');
    const [user] = await tx
      .select({ name: users.name, active: users.active })
      .from(users)
      .where(eq(users._id, link.userId));
    if (!user?.active) throw badRequest('رابط الدخول غير صالح أو انتهت صلاحيته');
    const session = await createSession(tx, link.userId, ctx.ip, ctx.userAgent);
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users._id, link.userId));
    await recordActivity(
      tx,
      { ...ctx, actorId: link.userId, actorName: user.name },
      {
        action: 'signin',
        entity: 'auth',
        entityId: link.userId,
        summary: `تسجيل دخول ${user.name} برابط دخول`,
      },
    );
    return { token: session.token, userId: link.userId };
  });
  return { user: await loadAuthUser(db, result.userId), token: result.token };
}

export async function changePassword(
  db: Db,
  userId: string,
  sessionId: string,
  currentPassword: string,
  newPassword: string,
  ctx: ActorContext,
) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users._id, userId));
  if (!row) throw new AppError(404, 'المستخدم غير موجود');
  // A session that guesses its user's password is limited like a sign-in, per session: reserved
  // before the hash runs (concurrent guesses are refused without hashing), logged when wrong, and kept
  // apart from the account's sign-in limit so the owner is never locked out by it.
  const key = changeKey(sessionId);
  await reserveAttempt(db, row.phoneNumber, key);
  if (!(await verifyPassword(row.passwordHash, currentPassword))) {
    await recordActivity(db, ctx, {
      action: 'password_change_failed',
      entity: 'user',
      entityId: userId,
      summary: `محاولة تغيير كلمة المرور بكلمة مرور حالية خاطئة لـ ${ctx.actorName}`,
    });
    throw new AppError(400, 'كلمة المرور الحالية غير صحيحة', {
      fieldErrors: { currentPassword: 'كلمة المرور الحالية غير صحيحة' },
    });
  }
  await clearFailures(db, row.phoneNumber, key);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users._id, userId));
    const revoked = await revokeSessions(tx, userId, sessionId);
    await recordActivity(tx, ctx, {
      action: 'password_change',
      entity: 'user',
      entityId: userId,
      summary: `تغيير كلمة المرور لـ ${ctx.actorName}`,
    });
    return revoked;
  });
}
