import { activityEntityLabels, addDays, riyadhDayOf, weekdayOfDay } from '@idara/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, customerContracts, visits } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

/** Customer contracts plan their visits; editing re-plans, cancel and renew. */
let t: TestApp;
let admin: string;
let customer: string;
let quarterly: string;
let tech: { _id: string; name: string };

const phone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const post = (url: string, payload: object, token = admin) =>
  t.inject({ method: 'POST', url, token, payload });
const put = (url: string, payload: object, token = admin) => t.inject({ method: 'PUT', url, token, payload });
const get = (url: string, token = admin) => t.inject({ method: 'GET', url, token });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  customer = (await post('/api/customer', { name: 'مدرسة الرواد', phoneNumber: phone() })).json()._id;
  const service = (await post('/api/service', { name: 'عقد صيانة مكيفات', price: '0' })).json()._id;
  quarterly = (
    await post('/api/contract', {
      name: 'صيانة مكيفات ربع سنوية',
      durationMonths: 12,
      visits: 4,
      price: '4800',
      service,
    })
  ).json()._id;
  tech = (await t.userWith('employee')).user;
});
afterAll(async () => {
  await t.close();
});

const contractCount = async () => (await t.db.select({ n: count() }).from(customerContracts))[0].n;

describe('customer contracts', () => {
  it('plans four visits over a year, about every three months, none on a Friday, assigned to its team', async () => {
    const res = await post('/api/customer-contract', {
      customer,
      contract: quarterly,
      startDate: '2027-01-01',
      assignees: [tech._id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      customerName: 'مدرسة الرواد',
      contractName: 'صيانة مكيفات ربع سنوية',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      status: 'active',
      price: '4800.00',
      billing: 'upfront',
    });
    expect(created.number).toBeGreaterThan(0);
    expect(created.visits).toHaveLength(4);
    const days = created.visits.map((v: { scheduledAt: string }) => riyadhDayOf(v.scheduledAt));
    // 2027-01-01 is a Friday: the first visit is the next day.
    expect(days[0]).toBe('2027-01-02');
    for (const day of days) expect(weekdayOfDay(day)).not.toBe(5);
    expect(new Date(created.visits[0].scheduledAt).toISOString()).toBe('2027-01-02T05:00:00.000Z');
    // Numbered in one go from the visits' counter, in the plan's order.
    const numbers = created.visits.map((v: { number: number }) => v.number);
    expect(numbers).toEqual(numbers.map((_: number, i: number) => numbers[0] + i));
    const list = await get(`/api/visit?customerContract=${created._id}&assignee=${tech._id}`);
    expect(list.json().total).toBe(4);
    // Each visit names its contract by number, in the list and on its own.
    expect(list.json().data.map((v: { customerContractNumber: number }) => v.customerContractNumber)).toEqual(
      Array(4).fill(created.number),
    );
    const first = (await get(`/api/visit/${created.visits[0]._id}`)).json();
    expect(first.customerContractNumber).toBe(created.number);
    const logged = await t.db
      .select({ entity: activity.entity })
      .from(activity)
      .where(eq(activity.entityId, created._id));
    expect(logged).toHaveLength(1);
    // The log names its rows by the area; the screens and the export say it in Arabic.
    expect(activityEntityLabels[logged[0].entity]).toBe('عقد عميل');
  });

  it('re-plans on an edit without duplicating a visit, keeping the done and the moved ones', async () => {
    const created = (
      await post('/api/customer-contract', { customer, contract: quarterly, startDate: '2027-02-07' })
    ).json();
    const [first, second] = created.visits;
    expect((await post(`/api/visit/${first._id}/status`, { status: 'done' })).statusCode).toBe(200);
    const moved = await put(`/api/visit/${second._id}`, { scheduledAt: '2027-05-20T10:00:00+03:00' });
    expect(moved.statusCode, moved.body).toBe(200);

    const edited = await put(`/api/customer-contract/${created._id}`, { startDate: '2027-03-07' });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await put(`/api/customer-contract/${created._id}`, { startDate: '2027-03-07' });
    expect(again.statusCode).toBe(200);
    const after = again.json().visits as { _id: string; scheduledAt: string; status: string }[];
    expect(after).toHaveLength(4);
    expect(new Set(after.map((v) => v._id))).toEqual(
      new Set(created.visits.map((v: { _id: string }) => v._id)),
    );
    const byId = new Map(after.map((v) => [v._id, v]));
    expect(byId.get(first._id)).toMatchObject({ status: 'done', scheduledAt: first.scheduledAt });
    expect(byId.get(second._id)?.scheduledAt).toBe('2027-05-20T07:00:00.000Z');
    expect(riyadhDayOf(after.find((v) => v._id === created.visits[2]._id)!.scheduledAt) >= '2027-08-01').toBe(
      true,
    );
  });

  it('cancels what is still planned, and renews into the next contract once', async () => {
    const created = (
      await post('/api/customer-contract', { customer, contract: quarterly, startDate: '2027-04-04' })
    ).json();
    const renewed = await post(`/api/customer-contract/${created._id}/renew`, {});
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect(renewed.json()).toMatchObject({ startDate: '2028-04-04', endDate: '2029-04-03', customer });
    expect(renewed.json().visits).toHaveLength(4);
    // The next contract's visits take the numbers after this one's.
    expect(renewed.json().visits.map((v: { number: number }) => v.number)).toEqual(
      created.visits.map((v: { number: number }) => v.number + 4),
    );
    const twice = await post(`/api/customer-contract/${created._id}/renew`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain(String(renewed.json().number));

    const cancelled = await post(`/api/customer-contract/${created._id}/cancel`, { reason: 'طلب العميل' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(cancelled.json().visits.every((v: { status: string }) => v.status === 'cancelled')).toBe(true);
    expect(
      (await post(`/api/customer-contract/${created._id}/cancel`, { reason: 'مرة أخرى' })).statusCode,
    ).toBe(409);
  });

  it('refuses bad input in Arabic and writes nothing', async () => {
    const service = (await get(`/api/contract/${quarterly}`)).json().service;
    const visitCount = async () =>
      (await t.db.select({ n: count() }).from(visits).where(eq(visits.customer, customer)))[0].n;
    const before = await contractCount();
    const visitsBefore = await visitCount();
    const cases: [object, number, string][] = [
      [{ customer, contract: quarterly, startDate: '2027-02-30' }, 422, 'startDate'],
      [
        { customer, contract: '00000000-0000-4000-8000-000000000000', startDate: '2027-02-01' },
        422,
        'contract',
      ],
      [
        {
          customer,
          contract: quarterly,
          startDate: '2027-02-01',
          assignees: ['00000000-0000-4000-8000-000000000000'],
        },
        422,
        'assignees',
      ],
      [{ customer, contract: quarterly, startDate: '2027-02-01', billing: 'weekly' }, 422, 'billing'],
      // Beyond the largest amount any money field takes (a billion riyals), or a part of a halala.
      [{ customer, contract: quarterly, startDate: '2027-02-01', price: '1000000000.01' }, 422, 'price'],
      [{ customer, contract: quarterly, startDate: '2027-02-01', price: '10.005' }, 422, 'price'],
      [{ customer, contract: quarterly, startDate: '2027-02-01', price: -1 }, 422, 'price'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await post('/api/customer-contract', payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().fieldErrors?.[field], res.body).toMatch(/[\u0600-\u06FF]/);
    }
    const tooMany = (
      await post('/api/contract', {
        name: 'زيارات يومية',
        durationMonths: 1,
        visits: 40,
        price: '100',
        service,
      })
    ).json()._id;
    const refused = await post('/api/customer-contract', {
      customer,
      contract: tooMany,
      startDate: '2027-02-01',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('أكثر من أيام العمل');
    expect(await contractCount()).toBe(before);
    expect(await visitCount()).toBe(visitsBefore);
  });

  it('lists the contracts ending within a number of days from today (Riyadh), 1 to 365', async () => {
    const today = riyadhDayOf(new Date());
    const ids: Record<string, string> = {};
    for (const [key, endDate] of [
      ['today', today],
      ['inTen', addDays(today, 10)],
      ['inThirty', addDays(today, 30)],
      ['inForty', addDays(today, 40)],
      ['yesterday', addDays(today, -1)],
    ]) {
      ids[key] = (
        await post('/api/customer-contract', { customer, contract: quarterly, startDate: '2027-06-01' })
      ).json()._id;
      await t.db.update(customerContracts).set({ endDate }).where(eq(customerContracts._id, ids[key]));
    }
    const ending = async (query: string) => {
      const res = await get(`/api/customer-contract?limit=0&fields=_id&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const found = new Set(res.json().data.map((r: { _id: string }) => r._id));
      return Object.keys(ids).filter((key) => found.has(ids[key]));
    };
    expect(await ending('endingWithin=30')).toEqual(['today', 'inTen', 'inThirty']);
    expect(await ending('endingWithin=10&status=active')).toEqual(['today', 'inTen']);
    expect(await ending('endingWithin=1,40')).toEqual(['today', 'inTen', 'inThirty', 'inForty']);
    for (const bad of ['0', '366', 'ثلاثين', '7.5']) {
      const res = await get(`/api/customer-contract?endingWithin=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('قيمة المرشح «endingWithin» غير معروفة');
    }
  });

  it('belongs to those who hold its permissions', async () => {
    const reader = await t.userWith('employee', ['customerContract:read']);
    expect((await get('/api/customer-contract', reader.token)).statusCode).toBe(200);
    const write = await post(
      '/api/customer-contract',
      { customer, contract: quarterly, startDate: '2027-02-01' },
      reader.token,
    );
    expect(write.statusCode).toBe(403);
    expect((await get('/api/visit', reader.token)).statusCode).toBe(403);
  });
});
