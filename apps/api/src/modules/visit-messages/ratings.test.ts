import { riyadhDayOf } from '@idara/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, visitRatings, visits } from '../../db/schema';
import { signLink } from '../../lib/signed-links';
import { FakeGraph, signedWebhook, whatsappEnv } from '../../test/fake-graph';
import { createTestApp, type TestApp } from '../../test/harness';

const SECRET = 'ratings-secret';
const graph = new FakeGraph();
let t: TestApp;
let admin: string;
let technician: { _id: string; name: string };
let customer: { _id: string };
let contractId: string;

const post = (url: string, payload: object) => t.inject({ method: 'POST', url, token: admin, payload });

/** A done visit of `customerId` (today, the technician on it) and the token its rating request carries. */
async function doneVisit(customerId = customer._id, visitId?: string) {
  const id =
    visitId ??
    (
      await post('/api/visit', {
        customer: customerId,
        scheduledAt: new Date().toISOString(),
        assignees: [technician._id],
        override: { reason: 'زيارات الاختبار في وقت واحد' },
      })
    ).json()._id;
  expect((await post(`/api/visit/${id}/status`, { status: 'done' })).statusCode).toBe(200);
  const [request] = await t.db
    .select()
    .from(messages)
    .where(and(eq(messages.template, 'visit_rating'), eq(messages.customer, customerId)))
    .orderBy(messages.createdAt);
  const token = (await t.db.select().from(messages).where(eq(messages.template, 'visit_rating'))).find((m) =>
    m.templateParams?.link?.includes(id),
  )?.templateParams?.ratingToken;
  expect(request, 'a rating request was queued').toBeTruthy();
  return { id, token: token ?? '' };
}

/** The webhook Meta sends when a customer taps a template's quick-reply button. */
const tapped = (from: string, id: string, payload: string, text: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            messages: [
              {
                from,
                id,
                timestamp: String(Math.floor(Date.now() / 1000)),
                type: 'button',
                context: { from: '966500000000', id: 'wamid.request' },
                button: { payload, text },
              },
            ],
          },
        },
      ],
    },
  ],
});

const ratingOf = async (visitId: string) =>
  (await t.db.select().from(visitRatings).where(eq(visitRatings.visit, visitId)))[0];

beforeAll(async () => {
  await graph.start();
  t = await createTestApp({ env: whatsappEnv(graph, SECRET) });
  t.app.visitNotices.stop();
  admin = await t.adminToken();
  technician = (await t.userWith('technician')).user;
  customer = (await post('/api/customer', { name: 'سلمان الحربي', phoneNumber: '0555550101' })).json();
  const service = (await post('/api/service', { name: 'صيانة دورية', price: '0' })).json()._id;
  const type = (
    await post('/api/contract', {
      name: 'صيانة ربع سنوية',
      durationMonths: 12,
      visits: 4,
      price: '2000',
      service,
    })
  ).json()._id;
  contractId = (
    await post('/api/customer-contract', {
      customer: customer._id,
      contract: type,
      startDate: riyadhDayOf(new Date()),
    })
  ).json()._id;
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

describe('a rating by WhatsApp reply button', () => {
  it('keeps the first score, thanks once, and a second tap or a redelivery changes nothing', async () => {
    const { id, token } = await doneVisit();
    const tap = (wamid: string, score: number) =>
      signedWebhook(t, tapped('966555550101', wamid, `rate:${score}:${token}`, `${score}`), SECRET);
    const first = await tap('wamid.tap1', 5);
    expect(first.statusCode, first.body).toBe(200);
    expect((await tap('wamid.tap1', 5)).statusCode).toBe(200); // Meta delivers again
    expect((await tap('wamid.tap2', 1)).statusCode).toBe(200); // another button later
    const rating = await ratingOf(id);
    expect(rating).toMatchObject({
      score: 5,
      channel: 'whatsapp',
      customer: customer._id,
      technicians: [technician._id],
      comment: '',
    });
    const thanks = await t.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.customer, customer._id), eq(messages.direction, 'out'), eq(messages.kind, 'text')),
      );
    expect(thanks).toHaveLength(1);
    expect(thanks[0].body).toContain('شكراً لتقييمك');
    // The taps are in the conversation as the words the customer saw.
    const taps = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.customer, customer._id), eq(messages.direction, 'in')));
    expect(taps.map((m) => m.body).sort()).toEqual(['1', '5']);
  });

  it('takes an interactive reply button too, and refuses one from another number or a forged token', async () => {
    const { id, token } = await doneVisit();
    const other = (await post('/api/customer', { name: 'جار فضولي', phoneNumber: '0555550199' })).json();
    expect(other._id).toBeTruthy();
    await signedWebhook(t, tapped('966555550199', 'wamid.other', `rate:1:${token}`, '1'), SECRET);
    await signedWebhook(
      t,
      tapped('966555550101', 'wamid.forged', `rate:1:${token.slice(0, -2)}xx`, '1'),
      SECRET,
    );
    expect(await ratingOf(id)).toBeUndefined();
    const interactive = tapped('966555550101', 'wamid.interactive', '', '');
    const message = interactive.entry[0].changes[0].value.messages[0] as Record<string, unknown>;
    delete message.button;
    Object.assign(message, {
      type: 'interactive',
      interactive: { type: 'button_reply', button_reply: { id: `rate:4:${token}`, title: '4 جيدة جداً' } },
    });
    expect((await signedWebhook(t, interactive, SECRET)).statusCode).toBe(200);
    expect(await ratingOf(id)).toMatchObject({ score: 4, channel: 'whatsapp' });
  });
});

describe('the rating page', () => {
  const form = (token: string, body: string) =>
    t.inject({
      method: 'POST',
      url: `/rate/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });

  it('asks 1 to 5 and a comment in Arabic, stores them once, then thanks', async () => {
    const { id, token } = await doneVisit();
    const page = await t.inject({ method: 'GET', url: `/rate/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('قيّم زيارتنا');

    const missing = await form(token, 'comment=');
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain('اختر تقييماً من 1 إلى 5');
    expect(await ratingOf(id)).toBeUndefined();

    const sent = await form(token, `score=4&comment=${encodeURIComponent('الفني محترم وسريع')}`);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/rate/${token}`);
    expect(await ratingOf(id)).toMatchObject({ score: 4, comment: 'الفني محترم وسريع', channel: 'link' });
    const after = await t.inject({ method: 'GET', url: `/rate/${token}` });
    expect(after.body).toContain('سجّلنا تقييمك 4 من 5');

    // The score is given once: the link used again changes nothing.
    await form(token, 'score=1&comment=x');
    expect(await ratingOf(id)).toMatchObject({ score: 4, comment: 'الفني محترم وسريع' });
  });

  it('after a button, thanks and takes the comment once', async () => {
    const { id, token } = await doneVisit();
    await signedWebhook(t, tapped('966555550101', `wamid.${id}`, `rate:3:${token}`, '3'), SECRET);
    const page = await t.inject({ method: 'GET', url: `/rate/${token}` });
    expect(page.body).toContain('سجّلنا تقييمك 3 من 5');
    expect(page.body).toContain('إرسال التعليق');
    expect((await form(token, 'comment=')).statusCode).toBe(422);
    expect((await form(token, `comment=${encodeURIComponent('تأخر قليلاً')}`)).statusCode).toBe(303);
    expect(await ratingOf(id)).toMatchObject({ score: 3, comment: 'تأخر قليلاً' });
    await form(token, `comment=${encodeURIComponent('تعليق ثانٍ')}`);
    expect((await ratingOf(id)).comment).toBe('تأخر قليلاً');
  });

  it('tells a wrong or an expired link in Arabic', async () => {
    const { id } = await doneVisit();
    const wrong = await t.inject({ method: 'GET', url: `/rate/${id}.2099-01-01.${'A'.repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toContain('رابط التقييم غير صحيح');
    const old = `${id}.2020-01-01.${await signLink(t.db, 'rating', `${id}:2020-01-01`)}`;
    const expired = await t.inject({ method: 'GET', url: `/rate/${old}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('انتهت صلاحية رابط التقييم');
    expect((await t.inject({ method: 'GET', url: '/rate/anything' })).statusCode).toBe(404);
  });
});

describe('ratings in the visits report', () => {
  it('averages each technician’s and each contract’s ratings of the period', async () => {
    const planned = await t.db
      .select({ _id: visits._id, scheduledAt: visits.scheduledAt })
      .from(visits)
      .where(eq(visits.customerContract, contractId))
      .orderBy(visits.scheduledAt);
    const [first, second] = planned;
    for (const v of [first, second])
      await t.db
        .update(visits)
        .set({ assignees: [technician._id] })
        .where(eq(visits._id, v._id));
    for (const [v, score] of [
      [first, 2],
      [second, 5],
    ] as const) {
      const { token } = await doneVisit(customer._id, v._id);
      await t.inject({
        method: 'POST',
        url: `/rate/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `score=${score}`,
      });
    }
    const from = riyadhDayOf(first.scheduledAt);
    const to = riyadhDayOf(second.scheduledAt);
    const res = await t.inject({
      method: 'GET',
      url: `/api/report/visits?from=${from}&to=${to}`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.contractRatings).toEqual([
      expect.objectContaining({
        customerContract: contractId,
        customerName: 'سلمان الحربي',
        ratings: 2,
        averageRating: 3.5,
      }),
    ]);
    const mine = report.technicians.find((x: { user: string }) => x.user === technician._id);
    expect(mine.ratings).toBeGreaterThanOrEqual(2);
    expect(mine.averageRating).toBeGreaterThan(0);
  });
});
