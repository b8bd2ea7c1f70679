import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { einvoiceSubmissions, einvoices, zatcaCredentials } from '../db/schema';
import { companyBuyer, issuedInvoiceFor } from '../test/buyers';
import { fatooraEnv } from '../test/fake-fatoora';
import { useFakeFatoora, useTestApp } from '../test/fixture';
import { retryNow } from '../test/submissions';
import { SubmissionWorker } from './submissions';

/** Connecting to FATOORA and reporting/clearing documents, against a local fake of the gateway. */

const fake = useFakeFatoora();
const t = useTestApp(() => ({ env: fatooraEnv(fake) }));
const { get, post } = t;
let customer: string;
let company: string;
let service: string;

const issueFor = (buyer: string) => issuedInvoiceFor(post, buyer, service);

const statusOf = async (id: string) => (await t.db.select().from(einvoices).where(eq(einvoices._id, id)))[0];

beforeAll(async () => {
  customer = (await post('/api/customer', { name: 'فهد القحطاني', phoneNumber: '0552229901' })).json()._id;
  company = await companyBuyer(t, 'شركة المدار التجارية', '0552229902');
  service = (await post('/api/service', { name: 'صيانة', price: '100.00' })).json()._id;
});

describe('onboarding', () => {
  it('before it, documents are signed locally and marked not connected, and nothing is submitted', async () => {
    expect((await get('/api/einvoicing')).json()).toMatchObject({
      connected: false,
      credential: null,
      seller: { ready: true },
    });
    const doc = await issueFor(customer);
    expect(doc.status).toBe('not_connected');
    expect(await t.db.select().from(einvoiceSubmissions)).toHaveLength(0);
  });

  it('refuses incomplete seller data and a wrong OTP in Arabic, storing nothing', async () => {
    await t.put('/api/settings', { crNumber: '' });
    const noCr = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(noCr.statusCode).toBe(422);
    expect(noCr.json().fieldErrors).toMatchObject({ crNumber: 'السجل التجاري 10 أرقام' });
    await t.put('/api/settings', { crNumber: '1010010000' });

    // A VAT group's member connects under its own TIN, and every CSR names the business category.
    const put = (payload: object) => t.put('/api/settings', payload);
    await put({ vatNumber: '310122393510003', businessCategory: '' });
    const group = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(group.statusCode).toBe(422);
    expect(group.json().fieldErrors.vatGroupTin).toContain('10 أرقام');
    expect(group.json().fieldErrors.businessCategory).toContain('نشاط المنشأة');
    expect((await put({ vatGroupTin: '31012239' })).statusCode).toBe(422);
    await put({ vatNumber: '300000000000003', businessCategory: 'صيانة المباني والتكييف' });

    const wrong = await post('/api/einvoicing/onboard', { otp: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fieldErrors).toMatchObject({ otp: 'رمز التحقق غير صحيح أو منتهي الصلاحية' });
    expect((await post('/api/einvoicing/onboard', { otp: '12' })).statusCode).toBe(422);
    expect(await t.db.select().from(zatcaCredentials)).toHaveLength(0);
  });

  it('with the OTP: CSR, compliance CSID, a compliance check of every kind, production CSID; the key stored sealed', async () => {
    const res = await post('/api/einvoicing/onboard', { otp: fake.otp });
    expect(res.statusCode, res.body).toBe(201);
    const checks = fake.received.filter((r) => r.route === 'compliance');
    expect(checks).toHaveLength(6);
    expect(checks.every((c) => c.hashMatches)).toBe(true);
    const state = (await get('/api/einvoicing')).json();
    expect(state).toMatchObject({
      connected: true,
      credential: { kind: 'production', environment: 'simulation' },
    });
    expect(state.credential.daysLeft).toBeGreaterThan(300);
    const [row] = await t.db.select().from(zatcaCredentials);
    expect(row.privateKey.startsWith('v1.')).toBe(true);
    expect(row.privateKey).not.toContain('PRIVATE KEY');
    expect(row.secret.startsWith('v1.')).toBe(true);
    // Never shown: no answer carries the key or the secret.
    expect(JSON.stringify(state)).not.toMatch(/PRIVATE|secret_enc|v1\./);
  });
});

describe('reporting and clearance', () => {
  it('a simplified document is reported in the background; a standard one cleared, and ZATCA’s XML kept', async () => {
    const simple = await issueFor(customer);
    expect(simple.status).toBe('pending');
    const standard = await issueFor(company);
    expect(standard.status).toBe('pending');
    await t.app.submissions.settled();
    expect((await statusOf(simple._id)).status).toBe('reported');
    const cleared = await statusOf(standard._id);
    expect(cleared.status).toBe('cleared');
    expect(cleared.xml).toContain('<!-- cleared by FATOORA -->');
    expect((await get(`/api/invoice/${standard._id}/xml`)).body).toContain('cleared by FATOORA');
    const sent = fake.received.filter(
      (r) => r.uuid === simple.snapshot.uuid || r.uuid === standard.snapshot.uuid,
    );
    expect(sent.map((r) => r.route).sort()).toEqual(['clear', 'report']);
    expect(sent.every((r) => r.hashMatches)).toBe(true);
  });

  it('5xx is retried later; 400 rejects with ZATCA’s messages; 202 reports with warnings', async () => {
    // Scripted before issuing: issuing wakes the worker at once.
    fake.script.push({ status: 503 });
    const retried = await issueFor(customer);
    await t.app.submissions.settled();
    expect((await statusOf(retried._id)).status).toBe('pending');
    const [job] = await t.db
      .select()
      .from(einvoiceSubmissions)
      .where(eq(einvoiceSubmissions.einvoice, retried._id));
    expect(job.doneAt).toBeNull();
    expect(job.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await retryNow(t, retried._id);
    expect((await statusOf(retried._id)).status).toBe('reported');

    fake.script.push({
      status: 400,
      body: {
        validationResults: {
          status: 'ERROR',
          errorMessages: [{ type: 'ERROR', code: 'BR-KSA-37', message: 'Building number must be 4 digits' }],
        },
        reportingStatus: 'NOT_REPORTED',
      },
    });
    const rejected = await issueFor(customer);
    await t.app.submissions.settled();
    const bad = await statusOf(rejected._id);
    expect(bad.status).toBe('rejected');
    expect(bad.zatcaMessages).toEqual([
      { type: 'ERROR', code: 'BR-KSA-37', message: 'Building number must be 4 digits' },
    ]);
    expect(
      (await post(`/api/invoice/${rejected._id}/credit-note`, { reason: 'تصحيح', amount: '1.00' }))
        .statusCode,
    ).toBe(409);

    fake.script.push({
      status: 202,
      body: {
        validationResults: {
          status: 'WARNING',
          warningMessages: [{ type: 'WARNING', code: 'BR-KSA-98', message: 'Reported late' }],
        },
        reportingStatus: 'REPORTED',
      },
    });
    const warned = await issueFor(customer);
    await t.app.submissions.settled();
    expect((await statusOf(warned._id)).status).toBe('reported_with_warnings');
    expect((await get('/api/einvoicing')).json().attention.rejected).toBe(1);
  });

  it('several workers at once submit each document exactly once', async () => {
    const docs = await Promise.all(Array.from({ length: 6 }, () => issueFor(customer)));
    // The app's own worker (woken by each issue) and two more, as other nodes would be.
    await Promise.all([
      t.app.submissions.settled(),
      new SubmissionWorker(t.app).drain(),
      new SubmissionWorker(t.app).drain(),
    ]);
    await t.app.submissions.settled();
    for (const d of docs) {
      expect(fake.received.filter((r) => r.uuid === d.snapshot.uuid)).toHaveLength(1);
      expect((await statusOf(d._id)).status).toBe('reported');
    }
  });
});
