import { riyadhDayOf } from '@idara/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';

/**
 * Each role preset does its day's work through the API without being refused: the front office
 * adds a customer (with the places the form offers), an order, a payment and a task for a
 * technician; the technician sees and works only their own tasks; the accountant approves the
 * payment, sends the statement and opens the reports; the manager reads everything.
 */

let service: string;
const today = riyadhDayOf(new Date());

const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await t.inject({ method, url, token, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(400);
  return res.json();
};

const t = useTestApp();
beforeAll(async () => {
  service = (await call(t.admin, 'POST', '/api/service', { name: 'صيانة مكيف سبليت', price: '150.00' }))._id;
});

describe('role presets', () => {
  it('each preset walks its daily path without a refusal; the technician sees only their own tasks', async () => {
    const desk = await t.userWith('employee');
    const tech = await t.userWith('technician');
    const otherTech = await t.userWith('technician');
    const accountant = await t.userWith('accountant');
    const manager = await t.userWith('manager');

    // Front office: the customer form's places, a customer, an order, a payment, a task.
    const places = await call(desk.token, 'GET', '/api/lookup/places');
    const riyadh = places.cities?.[0]?._id ?? places.data?.[0]?._id;
    const customer = await call(desk.token, 'POST', '/api/customer', {
      name: 'مؤسسة الواحة',
      phoneNumber: '0553330001',
      whatsappNumber: '0553330001',
      ...(riyadh ? { city: riyadh } : {}),
      street: 'طريق الملك فهد',
    });
    await call(desk.token, 'GET', '/api/lookup/services');
    const order = await call(desk.token, 'POST', '/api/order', {
      customer: customer._id,
      items: [{ service, quantity: 1, unitPrice: '150.00' }],
    });
    const methods = await call(desk.token, 'GET', '/api/lookup/paymentMethods');
    const method = (methods.data ?? methods)[0]._id;
    const payment = await call(desk.token, 'POST', '/api/payment', {
      order: order._id,
      amount: '172.50',
      paymentMethod: method,
    });
    const people = await call(desk.token, 'GET', '/api/lookup/users?search=');
    expect((people.data ?? people).some((u: { _id: string }) => u._id === tech.user._id)).toBe(true);
    const task = await call(desk.token, 'POST', '/api/task', {
      title: 'صيانة مكيف مؤسسة الواحة',
      assignee: tech.user._id,
      order: order._id,
    });
    await call(desk.token, 'POST', '/api/task', { title: 'مهمة فني آخر', assignee: otherTech.user._id });
    await call(desk.token, 'GET', '/api/whatsapp/inbox');
    await call(desk.token, 'GET', `/api/customer/${customer._id}`);

    // Technician: their own task, and nothing of another's.
    const mine = await call(tech.token, 'GET', '/api/task');
    expect(mine.data.map((x: { _id: string }) => x._id)).toEqual([task._id]);
    await call(tech.token, 'GET', `/api/task/${task._id}`);
    const others = (await call(t.admin, 'GET', `/api/task?assignee=${otherTech.user._id}`)).data[0]._id;
    expect((await t.get(`/api/task/${others}`, tech.token)).statusCode).toBe(404);
    expect((await t.get('/api/customer', tech.token)).statusCode).toBe(403);

    // Accountant: approves and pays the payment, opens the documents, sends the statement.
    await call(accountant.token, 'POST', `/api/payment/${payment._id}/status`, { status: 'approved' });
    await call(accountant.token, 'POST', `/api/payment/${payment._id}/status`, { status: 'paid' });
    await call(accountant.token, 'GET', '/api/invoice');
    await call(accountant.token, 'GET', '/api/report/aging');
    await call(accountant.token, 'GET', `/api/report/vat?from=${today.slice(0, 8)}01&to=${today}`);
    const sent = await t.post(
      `/api/customer/${customer._id}/statement/send`,
      { from: `${today.slice(0, 8)}01`, to: today },
      accountant.token,
    );
    expect(sent.statusCode, sent.body).toBe(201);

    // Manager: reads the day.
    for (const url of ['/api/dashboard', '/api/order', '/api/task', '/api/payment', '/api/report/aging'])
      await call(manager.token, 'GET', url);
  });

  it('the front office cannot approve payments, manage users or change settings', async () => {
    const desk = await t.userWith('employee');
    const customer = await call(t.admin, 'POST', '/api/customer', {
      name: 'عميل الحدود',
      phoneNumber: '0553330002',
    });
    const order = await call(t.admin, 'POST', '/api/order', {
      customer: customer._id,
      items: [{ service, quantity: 1, unitPrice: '150.00' }],
    });
    const methods = await call(t.admin, 'GET', '/api/paymentMethod?limit=0');
    const payment = await call(t.admin, 'POST', '/api/payment', {
      order: order._id,
      amount: '10.00',
      paymentMethod: methods.data[0]._id,
    });
    const refused = [
      await t.post(`/api/payment/${payment._id}/status`, { status: 'approved' }, desk.token),
      await t.get('/api/user', desk.token),
      await t.put('/api/settings', {}, desk.token),
      await t.get('/api/report/vat', desk.token),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
  });
});
