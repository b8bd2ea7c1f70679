import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, customers, messages, noticeSends } from '../../db/schema';
import { FakeGraph, whatsappEnv } from '../../test/fake-graph';
import { createTestApp, type TestApp } from '../../test/harness';
import { confirmVisits } from '../visit-notice/notices';
import { readRatingToken } from './links';
import { arrivalEstimate, queueVisitStepMessage } from './step-messages';

const SECRET = 'visit-messages-secret';
const graph = new FakeGraph();
let t: TestApp;
let outbox: TestApp;
let admin: string;
let technician: { _id: string; name: string };
let customer: string;

const post = (app: TestApp, token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, token, payload });

/** A visit of `customer` in two hours (booked over the team's other test visits). */
async function book(app: TestApp, token: string, customerId: string, assignees: string[]) {
  const scheduledAt = new Date(Date.now() + 2 * 3600_000).toISOString();
  const res = await post(app, token, '/api/visit', {
    customer: customerId,
    scheduledAt,
    durationMinutes: 90,
    assignees,
    override: { reason: 'زيارات الاختبار في وقت واحد' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; number: number; scheduledAt: string };
}

const step = (app: TestApp, token: string, id: string, status: string) =>
  post(app, token, `/api/visit/${id}/status`, { status });

const templatesOf = (app: TestApp, customerId: string) =>
  app.db
    .select()
    .from(messages)
    .where(and(eq(messages.customer, customerId), eq(messages.kind, 'template')))
    .orderBy(messages.createdAt);

beforeAll(async () => {
  await graph.start();
  t = await createTestApp({ env: whatsappEnv(graph, SECRET) });
  t.app.visitNotices.stop();
  admin = await t.adminToken();
  technician = (await t.userWith('technician')).user;
  const res = await post(t, admin, '/api/customer', {
    name: 'نورة العتيبي',
    phoneNumber: '0553330101',
    whatsappNumber: '0553330102',
  });
  customer = res.json()._id;
  outbox = await createTestApp();
  outbox.app.visitNotices.stop();
});
afterAll(async () => {
  await t.close();
  await outbox.close();
  await graph.close();
});

describe('the customer hears of each step once', () => {
  it('on the way: the technician, the visit and when to expect them, through the approved template', async () => {
    const visit = await book(t, admin, customer, [technician._id]);
    expect((await step(t, admin, visit._id, 'on_the_way')).statusCode).toBe(200);
    const [message, ...more] = await templatesOf(t, customer);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({
      template: 'visit_on_the_way',
      channel: 'whatsapp',
      phone: '+966553330102',
      status: 'queued',
    });
    const window = arrivalEstimate(new Date(), new Date(visit.scheduledAt), 90);
    expect(message.body).toBe(
      `مرحباً نورة العتيبي، الفني ${technician.name} في الطريق إليك الآن لتنفيذ الزيارة رقم ${visit.number}، والوصول المتوقع ${window}.`,
    );
    // Its activity row was written with it.
    const logged = await t.db.select().from(activity).where(eq(activity.entityId, message._id));
    expect(logged).toHaveLength(1);

    graph.requests = [];
    await t.app.whatsapp.dispatcher?.drain();
    expect(graph.requests).toHaveLength(1);
    expect(graph.requests[0].body.template).toEqual({
      name: 'visit_on_the_way',
      language: { code: 'ar' },
      components: [
        {
          type: 'body',
          parameters: ['نورة العتيبي', technician.name, String(visit.number), window].map((text) => ({
            type: 'text',
            text,
          })),
        },
      ],
    });
  });

  it('queues it once however often the step is retried, also by calls racing each other', async () => {
    const visit = await book(t, admin, customer, [technician._id]);
    const before = (await templatesOf(t, customer)).length;
    expect((await step(t, admin, visit._id, 'on_the_way')).statusCode).toBe(200);
    const again = () =>
      t.db.transaction((tx) =>
        queueVisitStepMessage(
          tx,
          { visitId: visit._id, step: 'on_the_way', actorId: technician._id, at: new Date() },
          t.app,
        ),
      );
    await Promise.all([again(), again(), again()]);
    await again();
    const sent = (await templatesOf(t, customer)).slice(before);
    expect(sent.map((m) => m.template)).toEqual(['visit_on_the_way']);
    const claims = await t.db.select().from(noticeSends).where(eq(noticeSends.subject, visit._id));
    expect(claims).toEqual([expect.objectContaining({ kind: 'visit_on_the_way', message: sent[0]._id })]);
  });

  it('done: the report as a document, then the rating request with five buttons and a signed link', async () => {
    const visit = await book(t, admin, customer, [technician._id]);
    const before = (await templatesOf(t, customer)).length;
    await t.app.whatsapp.dispatcher?.drain();
    expect((await step(t, admin, visit._id, 'done')).statusCode).toBe(200);
    await t.db.transaction((tx) =>
      queueVisitStepMessage(
        tx,
        { visitId: visit._id, step: 'done', actorId: technician._id, at: new Date() },
        t.app,
      ),
    );
    const [report, rating, ...more] = (await templatesOf(t, customer)).slice(before);
    expect(more).toHaveLength(0);
    expect(report.template).toBe('visit_done');
    expect(report.body).toContain(`أنجزنا الزيارة رقم ${visit.number}`);
    expect(report.templateParams?.reportLink).toMatch(
      new RegExp(
        `^https://idara\\.example\\.sa/api/visit/${visit._id}/document\\.pdf\\?exp=\\d{4}-\\d{2}-\\d{2}&sig=[\\w-]+$`,
      ),
    );
    expect(rating.template).toBe('visit_rating');
    const token = rating.templateParams?.ratingToken ?? '';
    expect(rating.body).toContain(`https://idara.example.sa/rate/${token}`);
    expect(await readRatingToken(t.db, token)).toBe(visit._id);
    expect(
      await readRatingToken(
        t.db,
        token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBeNull();

    graph.requests = [];
    await t.app.whatsapp.dispatcher?.drain();
    expect(graph.requests.map((r) => r.body.template.name)).toEqual(['visit_done', 'visit_rating']);
    const [header] = graph.requests[0].body.template.components;
    expect(header).toEqual({
      type: 'header',
      parameters: [
        {
          type: 'document',
          document: {
            link: report.templateParams?.reportLink,
            filename: `تقرير الزيارة ${visit.number}.pdf`,
          },
        },
      ],
    });
    const buttons = graph.requests[1].body.template.components.filter(
      (c: { type: string }) => c.type === 'button',
    );
    expect(buttons).toEqual(
      [5, 4, 3, 2, 1].map((score, index) => ({
        type: 'button',
        sub_type: 'quick_reply',
        index: String(index),
        parameters: [{ type: 'payload', payload: `rate:${score}:${token}` }],
      })),
    );
    for (const b of buttons) expect(b.parameters[0].payload.length).toBeLessThanOrEqual(128);
  });

  it('steps that tell nothing (arrived, started, cancelled) queue nothing', async () => {
    const visit = await book(t, admin, customer, [technician._id]);
    const before = (await templatesOf(t, customer)).length;
    for (const status of ['arrived', 'started', 'cancelled'])
      expect((await step(t, admin, visit._id, status)).statusCode).toBe(200);
    expect(await templatesOf(t, customer)).toHaveLength(before);
  });
});

describe('the arrival estimate', () => {
  const at = (time: string) => new Date(`2027-03-10T${time}:00+03:00`);
  it('is the booked window when setting out before it ends on its day, otherwise soon', () => {
    expect(arrivalEstimate(at('08:40'), at('09:00'), 90)).toBe('من 09:00 ص إلى 10:30 ص');
    expect(arrivalEstimate(at('10:00'), at('09:00'), 90)).toBe('من 09:00 ص إلى 10:30 ص');
    expect(arrivalEstimate(at('10:31'), at('09:00'), 90)).toBe('خلال وقت قصير');
    expect(arrivalEstimate(new Date('2027-03-09T20:00:00+03:00'), at('09:00'), 90)).toBe('خلال وقت قصير');
  });
});

describe('a customer declines each kind of message on its own', () => {
  it('is stored on the customer, each kind once, and an unknown kind is refused in Arabic', async () => {
    const res = await post(t, admin, '/api/customer', {
      name: 'فهد المطيري',
      phoneNumber: '0553330301',
      messageOptOuts: ['visit_rating', 'visit_on_the_way', 'visit_rating'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().messageOptOuts).toEqual(['visit_on_the_way', 'visit_rating']);
    const details = await t.inject({ method: 'GET', url: `/api/customer/${res.json()._id}`, token: admin });
    expect(details.json().messageOptOuts).toEqual(['visit_on_the_way', 'visit_rating']);

    const bad = await post(t, admin, '/api/customer', {
      name: 'عميل آخر',
      phoneNumber: '0553330302',
      messageOptOuts: ['payment_reminder'],
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().fieldErrors)).toContain('نوع الرسالة غير معروف');
  });

  it('sends only the kinds not declined, and the day-before confirmation honours it too', async () => {
    const optedOut = (
      await post(t, admin, '/api/customer', {
        name: 'منيرة الشمري',
        phoneNumber: '0553330401',
        messageOptOuts: ['visit_on_the_way', 'visit_rating', 'visit_confirmation'],
      })
    ).json()._id;
    const visit = await book(t, admin, optedOut, [technician._id]);
    expect((await step(t, admin, visit._id, 'on_the_way')).statusCode).toBe(200);
    expect((await step(t, admin, visit._id, 'done')).statusCode).toBe(200);
    expect((await templatesOf(t, optedOut)).map((m) => m.template)).toEqual(['visit_done']);

    // Two planned visits on one day: only the customer who did not decline is asked to expect it.
    const day = '2027-05-12';
    const at = '2027-05-12T09:00:00+03:00';
    const plan = async (customerId: string) => {
      const res = await post(t, admin, '/api/visit', { customer: customerId, scheduledAt: at });
      expect(res.statusCode, res.body).toBe(201);
    };
    await plan(optedOut);
    await plan(customer);
    const before = (await templatesOf(t, customer)).length;
    expect(await confirmVisits(t.app, day, new Date('2027-05-11T10:00:00+03:00'))).toBe(1);
    expect((await templatesOf(t, customer)).slice(before).map((m) => m.template)).toEqual([
      'visit_confirmation',
    ]);
    expect((await templatesOf(t, optedOut)).map((m) => m.template)).toEqual(['visit_done']);
  });
});

describe('without WhatsApp', () => {
  it('keeps each step in the outbox; a customer without a number gets none', async () => {
    const token = await outbox.adminToken();
    const reachable = (
      await post(outbox, token, '/api/customer', { name: 'خالد الدوسري', phoneNumber: '0553330201' })
    ).json()._id;
    const visit = await book(outbox, token, reachable, []);
    expect((await step(outbox, token, visit._id, 'on_the_way')).statusCode).toBe(200);
    expect((await step(outbox, token, visit._id, 'done')).statusCode).toBe(200);
    const queued = await templatesOf(outbox, reachable);
    expect(queued.map((m) => [m.template, m.channel, m.status])).toEqual([
      ['visit_on_the_way', 'outbox', 'queued'],
      ['visit_done', 'outbox', 'queued'],
      ['visit_rating', 'outbox', 'queued'],
    ]);
    // With no team, the one who set out is named.
    expect(queued[0].body).toContain('الفني مدير النظام');

    const silent = (
      await post(outbox, token, '/api/customer', { name: 'مؤسسة بلا رقم', phoneNumber: '0553330202' })
    ).json()._id;
    await outbox.db.update(customers).set({ phoneNumber: '' }).where(eq(customers._id, silent));
    const unreachable = await book(outbox, token, silent, []);
    expect((await step(outbox, token, unreachable._id, 'on_the_way')).statusCode).toBe(200);
    expect(await templatesOf(outbox, silent)).toEqual([]);
  });
});
