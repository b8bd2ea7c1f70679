import { and, arrayContains, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activity,
  customerContracts,
  customers,
  messages,
  noticeSends,
  notifications,
  users,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { type NoticeTally, VisitNoticeScheduler } from './scheduler';

/**
 * The contracts-and-visits tick on a fixed clock: Wednesday 10 March 2027 (Riyadh), so tomorrow is
 * Thursday the 11th and the day after a Friday.
 */
const dawn = new Date('2027-03-10T04:00:00+03:00'); // before the notice window
const morning = new Date('2027-03-10T10:00:00+03:00');
const nextMorning = new Date('2027-03-11T10:00:00+03:00');
const BOARD = '/dashboard/dispatch?day=2027-03-11';

let t: TestApp;
let admin: string;
let dispatcher: { _id: string };
let technician: { _id: string };
const people = { sara: '', rowad: '', silent: '' };
const visit: Record<string, { _id: string; number: number }> = {};
const contract: Record<string, { _id: string; number: number }> = {};

const post = (url: string, payload: object) => t.inject({ method: 'POST', url, token: admin, payload });
const created = async (url: string, payload: object) => {
  const res = await post(url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const tick = (at: Date) => new VisitNoticeScheduler(t.app, () => at).tick();
const sum = (tallies: NoticeTally[], key: keyof NoticeTally) => tallies.reduce((n, x) => n + x[key], 0);
const templateMessages = (template: string) =>
  t.db.select().from(messages).where(eq(messages.template, template)).orderBy(messages.createdAt);
/** The tick's own notices (a visit's steps claim theirs in the same table: modules/visit-messages). */
const tickNotices = () =>
  t.db
    .select()
    .from(noticeSends)
    .where(inArray(noticeSends.kind, ['visit_confirmation', 'contract_renewal', 'unassigned_visits']));
const statusOf = async (id: string) =>
  (await t.db.select().from(customerContracts).where(eq(customerContracts._id, id)))[0].status;

beforeAll(async () => {
  t = await createTestApp();
  // The app's own minute tick stays out of the counts below.
  t.app.visitNotices.stop();
  admin = await t.adminToken();
  dispatcher = (await t.userWith('employee')).user;
  technician = (await t.userWith('technician')).user;
  people.sara = (
    await created('/api/customer', {
      name: 'سارة القحطاني',
      phoneNumber: '0552230411',
      whatsappNumber: '0552230412',
    })
  )._id;
  people.rowad = (await created('/api/customer', { name: 'شركة الرواد', phoneNumber: '0552230413' }))._id;
  people.silent = (await created('/api/customer', { name: 'مؤسسة الصمت', phoneNumber: '0552230414' }))._id;
  // A customer with neither a WhatsApp number nor a phone (as an import may leave one).
  await t.db.update(customers).set({ phoneNumber: '' }).where(eq(customers._id, people.silent));

  const book = async (key: string, customer: string, scheduledAt: string, assignees: string[] = []) => {
    visit[key] = await created('/api/visit', { customer, scheduledAt, durationMinutes: 90, assignees });
  };
  await book('assigned', people.sara, '2027-03-11T10:00:00+03:00', [dispatcher._id]);
  await book('unassigned', people.rowad, '2027-03-11T13:00:00+03:00');
  await book('unreachable', people.silent, '2027-03-11T08:00:00+03:00');
  await book('underWay', people.rowad, '2027-03-11T23:30:00+03:00');
  await book('cancelled', people.sara, '2027-03-11T16:00:00+03:00');
  await book('friday', people.sara, '2027-03-12T00:00:00+03:00');
  expect((await post(`/api/visit/${visit.underWay._id}/status`, { status: 'on_the_way' })).statusCode).toBe(
    200,
  );
  expect((await post(`/api/visit/${visit.cancelled._id}/status`, { status: 'cancelled' })).statusCode).toBe(
    200,
  );

  const service = (await created('/api/service', { name: 'عقد صيانة سنوية', price: '0' }))._id;
  const yearly = (
    await created('/api/contract', {
      name: 'صيانة سنوية',
      durationMonths: 12,
      visits: 1,
      price: '1200',
      service,
    })
  )._id;
  const sell = async (key: string, customer: string, startDate: string) => {
    contract[key] = await created('/api/customer-contract', { customer, contract: yearly, startDate });
  };
  await sell('ended', people.sara, '2026-03-10'); // ends 2027-03-09, yesterday
  await sell('endsToday', people.sara, '2026-03-11'); // ends 2027-03-10
  await sell('within', people.rowad, '2026-04-09'); // ends 2027-04-08, in 29 days
  await sell('beyond', people.rowad, '2026-04-11'); // ends 2027-04-10, in 31 days
  await sell('cancelled', people.rowad, '2026-03-20'); // ends 2027-03-19, then cancelled
  await sell('renewed', people.sara, '2026-03-25'); // ends 2027-03-24, already renewed
  expect(
    (await post(`/api/customer-contract/${contract.cancelled._id}/cancel`, { reason: 'باع المبنى' }))
      .statusCode,
  ).toBe(200);
  expect((await post(`/api/customer-contract/${contract.renewed._id}/renew`, {})).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('the contracts-and-visits tick', () => {
  it('marks expired only the active contracts whose end day has passed, at any hour, once', async () => {
    const first = await tick(dawn);
    expect(first).toEqual({
      expired: 1,
      unassigned: 0,
      confirmations: 0,
      renewals: 0,
      billed: expect.any(Number),
    });
    expect(await tick(dawn)).toEqual({
      expired: 0,
      unassigned: 0,
      confirmations: 0,
      renewals: 0,
      billed: expect.any(Number),
    });
    expect(await statusOf(contract.ended._id)).toBe('expired');
    for (const key of ['endsToday', 'within', 'beyond', 'renewed'])
      expect(await statusOf(contract[key]._id), key).toBe('active');
    expect(await statusOf(contract.cancelled._id)).toBe('cancelled');
    const logged = await t.db.select().from(activity).where(eq(activity.entityId, contract.ended._id));
    expect(logged.map((a) => a.summary)).toContain(
      `انتهى العقد رقم ${contract.ended.number} بانتهاء مدته في 2027-03-09`,
    );
    // Outside the notice window nothing is told.
    expect(await tickNotices()).toEqual([]);
  });

  it('tells each notice once however often, and however concurrently, the tick runs', async () => {
    const tallies = await Promise.all([tick(morning), tick(morning), tick(morning)]);
    tallies.push(await tick(morning), await tick(new Date(morning.getTime() + 3 * 3600_000)));
    await t.settled();
    expect(sum(tallies, 'confirmations')).toBe(2);
    expect(sum(tallies, 'renewals')).toBe(2);
    expect(tallies.filter((x) => x.unassigned > 0).map((x) => x.unassigned)).toEqual([3]);

    const confirmations = await templateMessages('visit_confirmation');
    expect(confirmations.map((m) => [m.customer, m.phone, m.channel, m.status, m.purpose])).toEqual([
      [people.sara, '+966552230412', 'outbox', 'queued', 'conversation'],
      [people.rowad, '+966552230413', 'outbox', 'queued', 'conversation'],
    ]);
    expect(confirmations[0].body).toBe(
      `مرحباً سارة القحطاني، نذكّرك بموعد زيارتنا يوم الخميس 3 شوال 1448 هـ الموافق 2027/03/11 من 10:00 ص إلى 11:30 ص (الزيارة رقم ${visit.assigned.number}). إن احتجت إلى تغيير الموعد فردّ على هذه الرسالة.`,
    );
    expect(confirmations[1].templateParams).toEqual({
      customerName: 'شركة الرواد',
      day: 'الخميس 3 شوال 1448 هـ الموافق 2027/03/11',
      timeWindow: 'من 01:00 م إلى 02:30 م',
      visitNumber: String(visit.unassigned.number),
    });

    const renewals = await templateMessages('contract_renewal');
    expect(renewals.map((m) => m.body).sort()).toEqual(
      [
        `مرحباً سارة القحطاني، عقدك رقم ${contract.endsToday.number} ينتهي يوم الأربعاء 2 شوال 1448 هـ الموافق 2027/03/10. يسعدنا تجديده لتستمر زياراتك دون انقطاع؛ ردّ على هذه الرسالة وسنتواصل معك.`,
        `مرحباً شركة الرواد، عقدك رقم ${contract.within.number} ينتهي يوم الخميس 1 ذو القعدة 1448 هـ الموافق 2027/04/08. يسعدنا تجديده لتستمر زياراتك دون انقطاع؛ ردّ على هذه الرسالة وسنتواصل معك.`,
      ].sort(),
    );

    // Each queued message is logged as the system's, and each claim names its message.
    const sent = [...confirmations, ...renewals].map((m) => m._id);
    const logged = await t.db.select().from(activity).where(inArray(activity.entityId, sent));
    expect(logged).toHaveLength(4);
    expect(logged.every((a) => a.actorName === 'النظام')).toBe(true);
    const claims = await tickNotices();
    expect(
      claims
        .filter((c) => c.kind !== 'unassigned_visits')
        .map((c) => c.message)
        .sort(),
    ).toEqual(sent.sort());
    // The customer with no number is skipped and not marked, so adding a number later still reaches them.
    expect(claims.some((c) => c.subject.startsWith(visit.unreachable._id))).toBe(false);
  });

  it('tells the office once a day, only those who may dispatch, linking the board', async () => {
    const told = await t.db.select().from(notifications).where(eq(notifications.link, BOARD));
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told.map((n) => n.recipient)).size).toBe(told.length);
    expect(told.map((n) => n.recipient)).toContain(dispatcher._id);
    expect(told.map((n) => n.recipient)).not.toContain(technician._id);
    expect(told[0]).toMatchObject({
      type: 'message',
      title: '3 زيارات غداً دون فريق',
      description:
        'يوم الخميس 3 شوال 1448 هـ الموافق 2027/03/11: افتح لوحة التوزيع وأسند لكل زيارة فريقها قبل موعدها.',
    });
    const mayDispatch = (
      await t.db
        .select({ _id: users._id })
        .from(users)
        .where(and(eq(users.active, true), arrayContains(users.permissions, ['visit:update'])))
    ).map((u) => u._id);
    expect(told.map((n) => n.recipient).sort()).toEqual(mayDispatch.sort());
  });

  it('on the next day tells of the next day: its Friday visits, one moved there included, and one more renewal', async () => {
    const moved = await t.inject({
      method: 'PUT',
      url: `/api/visit/${visit.assigned._id}`,
      token: admin,
      payload: { scheduledAt: '2027-03-12T09:00:00+03:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const tallies = await Promise.all([tick(nextMorning), tick(nextMorning)]);
    await t.settled();
    expect(sum(tallies, 'confirmations')).toBe(2);
    // The contract ending on 10 April is now within 30 days.
    expect(sum(tallies, 'renewals')).toBe(1);
    const renewals = await templateMessages('contract_renewal');
    expect(renewals.at(-1)?.templateParams?.contractNumber).toBe(String(contract.beyond.number));
    expect(sum(tallies, 'unassigned')).toBe(1);
    const toSara = await t.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.customer, people.sara), like(messages.body, '%الجمعة 4 شوال 1448 هـ%')));
    expect(toSara).toHaveLength(2);
    const friday = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, '/dashboard/dispatch?day=2027-03-12'));
    expect(friday.every((n) => n.title === 'زيارة واحدة غداً دون فريق')).toBe(true);
    expect(friday.filter((n) => n.recipient === dispatcher._id)).toHaveLength(1);
  });
});
