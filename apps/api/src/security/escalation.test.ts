import {
  allPermissions,
  authorityOf,
  normalizeSaudiPhone,
  permissionsBeyond,
  rolePresets,
} from '@idara/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens, sessions, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { createSession } from '../modules/auth/sessions';
import { useTestApp } from '../test/fixture';

/**
 * Nobody acts beyond what they hold: every route that changes a user, or signs in as one, is tried
 * by random actors on random targets, and whatever the server refuses it refuses whole.
 */

let passwordHash: string;
let phoneSeq = 0;
const t = useTestApp({ signedIn: false });
beforeAll(async () => {
  passwordHash = await hashPassword('Passw0rd!x');
});

const nextPhone = () => normalizeSaudiPhone(`057${String(++phoneSeq).padStart(7, '0')}`)!;

interface Person {
  role: string;
  permissions: string[];
}

/** Straight into the table with one precomputed hash, and a real session: hundreds of pairs in seconds. */
async function insertUser(person: Person) {
  const phoneNumber = nextPhone();
  const [row] = await t.db
    .insert(users)
    .values({
      name: `مستخدم ${phoneSeq}`,
      phoneNumber,
      role: person.role,
      permissions: person.permissions,
      passwordHash,
    })
    .returning({ _id: users._id });
  const { token } = await createSession(t.db, row._id, '127.0.0.1', 'escalation test');
  return { _id: row._id, token };
}

/** Everything a refused request must leave as it was. */
async function snapshot(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users._id, userId));
  const tokens = await t.db
    .select({ _id: authTokens._id })
    .from(authTokens)
    .where(eq(authTokens.userId, userId));
  const live = await t.db
    .select({ _id: sessions._id, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return { row, tokens: tokens.length, sessions: live };
}

type Act =
  | { kind: 'password' }
  | { kind: 'phone' }
  | { kind: 'disable' }
  | { kind: 'name' }
  | { kind: 'permissions'; permissions: string[] }
  | { kind: 'role'; role: string }
  | { kind: 'delete' }
  | { kind: 'signin-link' };

function request(act: Act, targetId: string) {
  const url = `/api/user/${targetId}`;
  switch (act.kind) {
    case 'delete':
      return { method: 'DELETE' as const, url, guard: 'user:delete' };
    case 'signin-link':
      return { method: 'POST' as const, url: `${url}/signin-link`, guard: 'user:update' };
    case 'password':
      return { method: 'PUT' as const, url, guard: 'user:update', payload: { password: 'N3w-Passw0rd!' } };
    case 'phone':
      return {
        method: 'PUT' as const,
        url,
        guard: 'user:update',
        payload: { phoneNumber: `0${nextPhone().slice(4)}` },
      };
    case 'disable':
      return { method: 'PUT' as const, url, guard: 'user:update', payload: { active: false } };
    case 'name':
      return { method: 'PUT' as const, url, guard: 'user:update', payload: { name: 'اسم جديد' } };
    case 'permissions':
      return { method: 'PUT' as const, url, guard: 'user:update', payload: { permissions: act.permissions } };
    case 'role':
      return { method: 'PUT' as const, url, guard: 'user:update', payload: { role: act.role } };
  }
}

/** What the target would hold afterwards, for the acts that change it. */
function resulting(act: Act, target: Person): Person {
  if (act.kind === 'permissions') return { role: target.role, permissions: act.permissions };
  if (act.kind === 'role' && act.role !== target.role)
    return { role: act.role, permissions: rolePresets[act.role].permissions };
  return target;
}

const userArea = allPermissions.filter((p) => p.startsWith('user:'));
// Biased towards the user-management permissions, so most actors get past the route guard.
const permissionSet = fc
  .tuple(fc.subarray(allPermissions), fc.subarray(userArea))
  .map(([a, b]) => [...new Set([...a, ...b])]);
const person = fc.record({ role: fc.constantFrom(...Object.keys(rolePresets)), permissions: permissionSet });
const act: fc.Arbitrary<Act> = fc.oneof(
  fc.constant({ kind: 'password' as const }),
  fc.constant({ kind: 'phone' as const }),
  fc.constant({ kind: 'disable' as const }),
  fc.constant({ kind: 'name' as const }),
  permissionSet.map((permissions) => ({ kind: 'permissions' as const, permissions })),
  fc.constantFrom(...Object.keys(rolePresets)).map((role) => ({ kind: 'role' as const, role })),
  fc.constant({ kind: 'delete' as const }),
  fc.constant({ kind: 'signin-link' as const }),
);

describe('acting on users', () => {
  it('whatever the actor lacks, the target or the result holds: 403 and nothing changed; otherwise it works', async () => {
    let refused = 0;
    let allowed = 0;
    await fc.assert(
      fc.asyncProperty(
        person,
        person,
        act,
        fc.boolean(),
        async (actorPerson, targetPerson, action, onSelf) => {
          const actor = await insertUser(actorPerson);
          const target = onSelf ? actor : await insertUser(targetPerson);
          const targetNow = onSelf ? actorPerson : targetPerson;
          const { guard, ...req } = request(action, target._id);
          const before = await snapshot(target._id);
          const res = await t.inject({ ...req, token: actor.token });

          const after = resulting(action, targetNow);
          const authorityChanges =
            after.role !== targetNow.role ||
            after.permissions.length !== targetNow.permissions.length ||
            after.permissions.some((p) => !(targetNow.permissions as string[]).includes(p));
          // On yourself your own authority, your password (the profile asks for the current one) and a
          // sign-in link are out of reach; on anyone else, anyone stronger is.
          const mustRefuse =
            !(actorPerson.permissions as string[]).includes(guard) ||
            (onSelf
              ? authorityChanges || action.kind === 'password' || action.kind === 'signin-link'
              : permissionsBeyond(actorPerson.permissions, authorityOf(targetNow)).length > 0) ||
            (authorityChanges && permissionsBeyond(actorPerson.permissions, authorityOf(after)).length > 0);
          const context = `${JSON.stringify({ actorPerson, targetPerson, action, onSelf })} → ${res.statusCode} ${res.body}`;
          if (mustRefuse) {
            refused++;
            expect(res.statusCode, context).toBe(403);
            expect(res.json().message, context).toMatch(/[\u0600-\u06FF]/);
            expect(await snapshot(target._id), context).toEqual(before);
          } else {
            allowed++;
            // Removing or disabling yourself is refused as a mistake (400), not as an escalation.
            const selfRemoval = onSelf && (action.kind === 'delete' || action.kind === 'disable');
            expect(res.statusCode, context).toBe(
              selfRemoval ? 400 : action.kind === 'signin-link' ? 201 : 200,
            );
          }
        },
      ),
      { numRuns: 250 },
    );
    // Both branches were really exercised.
    expect(refused).toBeGreaterThan(50);
    expect(allowed).toBeGreaterThan(25);
  }, 180_000);
});

describe('the attack as reported', () => {
  it('a user holding user:update (and read) cannot take over the admin or make anyone admin', async () => {
    const holder = await insertUser({
      role: 'employee',
      permissions: ['user:read', 'user:details', 'user:update'],
    });
    const [admin] = await t.db.select({ _id: users._id }).from(users).where(eq(users.role, 'admin')).limit(1);
    const before = await snapshot(admin._id);
    for (const act of [
      { kind: 'signin-link' },
      { kind: 'password' },
      { kind: 'phone' },
      { kind: 'disable' },
      { kind: 'permissions', permissions: [] },
      { kind: 'role', role: 'employee' },
    ] satisfies Act[]) {
      const { guard: _, ...req } = request(act, admin._id);
      const res = await t.inject({ ...req, token: holder.token });
      expect(res.statusCode, act.kind).toBe(403);
    }
    expect(await snapshot(admin._id)).toEqual(before);

    // Nor make a peer, or themselves, an admin.
    const peer = await insertUser({ role: 'employee', permissions: ['user:read'] });
    for (const id of [peer._id, holder._id]) {
      const res = await t.put(`/api/user/${id}`, { role: 'admin' }, holder.token);
      expect(res.statusCode).toBe(403);
      const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users._id, id));
      expect(row.role).toBe('employee');
    }
    // A peer holding no more than they do is theirs to manage.
    const ok = await t.put(`/api/user/${peer._id}`, { name: 'اسم آخر' }, holder.token);
    expect(ok.statusCode).toBe(200);
  });
});
