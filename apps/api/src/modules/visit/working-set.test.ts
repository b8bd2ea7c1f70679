import { randomUUID } from 'node:crypto';
import { riyadhDayBounds, riyadhDayOf } from '@idara/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';
import { techniciansAndCustomer } from './technician-fixture';

/** `GET /api/visit/mine`: the technician's coming days, with what the phone needs to work them offline. */
const t = useTestApp();
let fx: Awaited<ReturnType<typeof techniciansAndCustomer>>;
const DAY = 86_400_000;
/** 10:00 in Riyadh, `n` days from today. */
const dayAt = (n: number, hour = 10) =>
  new Date(
    riyadhDayBounds(riyadhDayOf(new Date())).start.getTime() + n * DAY + hour * 3_600_000,
  ).toISOString();

beforeAll(async () => {
  fx = await techniciansAndCustomer(t, {
    whatsappNumber: '0559876543',
    buildingNumber: '1234',
    street: 'طريق الملك فهد',
    district: 'العليا',
    postalCode: '12211',
  });
});

describe('the technician’s working set', () => {
  it('holds their visits of today and tomorrow in time order, with customer, equipment, checklist and last visit', async () => {
    const gear = await t.post('/api/equipment', {
      name: 'مكيف سبليت',
      serialNumber: `SN-${randomUUID().slice(0, 8)}`,
      customer: fx.customer,
      model: 'X1',
    });
    expect(gear.statusCode, gear.body).toBe(201);
    const form = await t.post('/api/form', {
      title: 'صيانة مكيف',
      fields: [{ key: 'state', type: 'select', label: 'الحالة', required: true, options: ['جيد', 'سيئ'] }],
    });
    expect(form.statusCode, form.body).toBe(201);

    // Done last month by someone else: the last visit there.
    const before = await fx.book([fx.huda.user._id], dayAt(-30), { notes: 'تم تنظيف الفلاتر' });
    expect((await t.post(`/api/visit/${before._id}/status`, { status: 'done' })).statusCode).toBe(200);
    const tomorrow = await fx.book([fx.ali.user._id], dayAt(1, 9), {
      equipment: [gear.json()._id],
      form: form.json()._id,
    });
    const today = await fx.book([fx.ali.user._id], dayAt(0, 8));
    const cancelled = await fx.book([fx.ali.user._id], dayAt(0, 12));
    await t.post(`/api/visit/${cancelled._id}/status`, { status: 'cancelled' });
    await fx.book([fx.ali.user._id], dayAt(3)); // beyond the two days
    await fx.book([fx.huda.user._id], dayAt(0, 14)); // another technician's
    const step = await t.post(
      `/api/visit/${today._id}/status`,
      { status: 'on_the_way', clientActionId: randomUUID(), at: new Date().toISOString() },
      fx.ali.token,
    );
    expect(step.statusCode, step.body).toBe(200);

    const res = await t.get('/api/visit/mine', fx.ali.token);
    expect(res.statusCode, res.body).toBe(200);
    const { serverTime, visits } = res.json();
    expect(Math.abs(Date.parse(serverTime) - Date.now())).toBeLessThan(60_000);
    expect(visits.map((v: { _id: string }) => v._id)).toEqual([today._id, tomorrow._id]);
    const [first, second] = visits;
    expect(first.status).toBe('on_the_way');
    expect(first.actions).toEqual([step.json().action]);
    expect(second).toMatchObject({
      customer: {
        _id: fx.customer,
        name: 'مجمع الواحة',
        whatsappNumber: '+966559876543',
        buildingNumber: '1234',
        street: 'طريق الملك فهد',
        district: 'العليا',
        postalCode: '12211',
      },
      equipment: [{ _id: gear.json()._id, name: 'مكيف سبليت', model: 'X1' }],
      lastVisit: { number: before.number, notes: 'تم تنظيف الفلاتر' },
      form: { _id: form.json()._id, title: 'صيانة مكيف', fields: [{ key: 'state', type: 'select' }] },
      answers: {},
      files: [],
      actions: [],
    });
    expect(second.lastVisit.doneAt).toBeTruthy();
  });

  it('reads other days and lengths, refuses bad ones in Arabic, and is the technician’s own', async () => {
    const later = (
      await t.get(`/api/visit/mine?from=${riyadhDayOf(new Date(Date.now() + 3 * DAY))}&days=1`, fx.ali.token)
    ).json();
    expect(later.visits).toHaveLength(1);
    expect((await t.get('/api/visit/mine?days=7', fx.huda.token)).json().visits).toHaveLength(1);
    const tooMany = await t.get('/api/visit/mine?days=8', fx.ali.token);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await t.get('/api/visit/mine?from=2027-02-30', fx.ali.token)).statusCode).toBe(422);
    // The front office reads the board, not a working set.
    const office = await t.userWith('employee');
    expect((await t.get('/api/visit/mine', office.token)).statusCode).toBe(403);
  });
});
