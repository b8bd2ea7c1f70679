import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activity, authFailures, outbox, sessions } from '../../db/schema';
import { useTestApp } from '../../test/fixture';
import { ADMIN } from '../../test/harness';

const t = useTestApp({ signedIn: false });

const signin = (phoneNumber: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { phoneNumber, password },
    remoteAddress,
  });

describe('sign-in', () => {
  it('answers {user, token} for every Saudi form of the same phone', async () => {
    for (const phone of [
      '0500000000',
      '500000000',
      '+966500000000',
      '00966500000000',
      '٠٥٠٠٠٠٠٠٠٠',
      '050 000 0000',
    ]) {
      const res = await signin(phone, ADMIN.password, '10.0.0.2');
      expect(res.statusCode, phone).toBe(200);
      const body = res.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(body.user).toMatchObject({ name: 'مدير النظام', role: 'admin', phoneNumber: '+966500000000' });
      expect(body.user.passwordHash).toBeUndefined();
    }
  });

  it('me returns the user with the spec fields and nothing secret', async () => {
    const { token } = await t.signIn();
    const res = await t.get('/api/auth/me', token);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    for (const key of ['_id', 'name', 'role', 'jobTitle', 'permissions', 'phoneNumber'])
      expect(me).toHaveProperty(key);
    expect(me.permissions).toContain('user:read');
    expect(JSON.stringify(me)).not.toMatch(/argon2|passwordHash|tokenHash/);
  });

  it('gives an unknown phone and a wrong password the same answer', async () => {
    const wrong = await signin('0500000000', 'wrong-password', '10.0.0.3');
    const unknown = await signin('0599999999', 'wrong-password', '10.0.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('رقم الجوال أو كلمة المرور غير صحيحة');
    expect(wrong.json().action).toBeUndefined();
  });

  it('refuses malformed input with Arabic field errors', async () => {
    const res = await signin('12345', '', '10.0.0.4');
    expect(res.statusCode).toBe(422);
    expect(res.json().fieldErrors.phoneNumber).toMatch(/رقم الجوال/);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBeTruthy();
  });

  it('writes sign-ins and failed sign-ins to the activity log', async () => {
    await signin('0500000000', 'nope-nope', '10.0.0.5');
    await signin('0500000000', ADMIN.password, '10.0.0.5');
    const rows = await t.db
      .select()
      .from(activity)
      .where(eq(activity.ip, '10.0.0.5'))
      .orderBy(desc(activity.createdAt));
    expect(rows.map((r) => r.action).sort()).toEqual(['signin', 'signin_failed']);
  });
});

describe('brute force', () => {
  it('answers 429 with Retry-After after 5 failures for one phone from one address', async () => {
    const { phoneNumber, password } = await t.userWith('employee');
    for (let i = 0; i < 5; i++)
      expect((await signin(phoneNumber, 'bad-password', '10.1.0.1')).statusCode).toBe(401);
    const limited = await signin(phoneNumber, password, '10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    expect(limited.json().message).toMatch(/محاولات/);
    // another address is not blocked by this one's failures
    expect((await signin(phoneNumber, password, '10.1.0.2')).statusCode).toBe(200);
  });

  it('has a per-account ceiling per hour across addresses', async () => {
    const { phoneNumber, password } = await t.userWith('employee');
    for (let i = 0; i < 20; i++) await signin(phoneNumber, 'bad-password', `10.2.${i}.1`);
    const limited = await signin(phoneNumber, password, '10.2.99.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('forgets old failures after the window', async () => {
    const { phoneNumber, password } = await t.userWith('employee');
    for (let i = 0; i < 5; i++) await signin(phoneNumber, 'bad-password', '10.3.0.1');
    expect((await signin(phoneNumber, password, '10.3.0.1')).statusCode).toBe(429);
    await t.db
      .update(authFailures)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(authFailures.phoneNumber, `+966${phoneNumber.slice(1)}`));
    expect((await signin(phoneNumber, password, '10.3.0.1')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('sign-out ends the session: the token then gets 401 clearToken', async () => {
    const { token } = await t.signIn();
    expect((await t.inject({ method: 'POST', url: '/api/auth/signout', token })).json().message).toBeTruthy();
    const after = await t.get('/api/auth/me', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().action).toBe('clearToken');
  });

  it('an expired token gets 401 clearToken; no token gets 401 without it', async () => {
    const { token } = await t.signIn();
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await t.get('/api/auth/me', token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().action).toBe('clearToken');
    const none = await t.get('/api/auth/me');
    expect(none.statusCode).toBe(401);
    expect(none.json().action).toBeUndefined();
    const garbage = await t.get('/api/auth/me', 'x'.repeat(50));
    expect(garbage.json().action).toBe('clearToken');
  });

  it('sessions last 90 days', async () => {
    const { token } = await t.signIn();
    const list = await t.get('/api/auth/sessions', token);
    const current = list.json().data.find((s: { current: boolean }) => s.current);
    expect(current).toBeTruthy();
    const [row] = await t.db.select().from(sessions).where(eq(sessions._id, current._id));
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
  });

  it("keeps a session's last-seen time, written beside the request it was seen in", async () => {
    const { token } = await t.signIn();
    const me = (await t.get('/api/auth/me', token)).json();
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await t.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, me._id));
    t.app.sessionCache.dropUser(me._id);
    expect((await t.get('/api/auth/me', token)).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const rows = await t.db.select().from(sessions).where(eq(sessions.userId, me._id));
      expect(rows.some((r) => r.lastSeenAt.getTime() > longAgo.getTime() + 5 * 60_000)).toBe(true);
    });
  });

  it('lists and revokes only my own sessions', async () => {
    const a = await t.userWith('employee');
    const second = await t.signIn(a.phoneNumber, a.password);
    const list = (await t.get('/api/auth/sessions', a.token)).json().data;
    expect(list).toHaveLength(2);
    const other = list.find((s: { current: boolean }) => !s.current);
    const admin = await t.adminToken();
    expect((await t.delete(`/api/auth/sessions/${other._id}`, admin)).statusCode).toBe(404);
    expect((await t.delete(`/api/auth/sessions/${other._id}`, a.token)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', second.token)).statusCode).toBe(401);
  });

  it('a password change revokes the other sessions and keeps this one', async () => {
    const a = await t.userWith('employee');
    const other = await t.signIn(a.phoneNumber, a.password);
    const wrong = await t.put(
      '/api/auth/password',
      { currentPassword: 'nope', newPassword: 'NewPassw0rd!' },
      a.token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.currentPassword).toBeTruthy();
    const ok = await t.put(
      '/api/auth/password',
      { currentPassword: a.password, newPassword: 'NewPassw0rd!' },
      a.token,
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.get('/api/auth/me', a.token)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', other.token)).json().action).toBe('clearToken');
    expect((await signin(a.phoneNumber, 'NewPassw0rd!', '10.4.0.1')).statusCode).toBe(200);
  });

  it('disabling a user ends their sessions at once', async () => {
    const a = await t.userWith('employee');
    const admin = await t.adminToken();
    const res = await t.put(`/api/user/${a.user._id}`, { active: false }, admin);
    expect(res.statusCode).toBe(200);
    expect((await t.get('/api/auth/me', a.token)).json().action).toBe('clearToken');
    expect((await signin(a.phoneNumber, a.password, '10.5.0.1')).statusCode).toBe(403);
  });

  it('updates the profile name and email, and records it', async () => {
    const a = await t.userWith('employee');
    const res = await t.put('/api/auth/profile', { name: 'سارة العتيبي', email: 'sara@example.sa' }, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'سارة العتيبي', email: 'sara@example.sa' });
    // A partial edit keeps what it does not name.
    const renamed = await t.put('/api/auth/profile', { name: 'سارة محمد العتيبي' }, a.token);
    expect(renamed.json()).toMatchObject({ name: 'سارة محمد العتيبي', email: 'sara@example.sa' });
    const bad = await t.put('/api/auth/profile', { name: 'س', email: 'not-an-email' }, a.token);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['email', 'name']);
  });
});

describe('forgotten password', () => {
  const lastCode = async (phone: string) => {
    await t.app.afterReply.settled();
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, phone))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    return row ? /(\d{6})/.exec(row.body)![1] : undefined;
  };

  it('answers the same whether the phone exists, and sends a code only when it does', async () => {
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forget-password',
      payload: { phoneNumber: '0500000000' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forget-password',
      payload: { phoneNumber: '0591111111' },
    });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await lastCode('+966500000000')).toMatch(/^\d{6}$/);
    expect(await lastCode('+966591111111')).toBeUndefined();
  });

  it('a right code sets the new password and revokes every session; 5 tries at most', async () => {
    const a = await t.userWith('employee');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forget-password',
      payload: { phoneNumber: a.phoneNumber },
    });
    const phone = `+966${a.phoneNumber.slice(1)}`;
    const code = (await lastCode(phone))!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { phoneNumber: a.phoneNumber, code: wrongCode, password: 'Brand-new-1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('رمز التحقق غير صحيح أو منتهي الصلاحية، اطلب رمزاً جديداً إن لزم');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { phoneNumber: a.phoneNumber, code, password: 'Brand-new-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.get('/api/auth/me', a.token)).json().action).toBe('clearToken');
    expect((await signin(a.phoneNumber, 'Brand-new-1', '10.6.0.1')).statusCode).toBe(200);
    // a used code never works again
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { phoneNumber: a.phoneNumber, code, password: 'Another-one-2' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('locks a code after 5 wrong tries and expires it after 10 minutes', async () => {
    const a = await t.userWith('employee');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forget-password',
      payload: { phoneNumber: a.phoneNumber },
    });
    const code = (await lastCode(`+966${a.phoneNumber.slice(1)}`))!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { phoneNumber: a.phoneNumber, code: wrongCode, password: 'Brand-new-1' },
      });
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { phoneNumber: a.phoneNumber, code, password: 'Brand-new-1' },
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe('رمز التحقق غير صحيح أو منتهي الصلاحية، اطلب رمزاً جديداً إن لزم');
  });
});

describe('sign-in links', () => {
  it('are single-use, created only with user:update', async () => {
    const a = await t.userWith('employee');
    const admin = await t.adminToken();
    const refused = await t.inject({
      method: 'POST',
      url: `/api/user/${a.user._id}/signin-link`,
      token: a.token,
    });
    expect(refused.statusCode).toBe(403);
    const created = await t.inject({
      method: 'POST',
      url: `/api/user/${a.user._id}/signin-link`,
      token: admin,
    });
    expect(created.statusCode).toBe(201);
    const { token, url } = created.json();
    expect(url).toContain('/auth/signinWithToken?token=');
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin-with-token',
      payload: { token },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().user._id).toBe(a.user._id);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin-with-token',
      payload: { token },
    });
    expect(second.statusCode).toBe(400);
  });
});
