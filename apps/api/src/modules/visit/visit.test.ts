import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

/** Visits: one-off bookings, moves, statuses, filters, and no technician on two visits at once. */
let t: TestApp;
let admin: string;
let customer: string;
let ali: { _id: string; name: string };
let huda: { _id: string; name: string };

const phone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const post = (url: string, payload: object, token = admin) =>
  t.inject({ method: 'POST', url, token, payload });
const put = (url: string, payload: object, token = admin) => t.inject({ method: 'PUT', url, token, payload });
const get = (url: string, token = admin) => t.inject({ method: 'GET', url, token });
const book = (scheduledAt: string, assignees: string[], extra: object = {}) =>
  post('/api/visit', { customer, scheduledAt, durationMinutes: 90, assignees, ...extra });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  customer = (await post('/api/customer', { name: 'عيادة النخبة', phoneNumber: phone() })).json()._id;
  const tech = async (name: string) =>
    (
      await post('/api/user', { name, phoneNumber: phone(), role: 'employee', password: 'Passw0rd!x' })
    ).json();
  ali = await tech('علي الفني');
  huda = await tech('هدى الفنية');
});
afterAll(async () => {
  await t.close();
});

describe('visits', () => {
  it('books a one-off visit, and refuses a technician already on an overlapping one, naming the clash', async () => {
    const first = await book('2027-03-14T09:00:00+03:00', [ali._id]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'planned',
      customerName: 'عيادة النخبة',
      durationMinutes: 90,
      // A one-off visit has no contract.
      customerContract: null,
      customerContractNumber: null,
    });

    const clash = await book('2027-03-14T10:00:00+03:00', [huda._id, ali._id]);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('علي الفني');
    expect(clash.json().message).toContain(`رقم ${first.json().number}`);
    expect(clash.json().clash).toMatchObject({ visit: first.json()._id, user: ali._id });

    // Right after the first ends is free; the office may also override with a reason.
    expect((await book('2027-03-14T10:30:00+03:00', [ali._id])).statusCode).toBe(201);
    const forced = await book('2027-03-14T09:30:00+03:00', [ali._id], {
      override: { reason: 'طوارئ: تسرب غاز' },
    });
    expect(forced.statusCode, forced.body).toBe(201);
    expect(forced.json().overrideReason).toBe('طوارئ: تسرب غاز');
  });

  it('moves a visit and checks the move too; a done visit is not edited', async () => {
    const a = (await book('2027-04-11T09:00:00+03:00', [huda._id])).json();
    const b = (await book('2027-04-11T13:00:00+03:00', [huda._id])).json();
    const onto = await put(`/api/visit/${b._id}`, { scheduledAt: '2027-04-11T09:30:00+03:00' });
    expect(onto.statusCode).toBe(409);
    const later = await put(`/api/visit/${b._id}`, { scheduledAt: '2027-04-11T15:00:00+03:00' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().scheduledAt).toBe('2027-04-11T12:00:00.000Z');

    for (const status of ['on_the_way', 'arrived', 'started', 'done'])
      expect((await post(`/api/visit/${a._id}/status`, { status })).statusCode).toBe(200);
    const done = (await get(`/api/visit/${a._id}`)).json();
    expect(done.status).toBe('done');
    expect(done.doneAt).toBeTruthy();
    expect((await put(`/api/visit/${a._id}`, { notes: 'تعديل' })).statusCode).toBe(409);
    const back = await post(`/api/visit/${a._id}/status`, { status: 'planned' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain('منجزة');
  });

  it('lets one of two dispatchers booking one technician at once win, the other told of the clash', async () => {
    const [x, y] = await Promise.all([
      book('2027-05-09T09:00:00+03:00', [ali._id]),
      book('2027-05-09T09:15:00+03:00', [ali._id]),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
  });

  it('filters by technician, status, time, unassigned and overdue', async () => {
    const past = (await book('2026-01-04T09:00:00+03:00', [])).json();
    const day = (await get('/api/visit?scheduledAtFrom=2027-03-14&scheduledAtTo=2027-03-15&limit=0')).json();
    expect(day.total).toBe(3);
    const alis = (
      await get(`/api/visit?assignee=${ali._id}&scheduledAtFrom=2027-03-14&scheduledAtTo=2027-03-15`)
    ).json();
    expect(alis.total).toBe(3);
    const overdue = (await get('/api/visit?overdue=true&limit=0')).json();
    expect(overdue.data.map((v: { _id: string }) => v._id)).toEqual([past._id]);
    const unassigned = (await get('/api/visit?unassigned=true&limit=0')).json();
    expect(unassigned.data.map((v: { _id: string }) => v._id)).toContain(past._id);
    const done = (await get('/api/visit?status=done&limit=0')).json();
    expect(done.total).toBe(1);
  });

  it('filters by the customer’s district, as the search compares Arabic, and refuses an overlong one', async () => {
    const inDistrict = async (name: string, district: string) => {
      const c = (await post('/api/customer', { name, phoneNumber: phone(), district })).json();
      const v = await post('/api/visit', {
        customer: c._id,
        scheduledAt: '2027-08-01T09:00:00+03:00',
        durationMinutes: 60,
        assignees: [],
      });
      expect(v.statusCode, v.body).toBe(201);
      return v.json()._id as string;
    };
    const narjis = await inDistrict('مؤسسة الحي', 'حيّ النَّرجس');
    const olaya = await inDistrict('مكتب العليا', 'العليا');
    await inDistrict('عميل بلا حي', '');
    const ids = async (query: string) =>
      (await get(`/api/visit?scheduledAtFrom=2027-08-01&scheduledAtTo=2027-08-02&limit=0&${query}`))
        .json()
        .data.map((v: { _id: string }) => v._id);
    // Without its diacritics and part of the name: found; another district's visit is not.
    expect(await ids(`district=${encodeURIComponent('النرجس')}`)).toEqual([narjis]);
    expect(await ids(`district=${encodeURIComponent('عليا')}`)).toEqual([olaya]);
    expect(await ids(`district=${encodeURIComponent('الملقا')}`)).toEqual([]);
    // Beside the other filters, and with none of them the three.
    expect(await ids(`district=${encodeURIComponent('نرجس')}&unassigned=true`)).toEqual([narjis]);
    expect(await ids('')).toHaveLength(3);
    const long = await get(`/api/visit?district=${'ا'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('طويلة جداً');
  });

  it('refuses a day that does not exist, and a technician who is not one', async () => {
    const bad = await book('2027-02-30T09:00:00+03:00', []);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fieldErrors.scheduledAt).toMatch(/[\u0600-\u06FF]/);
    const nobody = await book('2027-06-01T09:00:00+03:00', ['00000000-0000-4000-8000-000000000000']);
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().fieldErrors.assignees).toContain('ليس موظفاً');
  });
});

describe('the visits report', () => {
  it('sets each technician’s booked minutes against the working minutes of the period', async () => {
    const res = await get('/api/report/visits?from=2027-03-13&to=2027-03-19');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    // 2027-03-13 … 19 has one Friday: six working days of eight hours.
    const alisRow = report.technicians.find((t: { user: string }) => t.user === ali._id);
    expect(alisRow).toMatchObject({
      name: 'علي الفني',
      visits: 3,
      bookedMinutes: 270,
      availableMinutes: 6 * 480,
    });
  });
});
