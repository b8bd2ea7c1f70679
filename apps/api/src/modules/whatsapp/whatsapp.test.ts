import { randomUUID } from 'node:crypto';
import { riyadhDayOf } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, notifications, paymentMethods } from '../../db/schema';
import { checkExpiringLink, signLink } from '../../lib/signed-links';
import { FakeGraph, inbound, signedWebhook, whatsappEnv } from '../../test/fake-graph';
import { createTestApp, type TestApp } from '../../test/harness';

const SECRET = 'app-secret-for-tests';
const graph = new FakeGraph();
let t: TestApp;
let outbox: TestApp;
let admin: string;
let customer: { _id: string; phoneNumber: string };

type Method = 'GET' | 'POST' | 'PUT';
const req = (method: Method, url: string, payload?: unknown, token = admin, app = () => t) =>
  app().inject({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

const webhook = (body: unknown, secret = SECRET) => signedWebhook(t, body, secret);
const statusUpdate = (id: string, status: string) => ({
  entry: [{ changes: [{ value: { statuses: [{ id, status, timestamp: '1', recipient_id: '966' }] } }] }],
});

/** The dispatcher sends after the answer; wait until the message left `queued`. */
async function settled(id: string) {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.db.select().from(messages).where(eq(messages._id, id));
    if (row.status !== 'queued') return row;
    await new Promise((r) => setTimeout(r, 10));
  }
  const all = await t.db
    .select({ s: messages.status, c: messages.claimedAt, ch: messages.channel })
    .from(messages);
  throw new Error(`message still queued ${JSON.stringify(all)}`);
}

beforeAll(async () => {
  await graph.start();
  t = await createTestApp({
    realtime: true,
    env: whatsappEnv(graph, SECRET),
  });
  admin = await t.adminToken();
  customer = (await req('POST', '/api/customer', { name: 'ريم الشهري', phoneNumber: '0551234567' })).json();
  outbox = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await outbox.close();
  await graph.close();
});
beforeEach(() => {
  graph.requests = [];
  graph.script = [];
});

describe('sending through the Cloud API', () => {
  it('sends a template in the Graph API shape, with the rendered Arabic text kept', async () => {
    const res = await req('POST', `/api/whatsapp/customer/${customer._id}`, {
      kind: 'template',
      template: 'payment_reminder',
      params: { customerName: 'ريم', amount: '150.00', orderNumber: '12' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'queued',
      channel: 'whatsapp',
      direction: 'out',
      kind: 'template',
    });
    expect(res.json().body).toBe('مرحباً ريم، نذكّرك بمبلغ 150.00 ر.س المتبقي على الطلب رقم 12. يسعدنا خدمتك.');
    const row = await settled(res.json()._id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row.providerId).toMatch(/^wamid\./);
    expect(graph.requests).toHaveLength(1);
    expect(graph.requests[0]).toMatchObject({
      url: '/v21.0/123456/messages',
      auth: 'Bearer test-token',
      body: {
        messaging_product: 'whatsapp',
        to: '966551234567',
        type: 'template',
        template: {
          name: 'payment_reminder',
          language: { code: 'ar' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'ريم' },
                { type: 'text', text: '150.00' },
                { type: 'text', text: '12' },
              ],
            },
          ],
        },
      },
    });
  });

  it('refuses free text outside the 24-hour window and allows it once the customer writes', async () => {
    const closed = await req('POST', `/api/whatsapp/customer/${customer._id}`, {
      kind: 'text',
      body: 'مرحباً',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toContain('24 ساعة');
    expect((await webhook(inbound('966551234567', 'wamid.in-1', 'السلام عليكم'))).statusCode).toBe(200);
    const chat = (await req('GET', `/api/whatsapp/customer/${customer._id}`)).json();
    expect(chat.window.open).toBe(true);
    expect(chat.messages.at(-1)).toMatchObject({
      direction: 'in',
      body: 'السلام عليكم',
      customer: customer._id,
    });

    const text = await req('POST', `/api/whatsapp/customer/${customer._id}`, {
      kind: 'text',
      body: 'وعليكم السلام',
    });
    await settled(text.json()._id);
    expect(graph.requests[0].body).toMatchObject({ type: 'text', text: { body: 'وعليكم السلام' } });
    const media = await req('POST', `/api/whatsapp/customer/${customer._id}`, {
      kind: 'media',
      media: {
        type: 'document',
        link: 'https://idara.example.sa/a.pdf',
        caption: 'العقد',
        fileName: 'عقد.pdf',
      },
    });
    await settled(media.json()._id);
    expect(graph.requests[1].body).toMatchObject({
      type: 'document',
      document: { link: 'https://idara.example.sa/a.pdf', caption: 'العقد', filename: 'عقد.pdf' },
    });
  });

  it('retries 429 and 5xx with backoff, sends once, and does not retry a refusal', async () => {
    graph.script = [429, 503, 200];
    const res = await req('POST', `/api/whatsapp/customer/${customer._id}`, {
      kind: 'template',
      template: 'order_confirmation',
      params: { customerName: 'ريم', orderNumber: '7', total: '100.00' },
    });
    const row = await settled(res.json()._id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(graph.requests).toHaveLength(3);
    expect(new Set(graph.requests.map((r) => JSON.stringify(r.body))).size).toBe(1);

    graph.requests = [];
    graph.script = [400];
    const refused = await req('POST', `/api/whatsapp/customer/${customer._id}`, {
      kind: 'template',
      template: 'order_confirmation',
      params: { customerName: 'ريم', orderNumber: '8', total: '100.00' },
    });
    const failed = await settled(refused.json()._id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.error).toContain('Invalid parameter');
    expect(graph.requests).toHaveLength(1);
  });

  it('sends a message once for one idempotency key, and once when two senders drain together', async () => {
    // A customer of its own: the others here have had their share of templates for ten minutes.
    const customer = (
      await req('POST', '/api/customer', { name: 'هيا العتيبي', phoneNumber: '0551234599' })
    ).json();
    const key = randomUUID();
    const body = {
      kind: 'template',
      template: 'payment_reminder',
      params: { customerName: 'ريم', amount: '1', orderNumber: '1' },
      idempotencyKey: key,
    };
    const first = await req('POST', `/api/whatsapp/customer/${customer._id}`, body);
    const second = await req('POST', `/api/whatsapp/customer/${customer._id}`, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()._id).toBe(first.json()._id);
    await settled(first.json()._id);
    expect(graph.requests).toHaveLength(1);

    graph.requests = [];
    const ids: string[] = [];
    // Four more: with the first, the five templates staff may send one customer in ten minutes.
    for (let i = 0; i < 4; i++) {
      const r = await req('POST', `/api/whatsapp/customer/${customer._id}`, {
        ...body,
        idempotencyKey: randomUUID(),
      });
      ids.push(r.json()._id);
    }
    const d = t.app.whatsapp.dispatcher!;
    await Promise.all([d.drain(), d.drain(), d.drain()]);
    for (const id of ids) await settled(id);
    expect(graph.requests).toHaveLength(4);
    // A sixth template to the same customer within ten minutes is refused in Arabic, also when sent at once.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        req('POST', `/api/whatsapp/customer/${customer._id}`, { ...body, idempotencyKey: randomUUID() }),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([429, 429, 429, 429, 429]);
    expect(burst[0].json().message).toMatch(/خلال عشر دقائق/);
  });

  it('sends staff password-reset codes as the WhatsApp template when configured', async () => {
    await t.inject({
      method: 'POST',
      url: '/api/auth/forget-password',
      payload: { phoneNumber: '0500000000' },
    });
    for (let i = 0; i < 200 && graph.requests.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const sent = graph.requests.find((r) => r.body.template?.name === 'password_reset_code');
    expect(sent?.body.to).toBe('966500000000');
    expect(sent?.body.template.components[0].parameters[0].text).toMatch(/^\d{6}$/);
    // Not part of any customer's conversation.
    const chat = (await req('GET', `/api/whatsapp/customer/${customer._id}?limit=200`)).json();
    expect(chat.messages.some((m: { template: string }) => m.template === 'password_reset_code')).toBe(false);
  });
});

describe('the webhook', () => {
  it('answers the verification handshake only with the right token', async () => {
    const ok = await t.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=4242',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('4242');
    const bad = await t.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=4242',
    });
    expect(bad.statusCode).toBe(403);
  });

  it('refuses a bad or missing signature and stores nothing', async () => {
    const before = (await t.db.select().from(messages)).length;
    expect((await webhook(inbound('966551234567', 'wamid.forged', 'x'), 'wrong-secret')).statusCode).toBe(
      401,
    );
    const unsigned = await t.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(inbound('966551234567', 'wamid.forged2', 'x')),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await t.db.select().from(messages)).length).toBe(before);
  });

  it('stores a repeated delivery once, notifies readers, and moves statuses only forward', async () => {
    const payload = inbound('966551234567', 'wamid.dup-1', 'هل يمكن تغيير الموعد؟');
    await webhook(payload);
    await webhook(payload);
    const rows = await t.db.select().from(messages).where(eq(messages.providerId, 'wamid.dup-1'));
    expect(rows).toHaveLength(1);
    await t.settled();
    const note = (await t.db.select().from(notifications).where(eq(notifications.type, 'message'))).find(
      (x) => x.description === 'هل يمكن تغيير الموعد؟',
    );
    expect(note).toMatchObject({
      title: 'رسالة واتساب من ريم الشهري',
      link: `/dashboard/whatsapp/${customer._id}`,
    });

    const sent = await req('POST', `/api/whatsapp/customer/${customer._id}`, { kind: 'text', body: 'نعم' });
    const row = await settled(sent.json()._id);
    await webhook(statusUpdate(row.providerId!, 'delivered'));
    await webhook(statusUpdate(row.providerId!, 'read'));
    await webhook(statusUpdate(row.providerId!, 'delivered'));
    const [after] = await t.db.select().from(messages).where(eq(messages._id, row._id));
    expect(after.status).toBe('read');
  });

  it('keeps unknown numbers in the inbox until a customer is made from one', async () => {
    await webhook(inbound('966559998887', 'wamid.unknown-1', 'أريد عرض سعر'));
    const list = (await req('GET', '/api/whatsapp/inbox')).json();
    expect(list.data[0]).toMatchObject({ phone: '+966559998887', lastBody: 'أريد عرض سعر', count: 1 });
    const made = await req('POST', '/api/whatsapp/inbox/+966559998887/customer', { name: 'عميل من واتساب' });
    expect(made.statusCode).toBe(201);
    const chat = (await req('GET', `/api/whatsapp/customer/${made.json().customer._id}`)).json();
    expect(chat.messages.map((m: { body: string }) => m.body)).toEqual(['أريد عرض سعر']);
    expect((await req('GET', '/api/whatsapp/inbox')).json().data).toHaveLength(0);
    expect(
      (await req('POST', '/api/whatsapp/inbox/+966559998887/customer', { name: 'مكرر' })).statusCode,
    ).toBe(409);
  });
});

describe('automations and the outbox', () => {
  it('confirms a new order; the customer hears of the tax invoice once, when it is issued, with a signed link', async () => {
    const service = (await req('POST', '/api/service', { name: 'تعقيم', price: '100' })).json();
    const order = (
      await req('POST', '/api/order', {
        customer: customer._id,
        items: [{ service: service._id, quantity: 1, unitPrice: '100' }],
      })
    ).json();
    const [method] = await t.db.select().from(paymentMethods).limit(1);
    const payment = (
      await req('POST', '/api/payment', { order: order._id, amount: '50.00', paymentMethod: method._id })
    ).json();
    const documentMessages = async () =>
      (await req('GET', `/api/whatsapp/customer/${customer._id}?limit=200`))
        .json()
        .messages.filter(
          (m: { template: string; body: string }) => m.template === 'invoice_link' && m.body.includes('INV-'),
        );
    await t.settled();
    const chat = (await req('GET', `/api/whatsapp/customer/${customer._id}?limit=200`)).json();
    const confirmation: { body: string } | undefined = chat.messages.find(
      (m: { template: string; body: string }) =>
        m.template === 'order_confirmation' && m.body.includes(`رقم ${order.number}`),
    );
    expect(confirmation?.body).toContain('115.00');
    // Recorded and approved: nothing about an invoice yet.
    // A second admin reviews it (four eyes), then marks it paid.
    const reviewer = (await t.userWith('admin')).token;
    await req('POST', `/api/payment/${payment._id}/status`, { status: 'approved' }, reviewer);
    await t.settled();
    expect(await documentMessages()).toHaveLength(0);
    // Paid: the invoice is issued and the customer gets one message with its link.
    await req('POST', `/api/payment/${payment._id}/status`, { status: 'paid' }, reviewer);
    await t.settled();
    const sent: { body: string }[] = await documentMessages();
    expect(sent).toHaveLength(1);
    const link = sent[0].body.match(/https:\/\/\S+/)![0];
    const invoiceId = /\/api\/invoice\/([0-9a-f-]{36})\/document\.pdf\?exp=/.exec(link)?.[1];
    expect(link.startsWith('https://idara.example.sa/api/invoice/')).toBe(true);
    const params = new URL(link).searchParams;
    // The link opens for 90 days: its last day is signed with it.
    expect(params.get('exp')).toBe(riyadhDayOf(new Date(Date.now() + 90 * 86_400_000)));
    const query = { sig: params.get('sig'), exp: params.get('exp') ?? undefined };
    expect(await checkExpiringLink(t.db, 'invoice', invoiceId!, query)).toBe('ok');
    for (const bad of [`sig=forged&exp=${params.get('exp')}`, `sig=${params.get('sig')}&exp=2099-01-01`]) {
      const forged = await t.inject({ method: 'GET', url: `/api/invoice/${invoiceId}/document.pdf?${bad}` });
      expect(forged.statusCode, bad).toBe(404);
    }
    // One signed for a day gone by answers 410 in Arabic.
    const oldSig = await signLink(t.db, 'invoice', `${invoiceId}:2026-01-01`);
    const expired = await t.inject({
      method: 'GET',
      url: `/api/invoice/${invoiceId}/document.pdf?exp=2026-01-01&sig=${oldSig}`,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/انتهت صلاحية رابط الفاتورة/);
    // Completing the order issues nothing more (all of it is invoiced) and sends nothing more.
    await req('POST', `/api/order/${order._id}/status`, { status: 'in_progress' });
    await req('POST', `/api/order/${order._id}/status`, { status: 'completed' });
    expect(await documentMessages()).toHaveLength(1);
  });

  it('keeps messages in the outbox when no credentials are set, and guards reading and sending', async () => {
    const token = await outbox.adminToken();
    const c = (
      await req(
        'POST',
        '/api/customer',
        { name: 'عميل الصادر', phoneNumber: '0551112223' },
        token,
        () => outbox,
      )
    ).json();
    expect((await req('GET', '/api/whatsapp/config', undefined, token, () => outbox)).json().channel).toBe(
      'outbox',
    );
    const sent = await req(
      'POST',
      `/api/whatsapp/customer/${c._id}`,
      {
        kind: 'template',
        template: 'payment_reminder',
        params: { customerName: 'س', amount: '1', orderNumber: '2' },
      },
      token,
      () => outbox,
    );
    expect(sent.json()).toMatchObject({ channel: 'outbox', status: 'queued' });
    expect(graph.requests).toHaveLength(0);
    const reader = await outbox.userWith('employee', ['customer:read', 'customer:read:messages']);
    expect(
      (await req('GET', `/api/whatsapp/customer/${c._id}`, undefined, reader.token, () => outbox)).statusCode,
    ).toBe(200);
    const refused = await req(
      'POST',
      `/api/whatsapp/customer/${c._id}`,
      { kind: 'text', body: 'x' },
      reader.token,
      () => outbox,
    );
    expect(refused.statusCode).toBe(403);
    // Without an app secret the webhook is off.
    const off = await outbox.inject({ method: 'POST', url: '/api/whatsapp/webhook', payload: {} });
    expect(off.statusCode).toBe(404);
  });
});
