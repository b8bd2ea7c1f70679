import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activity, orders } from '../../db/schema';
import { useTestApp } from '../../test/fixture';

let customer: string;
let otherCustomer: string;
let cleaning: string;
let repair: string;
let riyadh: string;

const t = useTestApp();
const { get, post } = t;
const put = (url: string, payload: unknown) => t.put(url, payload as object);

beforeAll(async () => {
  customer = (await post('/api/customer', { name: 'سارة العتيبي', phoneNumber: '0551110001' })).json()._id;
  otherCustomer = (await post('/api/customer', { name: 'فهد الحربي', phoneNumber: '0551110002' })).json()._id;
  cleaning = (await post('/api/service', { name: 'تنظيف مكيفات', price: '150.00' })).json()._id;
  repair = (await post('/api/service', { name: 'صيانة سباكة', price: '99.99' })).json()._id;
  riyadh = (await get('/api/city?limit=0&search=الرياض')).json().data[0]._id;
});

const body = (extra: Record<string, unknown> = {}) => ({
  customer,
  city: riyadh,
  items: [
    { service: cleaning, quantity: 3, unitPrice: '150.00' },
    { service: repair, quantity: 1, unitPrice: '99.99' },
  ],
  discount: '10.00',
  ...extra,
});

describe('orders', () => {
  it('creates an order with server totals, the settings tax rate and a sequential number, logged', async () => {
    const res = await post('/api/order', body());
    expect(res.statusCode).toBe(201);
    const o = res.json();
    // 450.00 + 99.99 = 549.99; − 10.00 = 539.99; VAT 15 % = 80.9985 → 81.00; total 620.99
    expect(o).toMatchObject({
      subtotal: '549.99',
      discount: '10.00',
      taxRate: 15,
      taxAmount: '81.00',
      total: '620.99',
      paid: '0.00',
      balance: '620.99',
      status: 'new',
      customerName: 'سارة العتيبي',
      cityName: 'الرياض',
      allowedStatuses: ['in_progress', 'cancelled'],
    });
    expect(o.items.map((i: { name: string; lineTotal: string }) => [i.name, i.lineTotal])).toEqual([
      ['تنظيف مكيفات', '450.00'],
      ['صيانة سباكة', '99.99'],
    ]);
    const second = (await post('/api/order', body())).json();
    expect(second.number).toBe(o.number + 1);
    const log = await t.db.select().from(activity).where(eq(activity.entityId, o._id));
    expect(log.map((l) => l.action)).toEqual(['create']);
  });

  it('keeps the tax rate an order was created with when the setting changes', async () => {
    const o = (await post('/api/order', body())).json();
    expect((await put('/api/settings', { tax: 5 })).statusCode).toBe(200);
    const later = (await post('/api/order', body())).json();
    expect(later.taxRate).toBe(5);
    const edited = (await put(`/api/order/${o._id}`, body({ discount: '0.00' }))).json();
    expect(edited.taxRate).toBe(15);
    expect(edited.taxAmount).toBe('82.50'); // 549.99 × 15 % = 82.4985
    await put('/api/settings', { tax: 15 });
  });

  it('refuses bad input with Arabic field errors and writes nothing', async () => {
    const before = (await t.db.select().from(orders)).length;
    const cases: [Record<string, unknown>, string][] = [
      [body({ items: [] }), 'items'],
      [body({ discount: '9999.00' }), 'discount'],
      [body({ customer: '00000000-0000-4000-8000-000000000000' }), 'customer'],
      [body({ items: [{ service: cleaning, quantity: 0, unitPrice: '1' }] }), 'items.0.quantity'],
      [body({ items: [{ service: cleaning, quantity: 1, unitPrice: 'abc' }] }), 'items.0.unitPrice'],
      [body({ startDate: '2026-05-02', endDate: '2026-05-01' }), 'endDate'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/order', payload);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().fieldErrors ?? {}), field).toContain(field);
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await t.db.select().from(orders)).length).toBe(before);
  });

  it('moves status only along the workflow', async () => {
    const o = (await post('/api/order', body())).json();
    const move = (status: string) => post(`/api/order/${o._id}/status`, { status });
    expect((await move('completed')).statusCode).toBe(409);
    expect((await move('in_progress')).json().allowedStatuses).toEqual(['completed', 'cancelled']);
    expect((await move('new')).statusCode).toBe(409);
    const done = await move('completed');
    expect(done.json()).toMatchObject({ status: 'completed', allowedStatuses: [] });
    expect((await move('cancelled')).statusCode).toBe(409);
    expect((await put(`/api/order/${o._id}`, body())).statusCode).toBe(409);
  });

  it('lists with filters on status, customer, service and assignee, searches by number and name', async () => {
    const me = (await get('/api/auth/me')).json();
    const mine = (
      await post(
        '/api/order',
        body({
          customer: otherCustomer,
          assignees: [me._id],
          items: [{ service: repair, quantity: 2, unitPrice: '50' }],
        }),
      )
    ).json();
    const byCustomer = (await get(`/api/order?customer=${otherCustomer}`)).json();
    expect(byCustomer.data.map((o: { _id: string }) => o._id)).toEqual([mine._id]);
    const byAssignee = (await get(`/api/order?assignee=${me._id}`)).json();
    expect(byAssignee.data.map((o: { _id: string }) => o._id)).toEqual([mine._id]);
    const byService = (await get(`/api/order?service=${cleaning}&limit=100`)).json();
    expect(byService.data.every((o: { customer: string }) => o.customer === customer)).toBe(true);
    expect(byService.total).toBeGreaterThan(0);
    const byNumber = (await get(`/api/order?search=${mine.number}`)).json();
    expect(byNumber.data.map((o: { _id: string }) => o._id)).toContain(mine._id);
    const byName = (await get(`/api/order?search=${encodeURIComponent('فهد الحربى')}`)).json();
    expect(byName.data.map((o: { _id: string }) => o._id)).toEqual([mine._id]);
    const open = (await get('/api/order?status=new,in_progress&limit=100')).json();
    expect(open.data.every((o: { status: string }) => ['new', 'in_progress'].includes(o.status))).toBe(true);
    expect((await get('/api/order?status=done')).statusCode).toBe(400);
  });

  it('refuses deleting a service or customer that orders use, and deletes an order without payments', async () => {
    const del = await t.delete(`/api/service/${cleaning}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/بنود الطلبات/);
    const delCustomer = await t.delete(`/api/customer/${customer}`);
    expect(delCustomer.statusCode).toBe(409);
    const o = (await post('/api/order', body())).json();
    const res = await t.delete(`/api/order/${o._id}`);
    expect(res.statusCode).toBe(200);
    expect((await get(`/api/order/${o._id}`)).statusCode).toBe(404);
  });

  it('exports orders with a totals row', async () => {
    const res = await get(`/api/order/export?fileType=csv&customer=${otherCustomer}`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(3); // header, one order, totals
    expect(lines[2]).toContain('الإجمالي');
    expect(lines[2]).toContain('103.50'); // 2 × 50 − 10 discount + 15 % VAT
  });
});
