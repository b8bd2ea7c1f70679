import fs from 'node:fs';
import { formatGregorianDate, formatHijriDate, riyadhDayOf } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, messages } from '../../db/schema';
import { signLink } from '../../lib/signed-links';
import { FakeGraph, inbound, signedWebhook, whatsappEnv } from '../../test/fake-graph';
import { createTestApp, type TestApp } from '../../test/harness';
import { pdfToText } from '../../test/pdf-to-text';

/**
 * The statement PDF (its text as poppler reads it) and its sending over WhatsApp through the
 * local Graph API fake: a document inside the 24-hour window, the approved template outside it.
 */

const SECRET = 'statement-secret';
const graph = new FakeGraph();
let t: TestApp;
let admin: string;
let customer: string;
let noWhatsapp: string;
let empty: string;
let invoiceNumber: string;
const today = riyadhDayOf(new Date());
const period = `from=${today.slice(0, 8)}01&to=${today}`;
const NAME = 'شركة الأفق ABC للمقاولات';

const req = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
  t.inject({ method, url, token, ...(payload ? { payload } : {}) });
const send = (id: string, body: object = { from: `${today.slice(0, 8)}01`, to: today }, token = admin) =>
  req('POST', `/api/customer/${id}/statement/send`, body, token);

const pdfText = (pdf: Buffer) => pdfToText(pdf).replace(/\s+/g, ' ');

async function settled(id: string) {
  for (let i = 0; i < 300; i++) {
    const [row] = await t.db.select().from(messages).where(eq(messages._id, id));
    if (row.status !== 'queued') return row;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('message still queued');
}

const counts = async () => ({
  messages: (await t.db.select().from(messages)).length,
  activity: (await t.db.select().from(activity).where(eq(activity.entity, 'message'))).length,
});

beforeAll(async () => {
  await graph.start();
  t = await createTestApp({
    env: whatsappEnv(graph, SECRET),
  });
  admin = await t.adminToken();
  const post = (url: string, payload: object) => req('POST', url, payload);
  const make = async (name: string, phone: string, whatsapp: boolean) =>
    (
      await post('/api/customer', {
        name,
        phoneNumber: phone,
        ...(whatsapp ? { whatsappNumber: phone } : {}),
      })
    ).json()._id as string;
  customer = await make(NAME, '0552250301', true);
  noWhatsapp = await make('مؤسسة بلا واتساب', '0552250302', false);
  empty = await make('عميل جديد', '0552250303', true);
  const service = (await post('/api/service', { name: 'صيانة تكييف', price: '250.00' })).json()._id;
  for (const who of [customer, noWhatsapp]) {
    const order = (
      await post('/api/order', { customer: who, items: [{ service, quantity: 2, unitPrice: '250.00' }] })
    ).json();
    const doc = (await post(`/api/order/${order._id}/invoice`, {})).json();
    if (who === customer) {
      invoiceNumber = doc.number;
      expect(
        (await post(`/api/invoice/${doc._id}/credit-note`, { reason: 'خصم', amount: '50.00' })).statusCode,
      ).toBe(201);
    }
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => {
  graph.requests = [];
});

describe('GET /api/customer/:id/statement.pdf', () => {
  it('shows a company’s VAT and CR numbers and national address in the customer box', async () => {
    const city = (await req('GET', '/api/city?limit=1')).json().data[0];
    const company = await req('POST', '/api/customer', {
      name: 'شركة المدار للتبريد',
      type: 'company',
      phoneNumber: '0552250309',
      vatNumber: '310122393500003',
      crNumber: '1010101010',
      city: city._id,
      buildingNumber: '2322',
      street: 'طريق الأمير تركي',
      district: 'الياسمين',
      postalCode: '13325',
    });
    expect(company.statusCode, company.body).toBe(201);
    const service = (await req('GET', '/api/service?limit=1')).json().data[0]._id;
    const order = (
      await req('POST', '/api/order', {
        customer: company.json()._id,
        items: [{ service, quantity: 1, unitPrice: '100.00' }],
      })
    ).json();
    expect((await req('POST', `/api/order/${order._id}/invoice`, {})).statusCode).toBe(201);
    const res = await req('GET', `/api/customer/${company.json()._id}/statement.pdf?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const part of ['310122393500003', '1010101010', 'الياسمين', '13325', 'تركي'])
      expect(text, part).toContain(part);
  });

  it('prints the statement in Arabic with both calendars, its lines and balances', async () => {
    const res = await req('GET', `/api/customer/${customer}/statement.pdf?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    if (process.env.STATEMENT_PDF_OUT) fs.writeFileSync(process.env.STATEMENT_PDF_OUT, res.rawPayload);
    const text = pdfText(res.rawPayload);
    for (const word of [
      'كشف',
      'حساب',
      'الأفق',
      'ABC',
      'للمقاولات',
      'الافتتاحي',
      'الختامي',
      'فاتورة',
      'إشعار',
      'دائن',
    ])
      expect(text, word).toContain(word);
    expect(text).toContain(invoiceNumber);
    expect(text).toContain(formatGregorianDate(new Date()));
    expect(text).toContain(formatHijriDate(new Date()).split(' ')[1]);
    // 2 × 250 + 15% VAT = 575.00, less the 50.00 credit note
    expect(text).toContain('575.00');
    expect(text).toContain('525.00');
  });

  it('refuses a customer without documents, bad periods and users without report:aging', async () => {
    const none = await req('GET', `/api/customer/${empty}/statement.pdf?${period}`);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toMatch(/لا توجد مستندات/);
    expect(
      (await req('GET', `/api/customer/${customer}/statement.pdf?from=2026-05-01&to=2026-04-01`)).statusCode,
    ).toBe(422);
    const employee = (await t.userWith('employee')).token;
    expect(
      (await req('GET', `/api/customer/${customer}/statement.pdf?${period}`, undefined, employee)).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/customer/:id/statement/send', () => {
  it('outside the service window sends the approved template with a signed link that opens the PDF', async () => {
    const before = await counts();
    const res = await send(customer);
    expect(res.statusCode, res.body).toBe(201);
    const sent = await settled(res.json()._id);
    expect(sent).toMatchObject({ status: 'sent', kind: 'template', template: 'statement_link', customer });
    expect(graph.requests).toHaveLength(1);
    const body = graph.requests[0].body;
    expect(body).toMatchObject({
      type: 'template',
      template: { name: 'statement_link' },
      to: '966552250301',
    });
    const link = body.template.components[0].parameters.at(-1).text as string;
    expect(link).toMatch(/^https:\/\/idara\.example\.sa\/api\/customer\/.+\/statement\/document\.pdf\?/);
    const url = new URL(link);
    const opened = await t.inject({ method: 'GET', url: url.pathname + url.search });
    expect(opened.statusCode).toBe(200);
    expect(pdfText(opened.rawPayload)).toContain('كشف');
    const forged = await t.inject({
      method: 'GET',
      url: `${url.pathname}${url.search.replace(/sig=[^&]+/, 'sig=forged')}`,
    });
    expect(forged.statusCode).toBe(404);
    // It opens for 30 days: moving its last day breaks the signature; past that day it answers 410.
    expect(url.searchParams.get('exp')).toBe(riyadhDayOf(new Date(Date.now() + 30 * 86_400_000)));
    const moved = await t.inject({
      method: 'GET',
      url: `${url.pathname}${url.search.replace(/exp=[^&]+/, 'exp=2099-12-31')}`,
    });
    expect(moved.statusCode).toBe(404);
    const subject = `${customer}:${url.searchParams.get('from')}:${url.searchParams.get('to')}:2026-01-01`;
    const gone = await t.inject({
      method: 'GET',
      url: `${url.pathname}?from=${url.searchParams.get('from')}&to=${url.searchParams.get('to')}&exp=2026-01-01&sig=${await signLink(t.db, 'statement', subject)}`,
    });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/انتهت صلاحية رابط كشف الحساب/);
    const chat = (await req('GET', `/api/whatsapp/customer/${customer}`)).json();
    expect(chat.messages.at(-1)).toMatchObject({ _id: sent._id, direction: 'out' });
    expect(chat.messages.at(-1).body).toContain('كشف حسابك');
    expect(await counts()).toEqual({ messages: before.messages + 1, activity: before.activity + 1 });
  });

  it('inside the service window sends the PDF as a document', async () => {
    const hook = await signedWebhook(
      t,
      inbound('966552250301', 'wamid.statement-in', 'أرسلوا كشف الحساب'),
      SECRET,
    );
    expect(hook.statusCode).toBe(200);
    // The same statement again within the hour is refused; another period goes out.
    const again = await send(customer);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/خلال الساعة الماضية/);
    const res = await send(customer, { from: '2026-01-01', to: today });
    expect(res.statusCode, res.body).toBe(201);
    await settled(res.json()._id);
    expect(graph.requests[0].body).toMatchObject({ type: 'document' });
    expect(graph.requests[0].body.document.link).toContain('/statement/document.pdf?');
    expect(graph.requests[0].body.document.filename).toMatch(/^كشف-حساب-.+\.pdf$/);
  });

  it('thirty concurrent sends of one statement queue one message', async () => {
    // An hour after the sends above (the customer's ten-minute share of templates is free again).
    await t.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(messages.customer, customer));
    const before = (await t.db.select().from(messages)).length;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => send(customer, { from: '2026-02-01', to: today })),
    );
    expect(
      answers.filter((r) => r.statusCode === 201),
      answers[0].body,
    ).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(29);
    expect((await t.db.select().from(messages)).length).toBe(before + 1);
    // Sent before the next test looks at what reached the Graph API.
    await settled(answers.find((r) => r.statusCode === 201)!.json()._id);
  });

  it('refuses in Arabic, sending and writing nothing: no WhatsApp number, no documents, bad period, unknown customer, no permission', async () => {
    const before = await counts();
    const cases: [Promise<{ statusCode: number; json: () => { message: string } }>, number, RegExp][] = [
      [send(noWhatsapp), 422, /رقم واتساب/],
      [send(empty), 422, /لا توجد مستندات/],
      [send(customer, { from: '2026-05-01', to: '2026-04-01' }), 422, /[\u0600-\u06FF]/],
      [send(customer, { from: '2026-02-30', to: '2026-04-01' }), 422, /[\u0600-\u06FF]/],
      [send(customer, {}), 422, /[\u0600-\u06FF]/],
      [send(customer, { from: today, to: '2099-01-01' }), 422, /[\u0600-\u06FF]/],
      [
        send(customer, { from: today, to: riyadhDayOf(new Date(Date.now() + 2 * 86_400_000)) }),
        422,
        /بعد اليوم/,
      ],
      [send('00000000-0000-4000-8000-000000000000'), 404, /العميل/],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const viewer = (await t.userWith('employee', ['report:aging'])).token;
    expect((await send(customer, undefined, viewer)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    expect(graph.requests).toHaveLength(0);
  });
});
