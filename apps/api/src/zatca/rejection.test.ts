import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { riyadhDayOf } from '@idara/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, einvoices } from '../db/schema';
import { documentLink } from '../modules/whatsapp/automations';
import { companyBuyer } from '../test/buyers';
import { fatooraEnv } from '../test/fake-fatoora';
import { useFakeFatoora, useTestApp } from '../test/fixture';
import { retryNow } from '../test/submissions';

/**
 * A document FATOORA rejects is not a tax document (docs/API.md "Rejected documents"): it counts
 * nowhere, stays visible with ZATCA's messages, and the order is invoiced again by a corrected
 * document with its own number, the next ICV, and the rejected document's hash as its PIH.
 */

const fake = useFakeFatoora();
const t = useTestApp(() => ({ env: fatooraEnv(fake) }));
const { get, post } = t;
let company: string;
let service: string;

const docOf = async (id: string) => (await t.db.select().from(einvoices).where(eq(einvoices._id, id)))[0];

const rejection = {
  status: 400,
  body: {
    validationResults: {
      status: 'ERROR',
      errorMessages: [{ type: 'ERROR', code: 'BR-KSA-63', message: 'Buyer street name is missing' }],
    },
    clearanceStatus: 'NOT_CLEARED',
  },
};

beforeAll(async () => {
  company = await companyBuyer(t, 'شركة الأفق للمقاولات', '0552231201');
  service = (await post('/api/service', { name: 'صيانة دورية', price: '300.00' })).json()._id;
  expect((await post('/api/einvoicing/onboard', { otp: fake.otp })).statusCode).toBe(201);
});

describe('a standard invoice FATOORA rejects', () => {
  it('counts nowhere, can be corrected and is invoiced again, chained after the rejected one', async () => {
    const order = (
      await post('/api/order', { customer: company, items: [{ service, quantity: 1, unitPrice: '300.00' }] })
    ).json();
    fake.script.push(rejection);
    const issued = await post(`/api/order/${order._id}/invoice`);
    expect(issued.statusCode, issued.body).toBe(201);
    await t.app.submissions.settled();
    const rejected = await docOf(issued.json()._id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.zatcaMessages).toMatchObject([{ code: 'BR-KSA-63' }]);

    // Counted nowhere: the order, the documents' totals, the aging, the statement, the VAT return.
    expect((await get(`/api/order/${order._id}`)).json()).toMatchObject({
      invoiced: '0.00',
      uninvoiced: '345.00',
      outstanding: '0.00',
    });
    expect((await get(`/api/invoice?customer=${company}`)).json().totals).toMatchObject({ total: '0.00' });
    const aging = (await get(`/api/report/aging/customer/${company}`)).json();
    expect(aging.documents ?? []).toHaveLength(0);
    const today = riyadhDayOf(new Date());
    const statement = (await get(`/api/customer/${company}/statement?from=${today}&to=${today}`)).json();
    expect(statement.lines).toHaveLength(0);
    const vat = (await get(`/api/report/vat?from=${today}&to=${today}`)).json();
    expect(vat.documents).toBe(0);

    // Visible as rejected with ZATCA's messages, and logged.
    const shown = (await get(`/api/invoice/${rejected._id}`)).json();
    expect(shown.status).toBe('rejected');
    expect(JSON.stringify(shown.zatcaMessages)).toContain('BR-KSA-63');
    const logged = await t.db
      .select({ summary: activity.summary })
      .from(activity)
      .where(and(eq(activity.entity, 'einvoice'), eq(activity.entityId, rejected._id)));
    expect(logged.map((l) => l.summary).join('\n')).toContain('رفضت الهيئة');

    // No note on it; the order can be edited again (the office fixes what ZATCA named).
    const note = await post(`/api/invoice/${rejected._id}/credit-note`, { reason: 'تصحيح', amount: '1.15' });
    expect(note.statusCode).toBe(409);
    expect(note.json().message).toContain('أصدر فاتورة الطلب من جديد');

    // The corrected invoice: its own number, the next ICV, the rejected document's hash as PIH.
    const corrected = await post(`/api/order/${order._id}/invoice`);
    expect(corrected.statusCode, corrected.body).toBe(201);
    const again = await docOf(corrected.json()._id);
    expect(again.number).not.toBe(rejected.number);
    expect(again.seq).toBe(rejected.seq + 1);
    expect(again.previousHash).toBe(rejected.hash);
    expect(again.snapshot.lines.map((l) => l.name)).toEqual(rejected.snapshot.lines.map((l) => l.name));
    expect(again.total).toBe('345.00');
    await t.app.submissions.settled();
    expect((await docOf(again._id)).status).toBe('cleared');
    expect((await get(`/api/order/${order._id}`)).json()).toMatchObject({
      invoiced: '345.00',
      uninvoiced: '0.00',
    });
    expect(vat.documents + 1).toBe((await get(`/api/report/vat?from=${today}&to=${today}`)).json().documents);
  });
});

describe('after onboarding the seller is the one the certificate names', () => {
  const put = (payload: object) => t.put('/api/settings', payload);

  it('refuses a new VAT number (a new onboarding is needed) and an emptied CR or address; the address may change', async () => {
    const before = (await get('/api/settings')).json();
    const vat = await put({ vatNumber: '310122393500003' });
    expect(vat.statusCode).toBe(409);
    expect(vat.json().fieldErrors.vatNumber).toContain('ربطاً جديداً');
    const cr = await put({ crNumber: '' });
    expect(cr.statusCode).toBe(409);
    expect(cr.json().fieldErrors.crNumber).toContain('السجل التجاري');
    const address = await put({ sellerAddress: null });
    expect(address.statusCode).toBe(409);
    expect((await get('/api/settings')).json()).toMatchObject({
      vatNumber: before.vatNumber,
      crNumber: before.crNumber,
      sellerAddress: before.sellerAddress,
    });

    const moved = await put({
      vatNumber: before.vatNumber,
      sellerAddress: { ...before.sellerAddress, street: 'طريق الأمير سلطان', buildingNumber: '4411' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().sellerAddress).toMatchObject({ street: 'طريق الأمير سلطان', buildingNumber: '4411' });
  });
});

describe('clearance before sharing', () => {
  const publicPdf = async (id: string) => {
    const link = new URL(await documentLink(t.app, id));
    return t.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  };
  const html = async (id: string) => (await get(`/api/invoice/${id}/html`)).body;
  const WATERMARK = 'معاينة — ليست فاتورة ضريبية صالحة';

  it('a standard invoice waiting for clearance reaches no customer; staff preview it marked; once cleared it is shared', async () => {
    const order = (
      await post('/api/order', { customer: company, items: [{ service, quantity: 1, unitPrice: '300.00' }] })
    ).json();
    fake.script.push({ status: 503 });
    const doc = (await post(`/api/order/${order._id}/invoice`)).json();
    await t.app.submissions.settled();
    expect((await docOf(doc._id)).status).toBe('pending');

    const refused = await publicPdf(doc._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('بانتظار اعتماد');
    const preview = await html(doc._id);
    expect(preview).toContain(WATERMARK);
    expect(preview).not.toContain('رمز الاستجابة السريعة');

    await retryNow(t, doc._id);
    expect((await docOf(doc._id)).status).toBe('cleared');
    const shared = await publicPdf(doc._id);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.headers['content-type']).toContain('application/pdf');
    const final = await html(doc._id);
    expect(final).not.toContain(WATERMARK);
    expect(final).toContain('رمز الاستجابة السريعة');
  });

  it('a rejected document reaches no customer either', async () => {
    const [rejected] = await t.db.select().from(einvoices).where(eq(einvoices.status, 'rejected'));
    const refused = await publicPdf(rejected._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('رفضت');
    expect(await html(rejected._id)).toContain(WATERMARK);
  });
});

describe('the certificate request', () => {
  it('names the branch (the city when none), the national address and the business category', () => {
    const file = path.join(os.tmpdir(), `idara-csr-${process.pid}.pem`);
    fs.writeFileSync(file, Buffer.from(fake.csrs.at(-1) ?? '', 'base64'));
    try {
      const asn1 = (extra: string[] = []) =>
        execFileSync('openssl', ['asn1parse', '-in', file, ...extra], { encoding: 'utf8' });
      const subject = asn1();
      expect(subject).toContain(':الرياض'); // organisation unit: the city, no branch name given
      const san = /^\s*(\d+):.*OCTET STRING/m.exec(asn1().split('Subject Alternative Name')[1] ?? '')?.[1];
      const altName = asn1(['-strparse', san ?? '0']);
      expect(altName).toMatch(/registeredAddress\s*\n.*:2322 طريق الملك فهد، العليا، الرياض 12211/);
      expect(altName).toMatch(/businessCategory\s*\n.*:صيانة المباني والتكييف/);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
