import { createPrivateKey, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { einvoiceSubmissions, einvoices, notifications, zatcaCredentials } from '../db/schema';
import { open } from '../lib/secret-box';
import { issuedInvoiceFor } from '../test/buyers';
import { fatooraEnv } from '../test/fake-fatoora';
import { useFakeFatoora, useTestApp } from '../test/fixture';
import { createTestApp } from '../test/harness';
import { retryNow } from '../test/submissions';

/**
 * The paths a person meets around FATOORA besides the happy one (fatoora.test.ts): each onboarding
 * step failing, renewal, every submission answer, documents near the 24-hour limit, and the key
 * and secrets never showing in an answer or the log.
 */

const SECRET_KEY = randomBytes(32).toString('base64');
const logLines: string[] = [];
const fake = useFakeFatoora();
const t = useTestApp(() => ({ env: fatooraEnv(fake, SECRET_KEY), logLines }));
let customer: string;
let company: string;
let service: string;
/** Every answer body the tests saw, to prove none carries a secret. */
const answers: string[] = [];

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.inject({ method, url, token: t.admin, payload: payload as object });
  answers.push(res.body);
  return res;
}
const post = (url: string, payload: unknown = {}) => call('POST', url, payload);
const get = (url: string) => call('GET', url);

const issueFor = (buyer: string) => issuedInvoiceFor(post, buyer, service);

const docOf = async (id: string) => (await t.db.select().from(einvoices).where(eq(einvoices._id, id)))[0];
const jobOf = async (id: string) =>
  (await t.db.select().from(einvoiceSubmissions).where(eq(einvoiceSubmissions.einvoice, id)))[0];
const credentials = () => t.db.select().from(zatcaCredentials);
const activeRows = () => t.db.select().from(zatcaCredentials).where(eq(zatcaCredentials.active, true));

beforeAll(async () => {
  customer = (await post('/api/customer', { name: 'سلمان العتيبي', phoneNumber: '0552229911' })).json()._id;
  const [city] = (await get('/api/city?limit=1')).json().data;
  company = (
    await post('/api/customer', {
      name: 'مؤسسة الرواد',
      type: 'company',
      phoneNumber: '0552229912',
      vatNumber: '310122393500003',
      city: city._id,
      government: city.government,
      buildingNumber: '2222',
      street: 'الملك فهد',
      district: 'العليا',
      postalCode: '12333',
    })
  ).json()._id;
  service = (await post('/api/service', { name: 'تركيب', price: '100.00' })).json()._id;
});

describe('onboarding fails cleanly at every step, and can be retried', () => {
  it('renewal before connecting is refused in Arabic', async () => {
    const res = await post('/api/einvoicing/renew', { otp: fake.otp });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'not_connected' });
    expect(res.json().message).toContain('غير مرتبطة');
  });

  it('a refused CSR, a failed compliance check, a refused production CSID, 5xx and no connection: Arabic, nothing stored', async () => {
    fake.steps.compliance = [
      { status: 400, body: { errorCode: 'Invalid-CSR', errorMessage: 'Invalid CSR' } },
    ];
    const csr = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(csr.statusCode).toBe(422);
    expect(csr.json().message).toBe('رفضت منصة «فاتورة» طلب الشهادة: Invalid CSR');

    fake.steps.complianceCheck = [
      { status: 200 },
      {
        status: 400,
        body: {
          validationResults: {
            status: 'ERROR',
            errorMessages: [{ type: 'ERROR', code: 'BR-KSA-F-06', message: 'Seller name is missing' }],
          },
        },
      },
    ];
    const check = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(check.statusCode).toBe(422);
    expect(check.json().message).toContain('فحص المطابقة');
    expect(check.json().message).toContain('إشعار دائن');
    expect(check.json().message).toContain('BR-KSA-F-06: Seller name is missing');

    fake.steps.production = [
      { status: 400, body: { errorCode: 'Invalid-Request-ID', errorMessage: 'Invalid request id' } },
    ];
    const production = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(production.statusCode).toBe(422);
    expect(production.json().message).toContain('شهادة الإنتاج');

    fake.steps.compliance = [{ status: 503 }];
    const down = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toContain('تعذّر الوصول إلى منصة «فاتورة»');

    fake.steps.complianceCheck = [{ status: 0 }];
    const dropped = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(dropped.statusCode).toBe(502);

    expect(await credentials()).toHaveLength(0);
    expect((await get('/api/einvoicing')).json()).toMatchObject({ connected: false, credential: null });

    // The same OTP again, nothing scripted: connected.
    const ok = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await activeRows()).toHaveLength(1);
  });
});

describe('renewal', () => {
  it('a wrong OTP changes nothing; the right one replaces the certificate, and documents go out under the new one', async () => {
    const before = (await get('/api/einvoicing')).json().credential;
    const wrong = await post('/api/einvoicing/renew', { otp: '000111' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fieldErrors).toMatchObject({ otp: 'رمز التحقق غير صحيح أو منتهي الصلاحية' });
    expect((await get('/api/einvoicing')).json().credential.serialNumber).toBe(before.serialNumber);

    const res = await post('/api/einvoicing/renew', { otp: fake.otp });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await get('/api/einvoicing')).json().credential;
    expect(after.serialNumber).not.toBe(before.serialNumber);
    expect(after.daysLeft).toBeGreaterThan(300);
    expect(await activeRows()).toHaveLength(1);
    expect(await credentials()).toHaveLength(2);
    const activity = (await get('/api/activity?entity=einvoicing')).json();
    expect(JSON.stringify(activity)).toContain('تجديد شهادة «فاتورة»');

    // The renewed CSID authenticates at FATOORA (the fake refuses an unknown one with 401).
    const doc = await issueFor(customer);
    await t.app.submissions.settled();
    expect((await docOf(doc._id)).status).toBe('reported');
  });

  it('a certificate FATOORA no longer accepts cannot be renewed: reconnect, in Arabic', async () => {
    fake.steps.renew = [{ status: 401 }];
    const res = await post('/api/einvoicing/renew', { otp: fake.otp });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'reconnect' });
    expect(res.json().message).toContain('أعد الربط');
    expect(await credentials()).toHaveLength(2);
  });
});

describe('every answer of reporting and clearance', () => {
  it('401 keeps the document pending and retries later; 409 (already there) completes it', async () => {
    fake.script.push({ status: 401 });
    const doc = await issueFor(customer);
    await t.app.submissions.settled();
    expect((await docOf(doc._id)).status).toBe('pending');
    const job = await jobOf(doc._id);
    expect(job).toMatchObject({ doneAt: null, lastError: 'HTTP 401' });
    expect(job.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    fake.script.push({ status: 409, body: { reportingStatus: 'REPORTED' } });
    await retryNow(t, doc._id);
    expect((await docOf(doc._id)).status).toBe('reported');
    expect((await jobOf(doc._id)).doneAt).not.toBeNull();
  });

  it('clearance keeps the XML and QR ZATCA returns; a network failure is retried', async () => {
    fake.script.push({ status: 0 });
    const doc = await issueFor(company);
    await t.app.submissions.settled();
    expect((await docOf(doc._id)).status).toBe('pending');
    expect((await jobOf(doc._id)).lastError).toMatch(/^unreachable/);
    let cleared = false;
    t.app.events.on('einvoice.cleared', ({ einvoiceId }) => {
      if (einvoiceId === doc._id) cleared = true;
    });
    await retryNow(t, doc._id);
    const row = await docOf(doc._id);
    expect(row.status).toBe('cleared');
    expect(row.xml).toContain('<!-- cleared by FATOORA -->');
    expect(cleared).toBe(true);
    const xml = await get(`/api/invoice/${doc._id}/xml`);
    expect(xml.body).toBe(row.xml);
  });

  it('a rejected document and one unreported for 20 hours are listed for attention; the late one is announced once', async () => {
    fake.script.push({
      status: 400,
      body: {
        validationResults: {
          status: 'ERROR',
          errorMessages: [{ type: 'ERROR', code: 'BR-KSA-25', message: 'Buyer name is missing' }],
        },
      },
    });
    const rejected = await issueFor(customer);
    fake.script.push({ status: 503 });
    const late = await issueFor(customer);
    await t.app.submissions.settled();
    expect((await docOf(rejected._id)).status).toBe('rejected');
    expect((await docOf(late._id)).status).toBe('pending');
    await t.db
      .update(einvoices)
      .set({ issuedAt: new Date(Date.now() - 21 * 3_600_000) })
      .where(eq(einvoices._id, late._id));

    const attention = (await get('/api/einvoicing/attention')).json();
    expect(attention.rejected.map((d: { _id: string }) => d._id)).toContain(rejected._id);
    expect(attention.rejected.find((d: { _id: string }) => d._id === rejected._id)).toMatchObject({
      number: rejected.number,
      zatcaMessages: [{ code: 'BR-KSA-25', message: 'Buyer name is missing' }],
    });
    expect(attention.overdue.map((d: { _id: string }) => d._id)).toEqual([late._id]);
    expect((await get('/api/einvoicing')).json().attention).toMatchObject({ overdue: 1 });

    const announced = new Promise<void>((resolve) =>
      t.app.events.on('einvoice.overdue', ({ einvoiceId }) => einvoiceId === late._id && resolve()),
    );
    expect(await t.app.submissions.noticeOverdue()).toBe(1);
    expect(await t.app.submissions.noticeOverdue()).toBe(0);
    await announced;
    const link = `/dashboard/invoice/${late._id}`;
    let rows: (typeof notifications.$inferSelect)[] = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      rows = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.link, link)));
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0].title).toContain('لم تُبلّغ للهيئة منذ 20 ساعة');
  });

  it('two apps on one database (two nodes) send each document exactly once', async () => {
    const other = await buildApp({
      config: t.app.config,
      database: t.database,
      logger: false,
      serveWeb: false,
      realtime: false,
    });
    await other.ready();
    try {
      const docs: { _id: string; snapshot: { uuid: string } }[] = [];
      for (let i = 0; i < 8; i++) docs.push(await issueFor(i % 2 ? company : customer));
      // Both nodes' workers and one more pass each, all at once.
      await Promise.all([
        t.app.submissions.settled(),
        other.submissions.settled(),
        t.app.submissions.drain(),
        other.submissions.drain(),
      ]);
      for (const d of docs) {
        expect(fake.received.filter((r) => r.uuid === d.snapshot.uuid)).toHaveLength(1);
        expect(['reported', 'cleared']).toContain((await docOf(d._id)).status);
      }
    } finally {
      await other.close();
    }
  });

  it('a reader without the onboarding permission sees the state but cannot connect or renew', async () => {
    const reader = await t.userWith('employee', ['invoice:read']);
    const state = await t.get('/api/einvoicing', reader.token);
    expect(state.statusCode).toBe(200);
    for (const url of ['/api/einvoicing/onboard', '/api/einvoicing/renew']) {
      const res = await t.post(url, { otp: fake.otp }, reader.token);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('secrets', () => {
  it('the private keys, CSID secrets, sealed values and IDARA_SECRET_KEY appear in no answer and no log line', async () => {
    const key = Buffer.from(SECRET_KEY, 'base64');
    const rows = await credentials();
    expect(rows.length).toBeGreaterThan(0);
    const forbidden = [SECRET_KEY, ...fake.secrets];
    for (const row of rows) {
      const pem = open(key, row.privateKey);
      // The private scalar in every usual spelling, and the whole key (its PEM lines also carry the
      // public key, which the certificate rightly shows).
      const d = createPrivateKey(pem).export({ format: 'jwk' }).d!;
      const scalar = Buffer.from(d, 'base64url');
      forbidden.push(d, scalar.toString('base64'), scalar.toString('hex'));
      forbidden.push(pem.replace(/-----[^-]+-----|\s/g, ''), row.privateKey, row.secret);
    }
    expect(fake.secrets.length).toBeGreaterThan(2);
    // the lists and documents a person may open or export
    await get('/api/einvoicing');
    await get('/api/einvoicing/attention');
    await get('/api/invoice');
    await get('/api/activity');
    await get('/api/settings');
    const everything = `${answers.join('\n')}\n${logLines.join('\n')}`;
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of forbidden) {
      const at = everything.indexOf(secret);
      expect(at, `${secret.slice(0, 8)}: ${everything.slice(Math.max(0, at - 300), at + 100)}`).toBe(-1);
    }
    expect(everything).not.toContain('PRIVATE KEY');
  });
});

describe('the key that seals secrets', () => {
  it('on the embedded database without IDARA_SECRET_KEY: a key file beside DATA_DIR (0600), never inside it', async () => {
    if (process.env.TEST_DATABASE_URL) return; // PostgreSQL: the next test
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-secret-'));
    const dataDir = path.join(root, 'data');
    const local = await createTestApp({ dataDir, env: { ZATCA_API_URL: fake.url } });
    try {
      const token = await local.adminToken();
      const res = await local.inject({
        method: 'POST',
        url: '/api/einvoicing/onboard',
        token,
        payload: { otp: fake.otp },
      });
      expect(res.statusCode, res.body).toBe(201);
      const file = path.join(root, 'idara-secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(fs.readFileSync(file, 'utf8'), 'base64')).toHaveLength(32);
      expect(fs.readdirSync(dataDir)).not.toContain('idara-secret.key');
    } finally {
      await local.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL without IDARA_SECRET_KEY onboarding answers 409 in Arabic before calling FATOORA', async () => {
    if (!process.env.TEST_DATABASE_URL) return; // embedded: the test above
    const pg = await createTestApp({ env: { ZATCA_API_URL: fake.url } });
    try {
      const calls = fake.secrets.length;
      const res = await pg.inject({
        method: 'POST',
        url: '/api/einvoicing/onboard',
        token: await pg.adminToken(),
        payload: { otp: fake.otp },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('IDARA_SECRET_KEY');
      expect(fake.secrets.length).toBe(calls);
      expect(await pg.db.select().from(zatcaCredentials)).toHaveLength(0);
    } finally {
      await pg.close();
    }
  });
});
