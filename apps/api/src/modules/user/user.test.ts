import { allPermissions } from '@idara/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity, users } from '../../db/schema';
import { useTestApp } from '../../test/fixture';

const t = useTestApp();

const create = (payload: Record<string, unknown>, token = t.admin) => t.post('/api/user', payload, token);

describe('user list', () => {
  it('the spec call returns {data} with exactly _id, name, role, jobTitle per row', async () => {
    await create({
      name: 'أحمد الزهراني',
      phoneNumber: '0551234567',
      role: 'employee',
      jobTitle: 'فني صيانة',
      password: 'Passw0rd!x',
    });
    const res = await t.get('/api/user?limit=0&fields=name,role,_id,jobTitle&cache=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.length).toBeGreaterThanOrEqual(2);
    for (const row of body.data) expect(Object.keys(row).sort()).toEqual(['_id', 'jobTitle', 'name', 'role']);
    expect(body.total).toBe(body.data.length);
  });

  it('pages, sorts and searches the way Arabic is typed', async () => {
    for (const [name, phone] of [
      ['إبراهيم', '0551000001'],
      ['مكّيّة الشهري', '0551000002'],
      ['عبدالله', '0551000003'],
    ]) {
      expect(
        (await create({ name, phoneNumber: phone, role: 'employee', password: 'Passw0rd!x' })).statusCode,
      ).toBe(201);
    }
    const page = await t.get('/api/user?page=1&limit=2&sort=-name');
    expect(page.json().data).toHaveLength(2);
    expect(page.json().limit).toBe(2);
    const names = page.json().data.map((u: { name: string }) => u.name);
    expect([...names].sort().reverse()).toEqual(names);

    const search = async (q: string) =>
      (await t.get(`/api/user?search=${encodeURIComponent(q)}`))
        .json()
        .data.map((u: { name: string }) => u.name);
    expect(await search('ابراهيم')).toEqual(['إبراهيم']);
    expect(await search('احمد')).toEqual(['أحمد الزهراني']);
    expect(await search('مكيه')).toEqual(['مكّيّة الشهري']);
    expect(await search('٠٥٥١٠٠٠٠٠٣')).toEqual(['عبدالله']);
    expect(await search('%')).toEqual([]);
  });

  it('refuses unknown sort and field names and bad paging with a 400, ignores unknown params', async () => {
    for (const q of [
      'sort=passwordHash',
      'fields=passwordHash',
      'limit=-1',
      'page=0',
      'limit=abc',
      'active=maybe',
      'role=king',
    ]) {
      const res = await t.get(`/api/user?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await t.get('/api/user?whatever=1')).statusCode).toBe(200);
  });

  it('filters by role and active', async () => {
    const res = await t.get('/api/user?role=admin&active=true');
    expect(res.json().data.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(res.json().total).toBe(1);
  });
});

describe('user create, update, delete', () => {
  it('creates with role preset permissions, hides the hash and logs the change in the same transaction', async () => {
    const res = await create({
      name: 'خالد القحطاني',
      phoneNumber: '+966 55 222 3333',
      role: 'accountant',
      password: 'Passw0rd!x',
    });
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u.phoneNumber).toBe('+966552223333');
    expect(u.permissions).toContain('payment:approve');
    expect(u.passwordHash).toBeUndefined();
    const log = await t.db.select().from(activity).where(eq(activity.entityId, u._id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'create', entity: 'user' });
    expect(JSON.stringify(log[0].changes)).not.toContain('argon2');
  });

  it('a partial edit changes only what it names: a password reset keeps a disabled user disabled', async () => {
    const made = (
      await create({
        name: 'هند العنزي',
        phoneNumber: '0552224411',
        email: 'hind@example.sa',
        jobTitle: 'محاسبة',
        role: 'accountant',
        password: 'Passw0rd!x',
        active: false,
      })
    ).json();
    const put = (payload: Record<string, unknown>) => t.put(`/api/user/${made._id}`, payload);
    const keep = { name: 'هند العنزي', email: 'hind@example.sa', jobTitle: 'محاسبة', active: false };
    for (const body of [
      { password: 'N3wPassw0rd!' },
      { jobTitle: 'محاسبة أولى' },
      { name: 'هند سعد العنزي' },
    ]) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(200);
      Object.assign(keep, body.password ? {} : body);
      const [row] = await t.db.select().from(users).where(eq(users._id, made._id));
      expect(
        { name: row.name, email: row.email, jobTitle: row.jobTitle, active: row.active },
        JSON.stringify(body),
      ).toEqual(keep);
      expect(row.role).toBe('accountant');
    }
    // Still disabled: the new password does not let them in until an admin enables them.
    const signin = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { phoneNumber: '0552224411', password: 'N3wPassw0rd!' },
        remoteAddress: '10.0.9.1',
      });
    const refused = await signin();
    expect([401, 403]).toContain(refused.statusCode);
    expect(refused.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await put({ active: true })).statusCode).toBe(200);
    expect((await signin()).statusCode).toBe(200);
  });

  it('refuses a duplicate phone with 409 and an Arabic message naming who has it', async () => {
    const res = await create({
      name: 'مكرر',
      phoneNumber: '0552223333',
      role: 'employee',
      password: 'Passw0rd!x',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('خالد القحطاني');
  });

  it('refuses invalid bodies with 422 field errors and writes nothing', async () => {
    const [{ before }] = await t.db.select({ before: sql<number>`count(*)::int` }).from(users);
    const res = await create({ name: 'ن', phoneNumber: '123', role: 'king', password: 'short', email: 'x' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'email',
      'name',
      'password',
      'phoneNumber',
      'role',
    ]);
    const [{ after }] = await t.db.select({ after: sql<number>`count(*)::int` }).from(users);
    expect(after).toBe(before);
    const proto = await t.inject({
      method: 'POST',
      url: '/api/user',
      token: t.admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"name":"x"}',
    });
    expect(proto.statusCode).toBe(400);
    expect(proto.json().message).toBeTruthy();
  });

  it('nobody resets their own password or mints a sign-in link for themselves through the admin routes', async () => {
    const manager = await t.userWith('manager', ['user:read', 'user:update', 'customer:read']);
    const own = await t.put(`/api/user/${manager.user._id}`, { password: 'Own3dPassw0rd!' }, manager.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/ملفك الشخصي/);
    const link = await t.inject({
      method: 'POST',
      url: `/api/user/${manager.user._id}/signin-link`,
      token: manager.token,
    });
    expect(link.statusCode).toBe(403);
    // The old password still works.
    const [row] = await t.db
      .select({ version: users.version })
      .from(users)
      .where(eq(users._id, manager.user._id));
    expect(row.version).toBe(1);
  });

  it('two admins who disable, demote or delete each other at once leave one admin standing', async () => {
    for (const act of ['disable', 'demote', 'delete'] as const) {
      const a = await t.userWith('admin');
      const b = await t.userWith('admin');
      // Only these two are active admins: the seeded one steps aside for the race.
      const others = await t.db
        .update(users)
        .set({ active: false })
        .where(
          sql`${users.role} = 'admin' and ${users.active} and ${users._id} not in (${a.user._id}, ${b.user._id})`,
        )
        .returning({ _id: users._id });
      const hit = (actor: { token: string }, target: string) =>
        act === 'delete'
          ? t.delete(`/api/user/${target}`, actor.token)
          : t.put(
              `/api/user/${target}`,
              act === 'disable' ? { active: false } : { role: 'employee' },
              actor.token,
            );
      const answers = await Promise.all([hit(a, b.user._id), hit(b, a.user._id)]);
      expect(answers.map((r) => r.statusCode).filter((c) => c === 200).length, act).toBe(1);
      const [{ admins }] = await t.db
        .select({ admins: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.role} = 'admin' and ${users.active}`);
      expect(admins, act).toBe(1);
      // Back as before: the racers step down, the others come back.
      await t.db
        .update(users)
        .set({ active: false, role: 'employee' })
        .where(sql`${users._id} in (${a.user._id}, ${b.user._id})`);
      for (const o of others) await t.db.update(users).set({ active: true }).where(eq(users._id, o._id));
    }
  });

  it('a non-admin cannot grant permissions they do not hold', async () => {
    const manager = await t.userWith('manager', ['user:read', 'user:create', 'customer:read']);
    const res = await create(
      {
        name: 'موظف جديد',
        phoneNumber: '0553334444',
        role: 'employee',
        permissions: ['settings:update'],
        password: 'Passw0rd!x',
      },
      manager.token,
    );
    expect(res.statusCode).toBe(403);
    const ok = await create(
      {
        name: 'موظف جديد',
        phoneNumber: '0553334444',
        role: 'employee',
        permissions: ['customer:read'],
        password: 'Passw0rd!x',
      },
      manager.token,
    );
    expect(ok.statusCode).toBe(201);
  });

  it('nobody can delete or disable themselves or the last admin', async () => {
    const me = (await t.get('/api/auth/me')).json();
    expect((await t.delete(`/api/user/${me._id}`)).statusCode).toBe(400);
    expect((await t.put(`/api/user/${me._id}`, { active: false })).statusCode).toBe(400);
    // someone holding every permission, but not an admin by role, still cannot remove the only admin
    const keeper = await t.userWith('manager', allPermissions);
    const del = await t.delete(`/api/user/${me._id}`, keeper.token);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toMatch(/آخر مدير/);
    const demote = await t.put(`/api/user/${me._id}`, { role: 'employee' }, keeper.token);
    expect(demote.statusCode).toBe(400);
    // with a second admin the first may go
    const other = await t.userWith('admin');
    expect((await t.delete(`/api/user/${other.user._id}`, keeper.token)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', other.token)).json().action).toBe('clearToken');
  });

  it('answers 404 for a missing user and 422 for a malformed id', async () => {
    const token = (await t.userWith('admin')).token;
    expect((await t.get('/api/user/00000000-0000-4000-8000-000000000000', token)).statusCode).toBe(404);
    expect((await t.get('/api/user/not-a-uuid', token)).statusCode).toBe(422);
  });
});

describe('permissions', () => {
  it('403 without the permission, 401 without a token', async () => {
    const employee = await t.userWith('employee', ['task:read']);
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['POST', '/api/user'],
      ['PUT', '/api/settings'],
    ] as const) {
      const res = await t.inject({ method, url, token: employee.token, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/صلاحية/);
      expect((await t.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});
