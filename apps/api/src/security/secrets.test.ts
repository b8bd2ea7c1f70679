import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { appSecrets, outbox, users } from '../db/schema';
import { forgetSecrets, signLink, verifyLink } from '../lib/signed-links';
import { hashPassword } from '../modules/auth/passwords';
import { documentLink } from '../modules/whatsapp/automations';
import { useTestApp } from '../test/fixture';
import { ADMIN, createTestApp } from '../test/harness';
import { SERVER_START_MS, spawnServer, stopProcess } from '../test/processes';
import { sealingKey } from '../zatca/credentials';

/** No secrets in logs, nothing that tells a registered phone from another, no links from the Host header. */

const logLines: string[] = [];
const t = useTestApp({ logLines, signedIn: false });

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function codeSentTo(phone: string) {
  await t.app.afterReply.settled();
  const [row] = await t.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, phone))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row ? /(\d{6})/.exec(row.body)![1] : undefined;
}

describe('the log', () => {
  it('never holds a reset code or a sign-in link token, though it records that they were made and used', async () => {
    await post('/api/auth/forget-password', { phoneNumber: ADMIN.phone });
    const code = (await codeSentTo('+966500000000'))!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    await post('/api/auth/reset-password', {
      phoneNumber: ADMIN.phone,
      code: wrong,
      password: 'Another-pass-1',
    });
    await post('/api/auth/reset-password', { phoneNumber: ADMIN.phone, code, password: ADMIN.password });

    const admin = await t.adminToken();
    const someone = await t.userWith('employee');
    const link = await t.inject({
      method: 'POST',
      url: `/api/user/${someone.user._id}/signin-link`,
      token: admin,
    });
    const { token } = link.json();
    // The page a sign-in link opens, and the API call it makes.
    await t.app.inject({ method: 'GET', url: `/auth/signinWithToken?token=${token}` });
    expect((await post('/api/auth/signin-with-token', { token })).statusCode).toBe(200);

    const log = logLines.join('');
    expect(log).toContain('message recorded in outbox');
    expect(log).toContain('/auth/signinWithToken?token=…'); // request lines are logged, with the token masked
    expect(log).not.toContain(code);
    expect(log).not.toContain(token);
  });

  it(
    'never holds the admin password the server was first started with',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-secret-log-'));
      const password = 'Unguessable-Admin-Pass-71';
      const server = await spawnServer({
        DATA_DIR: path.join(dataDir, 'data'),
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'trace',
      });
      try {
        const signin = await fetch(`${server.base}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phoneNumber: ADMIN.phone, password }),
        });
        expect(signin.status).toBe(200);
        const log = server.log.join('');
        expect(log).toContain('Seeded a new database');
        expect(log).not.toContain(password);
      } finally {
        await stopProcess(server.child);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    2 * SERVER_START_MS,
  );
});

describe('a registered phone looks like any other', () => {
  it('forget-password and reset-password answer the same words and status for known and unknown phones', async () => {
    const known = await t.userWith('employee');
    const unknownPhone = '0591234987';
    const forKnown = await post('/api/auth/forget-password', { phoneNumber: known.phoneNumber });
    const forUnknown = await post('/api/auth/forget-password', { phoneNumber: unknownPhone });
    expect(forKnown.statusCode).toBe(forUnknown.statusCode);
    expect(forKnown.body).toBe(forUnknown.body);

    const code = (await codeSentTo(`+966${known.phoneNumber.slice(1)}`))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    // unknown phone; known phone, wrong code (five times, until the code is spent); then the right one, spent
    answers.push(
      await post('/api/auth/reset-password', { phoneNumber: unknownPhone, code, password: 'Brand-new-1' }),
    );
    for (let i = 0; i < 5; i++)
      answers.push(
        await post('/api/auth/reset-password', {
          phoneNumber: known.phoneNumber,
          code: wrong,
          password: 'Brand-new-1',
        }),
      );
    answers.push(
      await post('/api/auth/reset-password', {
        phoneNumber: known.phoneNumber,
        code,
        password: 'Brand-new-1',
      }),
    );
    // a registered phone that never asked for a code
    const other = await t.userWith('employee');
    answers.push(
      await post('/api/auth/reset-password', {
        phoneNumber: other.phoneNumber,
        code,
        password: 'Brand-new-1',
      }),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(400);
      expect(a.body).toBe(answers[0].body);
    }
    expect(answers[0].json().message).toBe('رمز التحقق غير صحيح أو منتهي الصلاحية، اطلب رمزاً جديداً إن لزم');
  });

  it('concurrent guesses at one code are counted: at most five are compared', async () => {
    const known = await t.userWith('employee');
    await post('/api/auth/forget-password', { phoneNumber: known.phoneNumber });
    const code = (await codeSentTo(`+966${known.phoneNumber.slice(1)}`))!;
    // 40 wrong guesses at once, then the right code: the five tries are spent, so it no longer works.
    const guesses = Array.from({ length: 40 }, (_, i) =>
      String((Number(code) + 1 + i) % 1e6).padStart(6, '0'),
    );
    // From forty addresses, so the per-address limit on reset tries is not what stops them.
    await Promise.all(
      guesses.map((g, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { phoneNumber: known.phoneNumber, code: g, password: 'Brand-new-1' },
          remoteAddress: `10.50.0.${i + 1}`,
        }),
      ),
    );
    const right = await post('/api/auth/reset-password', {
      phoneNumber: known.phoneNumber,
      code,
      password: 'Brand-new-1',
    });
    expect(right.statusCode).toBe(400);
  });

  it('take the same time for known and unknown phones (medians within a factor of 2, same run; a leak was ×4.6)', async () => {
    // Forty registered users against forty numbers nobody has.
    const passwordHash = await hashPassword('Passw0rd!x');
    const known = Array.from({ length: 40 }, (_, i) => `05830000${String(i).padStart(2, '0')}`);
    const unknown = Array.from({ length: 40 }, (_, i) => `05840000${String(i).padStart(2, '0')}`);
    await t.db.insert(users).values(
      known.map((p, i) => ({
        name: `موقّت ${i}`,
        phoneNumber: `+966${p.slice(1)}`,
        role: 'employee',
        permissions: [],
        passwordHash,
      })),
    );
    const timed = async (url: string, payload: Record<string, unknown>) => {
      const start = process.hrtime.bigint();
      const res = await post(url, payload);
      expect(res.statusCode).toBeLessThan(500);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    for (const url of ['/api/auth/forget-password', '/api/auth/reset-password']) {
      const k: number[] = [];
      const u: number[] = [];
      for (let i = 0; i < 40; i++) {
        // alternate, so anything the machine does in between falls on both sides
        const payload = (phoneNumber: string) =>
          url.endsWith('forget-password')
            ? { phoneNumber }
            : { phoneNumber, code: '000001', password: 'Brand-new-1' };
        // alternate which goes first, so neither side always follows the other
        if (i % 2) {
          k.push(await timed(url, payload(known[i])));
          u.push(await timed(url, payload(unknown[i])));
        } else {
          u.push(await timed(url, payload(unknown[i])));
          k.push(await timed(url, payload(known[i])));
        }
        await t.app.afterReply.settled();
      }
      const ratio = median(k) / median(u);
      expect(
        ratio,
        `${url}: known ${median(k).toFixed(2)} ms, unknown ${median(u).toFixed(2)} ms`,
      ).toBeLessThan(2);
      expect(ratio, url).toBeGreaterThan(1 / 2);
    }
  });
});

describe('links the server writes', () => {
  it('take their host from PUBLIC_URL, else only from a Host naming this machine, never from anywhere else', async () => {
    const admin = await t.adminToken();
    const someone = await t.userWith('employee');
    const linkWith = async (host: string, app = t) => {
      const res = await app.app.inject({
        method: 'POST',
        url: `/api/user/${someone.user._id}/signin-link`,
        headers: { host, authorization: `Bearer ${app === t ? admin : await app.adminToken()}` },
      });
      expect(res.statusCode).toBe(201);
      return new URL(res.json().url);
    };
    expect((await linkWith('evil.example')).origin).toBe('http://localhost:3000');
    expect((await linkWith('evil.example:3000')).origin).toBe('http://localhost:3000');
    expect((await linkWith('127.0.0.1:4100')).origin).toBe('http://127.0.0.1:4100');
    expect((await linkWith(`${os.hostname()}:3000`)).host).toBe(`${os.hostname().toLowerCase()}:3000`);
  });

  it('with PUBLIC_URL every link uses it, sign-in and invoice links alike', async () => {
    const withUrl = await createTestApp({ env: { PUBLIC_URL: 'https://idara.example.sa/' } });
    try {
      const admin = await withUrl.adminToken();
      const someone = await withUrl.userWith('employee');
      const res = await withUrl.app.inject({
        method: 'POST',
        url: `/api/user/${someone.user._id}/signin-link`,
        headers: { host: 'evil.example', authorization: `Bearer ${admin}` },
      });
      expect(res.json().url).toMatch(/^https:\/\/idara\.example\.sa\/auth\/signinWithToken\?token=/);
      expect(await documentLink(withUrl.app, '00000000-0000-4000-8000-000000000001')).toMatch(
        /^https:\/\/idara\.example\.sa\/api\/invoice\//,
      );
    } finally {
      await withUrl.close();
    }
  });

  it('PUBLIC_URL is required once WhatsApp can send links to customers, and must be http(s)', () => {
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'x', WHATSAPP_PHONE_NUMBER_ID: 'y' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ WHATSAPP_TOKEN: 'x', PUBLIC_URL: 'https://idara.example.sa' }).PUBLIC_URL).toBe(
      'https://idara.example.sa',
    );
  });
});

describe('the link-signing secret', () => {
  it('is stored sealed; one stored in plain text before is sealed as it is, and links signed with it still open', async () => {
    // Read from this test's database (another app in this process may have read its own).
    forgetSecrets();
    await signLink(t.db, 'invoice', 'x');
    const row = async () => (await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'links')))[0];
    // PostgreSQL without IDARA_SECRET_KEY has no key to seal with: the secret stays as it was (documented).
    const sealable = (() => {
      try {
        return sealingKey().length === 32;
      } catch {
        return false;
      }
    })();
    const stored = sealable ? /^v1\./ : /^[A-Za-z0-9_-]{43}$/;
    expect((await row()).value).toMatch(stored);

    // An installation from before: the secret in plain text, links already sent with it.
    const legacy = 'legacy-links-secret-0123456789abcdefghij';
    await t.db.update(appSecrets).set({ value: legacy }).where(eq(appSecrets.name, 'links'));
    forgetSecrets();
    const sent = createHmac('sha256', legacy).update('invoice:42').digest('base64url');
    expect(await verifyLink(t.db, 'invoice', '42', sent)).toBe(true);
    const sealed = (await row()).value;
    expect(sealed).toMatch(sealable ? /^v1\./ : new RegExp(`^${legacy}$`));
    if (sealable) expect(sealed).not.toContain(legacy);
    forgetSecrets();
    expect(await verifyLink(t.db, 'invoice', '42', sent)).toBe(true);
  });
});
