import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';

let reviewer: string;

// Payment moves are made by a second admin (four eyes).
const post = (url: string, payload: unknown) =>
  t.post(url, payload as object, url.includes('/api/payment/') ? reviewer : t.admin);

const t = useTestApp();
beforeAll(async () => {
  reviewer = (await t.userWith('admin')).token;
  const customer = (await post('/api/customer', { name: 'عميل اللوحة', phoneNumber: '0553330001' })).json()
    ._id;
  const service = (await post('/api/service', { name: 'غسيل خزانات', price: '200.00' })).json()._id;
  const cash = (await t.get('/api/paymentMethod?limit=0')).json().data[0]._id;
  const a = (
    await post('/api/order', { customer, items: [{ service, quantity: 2, unitPrice: '200.00' }] })
  ).json(); // 460.00
  await post('/api/order', { customer, items: [{ service, quantity: 1, unitPrice: '100.00' }] }); // 115.00
  const p = (await post('/api/payment', { order: a._id, amount: '300.00', paymentMethod: cash })).json();
  await post(`/api/payment/${p._id}/status`, { status: 'approved' });
  await post(`/api/payment/${p._id}/status`, { status: 'paid' });
  await post(`/api/order/${a._id}/status`, { status: 'in_progress' });
});

describe('dashboard', () => {
  it('sums the business in one call for the admin', async () => {
    const res = await t.get('/api/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.cards).toMatchObject({
      ordersToday: 2,
      openOrders: 2,
      // Owed on issued invoices: 460 invoiced when its payment was paid − 300 paid; the 115 order is not invoiced.
      unpaidBalance: '160.00',
      revenueHijriMonth: { amount: '300.00' },
      revenueGregorianMonth: { amount: '300.00' },
    });
    expect(d.cards.revenueHijriMonth.label).toMatch(/هـ$/);
    expect(d.revenueByMonth).toHaveLength(12);
    expect(d.revenueByMonth[11].amount).toBe('300.00');
    expect(d.ordersByStatus.find((s: { status: string }) => s.status === 'in_progress').count).toBe(1);
    expect(d.topServices[0]).toMatchObject({ name: 'غسيل خزانات', quantity: 3, amount: '500.00' });
    expect(d.recentActivity.length).toBeGreaterThan(0);
  });

  it('leaves out what a user may not read', async () => {
    const employee = await t.userWith('employee', ['order:read']);
    const d = (await t.get('/api/dashboard', employee.token)).json();
    expect(d.cards.openOrders).toBe(2);
    expect(d.cards.unpaidBalance).toBeUndefined();
    expect(d.cards.revenueHijriMonth).toBeUndefined();
    expect(d.revenueByMonth).toBeUndefined();
    expect(d.recentActivity).toBeUndefined();
    const nobody = await t.userWith('employee', []);
    const empty = (await t.get('/api/dashboard', nobody.token)).json();
    expect(empty).toEqual({ cards: {} });
    expect((await t.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
