import { skipReasons } from '@idara/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, einvoices, messages, reminderRules, reminderSends } from '../../db/schema';
import { FakeGraph, whatsappEnv } from '../../test/fake-graph';
import { createTestApp, type TestApp } from '../../test/harness';
import { ReminderScheduler } from './scheduler';

const graph = new FakeGraph();
let t: TestApp;
let admin: string;
let employee: string;
const ids = { reachable: '', noWhatsapp: '', stopped: '' };
const invoices: Record<keyof typeof ids, string> = { reachable: '', noWhatsapp: '', stopped: '' };
let rule: string;

/** Sunday 8 March 2026, 10:00 Riyadh: 7 days after the invoices' due day (1 March). */
const sunday = new Date('2026-03-08T07:00:00Z');
const friday = new Date('2026-03-13T07:00:00Z');
const evening = new Date('2026-03-08T15:00:00Z'); // 18:00 Riyadh

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  t.inject({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
const ruleBody = {
  name: 'بعد أسبوع',
  daysAfterDue: 7,
  repeatEveryDays: 7,
  windowStart: '09:00',
  windowEnd: '17:00',
  template: 'payment_reminder',
  enabled: true,
};
const reminderMessages = () => t.db.select().from(messages).where(eq(messages.template, 'payment_reminder'));

beforeAll(async () => {
  await graph.start();
  t = await createTestApp({
    env: whatsappEnv(graph, 'secret'),
  });
  t.app.reminders.now = () => sunday;
  admin = await t.adminToken();
  // Neither reports nor customers: every reminder route refuses them.
  employee = (await t.userWith('technician')).token;
  const service = (await send('POST', '/api/service', { name: 'تنظيف', price: '100.00' })).json()._id;
  const people = [
    ['reachable', 'سارة القحطاني', '0552230301', '0552230301'],
    ['noWhatsapp', 'شركة الرواد', '0552230302', ''],
    ['stopped', 'مؤسسة النخيل', '0552230303', '0552230303'],
  ] as const;
  for (const [key, name, phoneNumber, whatsappNumber] of people) {
    ids[key] = (await send('POST', '/api/customer', { name, phoneNumber, whatsappNumber })).json()._id;
    const order = await send('POST', '/api/order', {
      customer: ids[key],
      items: [{ service, quantity: 1, unitPrice: '230.00' }],
    });
    const invoice = await send('POST', `/api/order/${order.json()._id}/invoice`);
    expect(invoice.statusCode, invoice.body).toBe(201);
    invoices[key] = invoice.json()._id;
  }
  // Every document due on Sunday 1 March 2026 (Riyadh).
  await t.db.update(einvoices).set({ issuedAt: new Date('2026-03-01T09:00:00Z') });
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

describe('reminder rules', () => {
  it('refuses to enable a rule without an approved template, in Arabic, and changes nothing', async () => {
    const none = await send('POST', '/api/reminder/rules', { ...ruleBody, template: '' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('اختر قالب واتساب معتمداً قبل تفعيل التذكير');
    const unknown = await send('POST', '/api/reminder/rules', { ...ruleBody, template: 'no_such' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('القالب «no_such» غير معروف في إعدادات واتساب');
    expect(await t.db.select().from(reminderRules)).toEqual([]);

    const draft = await send('POST', '/api/reminder/rules', { ...ruleBody, template: '', enabled: false });
    expect(draft.statusCode, draft.body).toBe(201);
    const unfit = await send('PUT', `/api/reminder/rules/${draft.json()._id}`, {
      ...ruleBody,
      template: 'invoice_link',
    });
    expect(unfit.statusCode).toBe(422);
    expect(unfit.json().message).toContain('لا يصلح للتذكير');
    const [stored] = await t.db.select().from(reminderRules);
    expect(stored).toMatchObject({ enabled: false, template: '' });
    // Disabled rules remind nobody, and the tick does nothing.
    expect((await send('GET', '/api/reminder/preview')).json().data).toEqual([]);
    expect(await new ReminderScheduler(t.app, () => sunday).tick()).toBe(0);

    const enabled = await send('PUT', `/api/reminder/rules/${draft.json()._id}`, ruleBody);
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toMatchObject({ enabled: true, template: 'payment_reminder' });
    rule = enabled.json()._id;
    const logged = await t.db.select().from(activity).where(eq(activity.entity, 'reminderRule'));
    expect(logged.map((a) => a.summary)).toEqual([
      'إضافة قاعدة التذكير «بعد أسبوع»',
      'تعديل قاعدة التذكير «بعد أسبوع»',
    ]);
  });

  it('answers 403 to an employee', async () => {
    for (const [method, url] of [
      ['GET', '/api/reminder/rules'],
      ['POST', '/api/reminder/rules'],
      ['GET', '/api/reminder/preview'],
      ['POST', `/api/reminder/customer/${ids.stopped}/stop`],
    ] as const)
      expect((await send(method, url, method === 'POST' ? ruleBody : undefined, employee)).statusCode).toBe(
        403,
      );
  });
});

describe('stopping reminders for a customer', () => {
  it('is logged, and the dry run skips that customer with the reason', async () => {
    const stop = await send('POST', `/api/reminder/customer/${ids.stopped}/stop`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect((await send('GET', `/api/reminder/customer/${ids.stopped}`)).json()).toEqual({
      remindersStopped: true,
    });
    const [logged] = await t.db
      .select()
      .from(activity)
      .where(
        and(
          eq(activity.entity, 'customer'),
          eq(activity.entityId, ids.stopped),
          eq(activity.action, 'update'),
        ),
      );
    expect(logged.summary).toBe('إيقاف تذكيرات الدفع للعميل «مؤسسة النخيل»');
  });
});

describe('GET /api/reminder/preview', () => {
  it("lists exactly the day's due (rule, invoice, occurrence), and each skipped one with its Arabic reason", async () => {
    const res = await send('GET', '/api/reminder/preview');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ today: '2026-03-08', friday: false });
    const rows = body.data.map((r: Record<string, unknown>) => [
      r.einvoice,
      r.rule,
      r.occurrence,
      r.send,
      r.reason,
    ]);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        [
          invoices.reachable,
          rule,
          0,
          true,
          'متأخرة 7 أيام عن الاستحقاق — التذكير رقم 1 حسب قاعدة «بعد أسبوع»',
        ],
        [invoices.noWhatsapp, rule, 0, false, skipReasons.noWhatsapp],
        [invoices.stopped, rule, 0, false, skipReasons.stopped],
      ]),
    );
    expect(body.data[0]).toMatchObject({
      customerName: 'سارة القحطاني',
      open: '264.50',
      daysOverdue: 7,
      insideWindow: true,
    });
  });

  it('on a Friday lists the candidates as not sent, and the tick sends nothing', async () => {
    t.app.reminders.now = () => friday;
    try {
      const body = (await send('GET', '/api/reminder/preview')).json();
      expect(body.friday).toBe(true);
      expect(body.data.map((r: { send: boolean; reason: string }) => [r.send, r.reason])).toEqual([
        [false, skipReasons.friday],
        [false, skipReasons.friday],
        [false, skipReasons.friday],
      ]);
    } finally {
      t.app.reminders.now = () => sunday;
    }
    expect(await new ReminderScheduler(t.app, () => friday).tick()).toBe(0);
    expect(await t.db.select().from(reminderSends)).toEqual([]);
  });
});

describe('sending', () => {
  it('sends nothing outside the daily window', async () => {
    expect(await new ReminderScheduler(t.app, () => evening).tick()).toBe(0);
    expect(await t.db.select().from(reminderSends)).toEqual([]);
    expect(await reminderMessages()).toEqual([]);
  });

  it('two concurrent ticks send the reminder once, through WhatsApp, into the conversation', async () => {
    const a = new ReminderScheduler(t.app, () => sunday);
    const b = new ReminderScheduler(t.app, () => sunday);
    const counts = await Promise.all([a.tick(), b.tick(), a.tick()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await a.tick()).toBe(0);

    const sends = await t.db.select().from(reminderSends);
    expect(sends).toMatchObject([
      { rule, einvoice: invoices.reachable, occurrence: 0, customer: ids.reachable },
    ]);
    const [message] = await reminderMessages();
    expect(message).toMatchObject({
      _id: sends[0].message,
      customer: ids.reachable,
      purpose: 'conversation',
    });
    expect(message.body).toContain('264.50');

    // The dispatcher sends it to the Graph API as the approved template.
    for (
      let i = 0;
      i < 200 &&
      !graph.requests.some((r) => r.body.type === 'template' && r.body.template.name === 'payment_reminder');
      i++
    )
      await new Promise((r) => setTimeout(r, 10));
    const sent = graph.requests.filter(
      (r) => r.body.type === 'template' && r.body.template.name === 'payment_reminder',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].body.to).toBe('966552230301');

    const conversation = (await send('GET', `/api/whatsapp/customer/${ids.reachable}`)).json();
    expect(JSON.stringify(conversation)).toContain(message._id);

    // The dry run now says it was sent; a stopped customer resumed is reminded on the next tick.
    const preview = (await send('GET', '/api/reminder/preview')).json();
    expect(preview.data.find((r: { einvoice: string }) => r.einvoice === invoices.reachable)).toMatchObject({
      send: false,
      reason: skipReasons.sent,
    });
    expect((await send('POST', `/api/reminder/customer/${ids.stopped}/resume`)).statusCode).toBe(200);
    expect(await a.tick()).toBe(1);
    expect(
      (await t.db.select().from(reminderSends).where(eq(reminderSends.customer, ids.noWhatsapp))).length,
    ).toBe(0);
  });

  it('sends the next occurrence repeatEveryDays later, once', async () => {
    const nextWeek = new Date('2026-03-15T07:00:00Z');
    expect(await new ReminderScheduler(t.app, () => nextWeek).tick()).toBe(2);
    expect(await new ReminderScheduler(t.app, () => nextWeek).tick()).toBe(0);
    const [{ n }] = (
      await t.db.execute(sql`select count(*)::int as n from reminder_sends where occurrence = 1`)
    ).rows as { n: number }[];
    expect(n).toBe(2);
  });

  it('sends one reminder per document per day however many rules are due, even from concurrent ticks', async () => {
    const dayAfter = new Date('2026-03-17T07:00:00Z');
    const extra = [];
    for (let i = 0; i < 9; i++) {
      const res = await send('POST', '/api/reminder/rules', {
        ...ruleBody,
        name: `قاعدة ${i}`,
        daysAfterDue: 1,
        repeatEveryDays: 1,
      });
      expect(res.statusCode, res.body).toBe(201);
      extra.push(res.json()._id);
    }
    // Ten rules are the most an office may keep.
    const eleventh = await send('POST', '/api/reminder/rules', { ...ruleBody, name: 'قاعدة زائدة' });
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json().message).toMatch(/لا تزيد قواعد التذكير/);
    const ticks = [0, 1, 2].map(() => new ReminderScheduler(t.app, () => dayAfter));
    const counts = await Promise.all(ticks.map((tick) => tick.tick()));
    // Two reachable customers with one open invoice each: two reminders, not eighteen.
    expect(counts.reduce((x, y) => x + y, 0)).toBe(2);
    expect(await ticks[0].tick()).toBe(0);
    for (const id of extra) await send('DELETE', `/api/reminder/rules/${id}`);
  });
});
