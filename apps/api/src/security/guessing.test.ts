import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activity, authFailures, outbox } from '../db/schema';
import { signLink } from '../lib/signed-links';
import { LIMITS } from '../modules/auth/rate-limit';
import { useTestApp } from '../test/fixture';
import { ADMIN } from '../test/harness';

const t = useTestApp({ signedIn: false });

const signin = (phoneNumber: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { phoneNumber, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

const deviceCookieOf = (res: { headers: Record<string, unknown> }) => {
  const header = String(res.headers['set-cookie'] ?? '');
  return header.split(';')[0];
};

describe('password guessing', () => {
  it('counts concurrent wrong sign-ins for one phone: at most the limit get 401, the rest 429', async () => {
    const { phoneNumber } = await t.userWith('employee');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => signin(phoneNumber, 'bad-password', '10.40.0.1')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LIMITS.perPhoneAndAddress.max);
    expect(codes.filter((c) => c !== 401).every((c) => c === 429)).toBe(true);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(40 - LIMITS.perPhoneAndAddress.max);
  });

  it('limits guessing the current password from a session, logs each miss, and never locks the owner’s sign-in', async () => {
    const { token, phoneNumber, password } = await t.userWith('employee');
    const change = (currentPassword: string) =>
      t.put('/api/auth/password', { currentPassword, newPassword: 'N3wPassw0rd!x' }, token);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => change(`wrong-${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(LIMITS.perPhoneAndAddress.max);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(40 - LIMITS.perPhoneAndAddress.max);
    // Once the session has used up its tries, even the right one waits: it is limited, not told.
    for (let i = 0; i < LIMITS.perPhoneAndAddress.max && (await change('wrong')).statusCode !== 429; i++);
    expect((await change(password)).statusCode).toBe(429);
    const misses = await t.db.select().from(activity).where(eq(activity.action, 'password_change_failed'));
    expect(misses.length).toBeGreaterThanOrEqual(codes.filter((c) => c === 400).length);
    expect(misses.length).toBeLessThanOrEqual(LIMITS.perPhoneAndAddress.max);
    // The owner still signs in (the guesses count apart from the account's sign-in limit).
    expect((await signin(phoneNumber, password, '10.41.0.1')).statusCode).toBe(200);
  });

  it('twenty concurrent reset requests for one phone send at most three codes', async () => {
    const { phoneNumber, user } = await t.userWith('employee');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/forget-password',
          payload: { phoneNumber },
          remoteAddress: `10.42.0.${i + 1}`,
        }),
      ),
    );
    await t.app.afterReply.settled();
    const sent = await t.db.select().from(outbox).where(eq(outbox.recipient, user.phoneNumber));
    expect(sent.length).toBe(3);
  });

  it('limits anonymous reset tries per address, under concurrency, and purges old ones', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: {
            phoneNumber: `05900000${String(i).padStart(2, '0')}`,
            code: '123456',
            password: 'N3wPassw0rd!x',
          },
          remoteAddress: '10.43.0.1',
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(20);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(40);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(refused?.json().message).toMatch(/ربع ساعة/);
    // Another address is not held back by this one.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { phoneNumber: '0590000099', code: '123456', password: 'N3wPassw0rd!x' },
      remoteAddress: '10.43.0.2',
    });
    expect(other.statusCode).toBe(400);
    // Tries older than a day are gone after the next one.
    await t.db.update(authFailures).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { phoneNumber: '0590000099', code: '123456', password: 'N3wPassw0rd!x' },
      remoteAddress: '10.43.0.3',
    });
    const left = await t.db.select().from(authFailures);
    expect(
      left.filter((r) => r.ip.startsWith('reset') && r.createdAt < new Date(Date.now() - 86_400_000)),
    ).toEqual([]);
  });

  it('counts every device cookie’s failures together: forged cookies get no fresh allowance each', async () => {
    const victim = await t.userWith('employee');
    // As someone holding the link-signing key could: a new validly signed cookie for every guess.
    const forged = async () => {
      const body = `${victim.user._id}.${randomBytes(12).toString('base64url')}`;
      return `idara_device=${body}.${await signLink(t.db, 'device-cookie', body)}`;
    };
    const codes: number[] = [];
    for (let i = 0; i < LIMITS.perAccount.max + 5; i++)
      codes.push(
        (await signin(victim.phoneNumber, 'bad-password', `10.44.0.${i + 1}`, await forged())).statusCode,
      );
    expect(codes.filter((c) => c === 401).length).toBe(LIMITS.perAccount.max);
    expect(codes.slice(LIMITS.perAccount.max)).toEqual([429, 429, 429, 429, 429]);
    // Those failures count toward the account for untrusted clients too.
    expect((await signin(victim.phoneNumber, victim.password, '10.44.1.1')).statusCode).toBe(429);
  });

  it('does not trust a device cookie issued to another user or with a forged signature', async () => {
    const victim = await t.userWith('employee');
    const other = await t.userWith('employee');
    const otherCookie = deviceCookieOf(await signin(other.phoneNumber, other.password, '10.43.0.1'));
    const [name, value] = otherCookie.split('=');
    const [, nonce, signature] = value.split('.');
    const victimId = (await signin(victim.phoneNumber, victim.password, '10.43.0.2')).json().user._id;
    const forged = `${name}=${victimId}.${nonce}.${signature}`;

    for (let a = 0; a < 5; a++)
      for (let i = 0; i < 5; i++) await signin(victim.phoneNumber, 'bad-password', `10.44.${a}.1`);
    expect((await signin(victim.phoneNumber, victim.password, '10.43.0.3', otherCookie)).statusCode).toBe(
      429,
    );
    expect((await signin(victim.phoneNumber, victim.password, '10.43.0.3', forged)).statusCode).toBe(429);
  });

  it('limits one address trying many phones', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= LIMITS.perAddress.max; i++)
      codes.push(
        (await signin(`05${String(10000000 + i).padStart(8, '0')}`, 'bad-password', '10.45.0.1')).statusCode,
      );
    expect(codes.slice(0, LIMITS.perAddress.max).every((c) => c === 401)).toBe(true);
    expect(codes[LIMITS.perAddress.max]).toBe(429);
    // another address is unaffected
    expect((await signin('0511111111', 'bad-password', '10.45.0.2')).statusCode).toBe(401);
  });
  // Last: the admin stays locked for untrusted clients afterwards (the harness signs in as the admin).
  it('lets the admin with their device cookie in after 25 failures from five other addresses; an untrusted client is limited', async () => {
    const first = await signin(ADMIN.phone, ADMIN.password, '10.41.0.1');
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    const cookie = deviceCookieOf(first);

    for (let a = 0; a < 5; a++)
      for (let i = 0; i < 5; i++) await signin(ADMIN.phone, 'bad-password', `10.42.${a}.1`);

    const untrusted = await signin(ADMIN.phone, ADMIN.password, '10.41.0.1');
    expect(untrusted.statusCode).toBe(429);
    const owner = await signin(ADMIN.phone, ADMIN.password, '10.41.0.1', cookie);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toBeTruthy();
  });
});
