import {
  authorityOf,
  permissionsBeyond,
  rolePresets,
  type userCreateBody,
  type userUpdateBody,
} from '@idara/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { assertFreshVersion, type IfMatch, nextVersion } from '../../http/edit-version';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { ActorContext } from '../../http/request-context';
import { recordActivity } from '../../lib/activity';
import { hashPassword } from '../auth/passwords';
import type { AuthUser } from '../auth/sessions';
import { revokeSessions } from '../auth/sessions';
import { userFields, userSearchText } from './resource';

type CreateInput = z.output<typeof userCreateBody>;
type UpdateInput = z.output<typeof userUpdateBody>;

const DUPLICATE_PHONE = 'رقم الجوال مسجل لمستخدم آخر';

/**
 * Nobody acts beyond what they hold: the user they act on and the permissions (or admin role) that
 * user ends up with must hold nothing the actor lacks. Refusals answer 403 and change nothing.
 */
const BEYOND = {
  update: 'لا يمكنك تعديل مستخدم لديه صلاحيات لا تملكها',
  delete: 'لا يمكنك حذف مستخدم لديه صلاحيات لا تملكها',
  signinLink: 'لا يمكنك إنشاء رابط دخول لمستخدم لديه صلاحيات لا تملكها',
  grant: 'لا يمكنك منح صلاحيات لا تملكها',
  own: 'لا يمكنك تغيير صلاحياتك أو دورك بنفسك',
};

export function assertActsWithin(
  actor: AuthUser,
  target: { role: string; permissions: string[] },
  act: keyof typeof BEYOND,
) {
  const missing = permissionsBeyond(actor.permissions, authorityOf(target));
  if (missing.length) throw new AppError(403, BEYOND[act], { errors: missing });
}

function assertCanGrant(actor: AuthUser, result: { role: string; permissions: string[] }) {
  const missing = permissionsBeyond(actor.permissions, authorityOf(result));
  if (missing.length) throw new AppError(403, BEYOND.grant, { errors: missing });
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((p) => b.includes(p));

async function activeAdminsOtherThan(tx: Tx, userId: string) {
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true), ne(users._id, userId)));
  return count;
}

/**
 * Changes to users take one lock first, so the last-admin rule holds under concurrency: two admins
 * disabling, demoting or deleting each other at once are serialized, and the second finds no other
 * active admin (on PostgreSQL both would otherwise see the other still active and both succeed).
 */
async function lockUsersChange(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${USERS_LOCK})`);
}
const USERS_LOCK = 0x1da7a_05e;

async function lockUser(tx: Tx, id: string) {
  await lockUsersChange(tx);
  const [row] = await tx.select(userFields).from(users).where(eq(users._id, id)).for('update');
  if (!row) throw notFound('المستخدم');
  return row;
}

async function assertPhoneFree(tx: Tx, phoneNumber: string, exceptId?: string) {
  const [other] = await tx
    .select({ _id: users._id, name: users.name })
    .from(users)
    .where(
      exceptId
        ? and(eq(users.phoneNumber, phoneNumber), ne(users._id, exceptId))
        : eq(users.phoneNumber, phoneNumber),
    );
  if (other)
    throw new AppError(409, `${DUPLICATE_PHONE}: ${other.name}`, {
      fieldErrors: { phoneNumber: DUPLICATE_PHONE },
    });
}

export async function createUser(db: Db, actor: AuthUser, input: CreateInput, ctx: ActorContext) {
  const permissions = input.permissions ?? rolePresets[input.role].permissions;
  assertCanGrant(actor, { role: input.role, permissions });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await assertPhoneFree(tx, input.phoneNumber);
    const values = {
      name: input.name,
      phoneNumber: input.phoneNumber,
      email: input.email,
      jobTitle: input.jobTitle,
      gender: input.gender,
      role: input.role,
      permissions,
      active: input.active,
      passwordHash,
    };
    const [created] = await tx
      .insert(users)
      .values({ ...values, searchText: userSearchText(values) })
      .returning(userFields);
    await recordActivity(tx, ctx, {
      action: 'create',
      entity: 'user',
      entityId: created._id,
      summary: `إضافة المستخدم ${created.name}`,
      after: created,
    });
    return created;
  });
}

export async function updateUser(
  db: Db,
  actor: AuthUser,
  id: string,
  input: UpdateInput,
  ctx: ActorContext,
  ifMatch?: IfMatch,
) {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const result = await db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    const role = input.role ?? before.role;
    let permissions = input.permissions;
    if (!permissions && input.role && input.role !== before.role) permissions = rolePresets[role].permissions;
    const active = input.active ?? before.active;
    const authorityChanges =
      role !== before.role || (permissions !== undefined && !sameSet(permissions, before.permissions));
    if (id === actor._id) {
      if (authorityChanges) throw new AppError(403, BEYOND.own);
      if (active === false) throw badRequest('لا يمكنك إيقاف حسابك بنفسك');
      if (input.password)
        throw new AppError(
          403,
          'غيّر كلمة مرورك من ملفك الشخصي بإدخال كلمة المرور الحالية، لا من إدارة المستخدمين',
        );
    } else {
      assertActsWithin(actor, before, 'update');
    }
    if (authorityChanges) assertCanGrant(actor, { role, permissions: permissions ?? before.permissions });
    await assertFreshVersion(tx, ifMatch, { entity: 'user', entityId: id, current: before.version });
    const losesAdmin = before.role === 'admin' && before.active && (role !== 'admin' || !active);
    if (losesAdmin && (await activeAdminsOtherThan(tx, id)) === 0) {
      throw badRequest('لا يمكن إيقاف آخر مدير للنظام أو تغيير دوره');
    }
    if (input.phoneNumber && input.phoneNumber !== before.phoneNumber)
      await assertPhoneFree(tx, input.phoneNumber, id);
    const next = {
      name: input.name ?? before.name,
      phoneNumber: input.phoneNumber ?? before.phoneNumber,
      email: input.email ?? before.email,
      jobTitle: input.jobTitle ?? before.jobTitle,
      gender: input.gender ?? before.gender,
      role,
      permissions: permissions ?? before.permissions,
      active,
    };
    const [after] = await tx
      .update(users)
      .set({
        ...next,
        searchText: userSearchText(next),
        version: nextVersion(users.version),
        updatedAt: new Date(),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users._id, id))
      .returning(userFields);
    let revoked: string[] = [];
    if ((before.active && !after.active) || passwordHash) revoked = await revokeSessions(tx, id);
    await recordActivity(tx, ctx, {
      action: 'update',
      entity: 'user',
      entityId: id,
      summary: passwordHash
        ? `تعديل المستخدم ${after.name} وتعيين كلمة مرور جديدة`
        : `تعديل المستخدم ${after.name}`,
      before,
      after,
    });
    return { after, revoked };
  });
  return result;
}

export async function deleteUser(db: Db, actor: AuthUser, id: string, ctx: ActorContext) {
  if (id === actor._id) throw badRequest('لا يمكنك حذف حسابك');
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    assertActsWithin(actor, before, 'delete');
    if (before.role === 'admin' && before.active && (await activeAdminsOtherThan(tx, id)) === 0) {
      throw badRequest('لا يمكن حذف آخر مدير للنظام');
    }
    await tx.delete(users).where(eq(users._id, id));
    await recordActivity(tx, ctx, {
      action: 'delete',
      entity: 'user',
      entityId: id,
      summary: `حذف المستخدم ${before.name}`,
      before,
    });
    return before;
  });
}
