import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { activity } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

describe('TRUST_PROXY parsing', () => {
  it('refuses true, saying what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
  });

  it('accepts false (the default), a hop count, or a list of proxy addresses and CIDRs', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses anything else', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0', 'nginx.internal', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('a forged X-Forwarded-For', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  /** The address the activity log records for a failed sign-in sent from remoteAddress with that header. */
  async function recordedAddress(t: TestApp, phone: string, remoteAddress: string, forwardedFor: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { phoneNumber: phone, password: 'bad-password' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });
    expect(res.statusCode).toBe(401);
    const [row] = await t.db
      .select({ ip: activity.ip })
      .from(activity)
      .where(
        and(
          eq(activity.action, 'signin_failed'),
          eq(activity.summary, `محاولة دخول فاشلة للرقم +966${phone.slice(1)}`),
        ),
      );
    return row.ip;
  }

  it('is ignored by default', async () => {
    const t = await createTestApp();
    apps.push(t);
    expect(await recordedAddress(t, '0561000001', '10.9.0.1', '203.0.113.9')).toBe('10.9.0.1');
  });

  it('with one trusted hop only the address the proxy saw counts, not what the client wrote before it', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    apps.push(t);
    expect(await recordedAddress(t, '0561000002', '127.0.0.1', '198.51.100.7, 203.0.113.9')).toBe(
      '203.0.113.9',
    );
  });

  it('with a proxy list a header from a client that is not a listed proxy is ignored', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    apps.push(t);
    expect(await recordedAddress(t, '0561000003', '10.9.0.2', '203.0.113.9')).toBe('10.9.0.2');
    expect(await recordedAddress(t, '0561000004', '127.0.0.1', '198.51.100.7, 203.0.113.9')).toBe(
      '203.0.113.9',
    );
  });
});
