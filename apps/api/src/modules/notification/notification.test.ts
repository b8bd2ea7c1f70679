import { arabicPlural, NOTIFICATIONS } from '@idara/domain';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, paymentMethods, sessions } from '../../db/schema';
import { useTestApp } from '../../test/fixture';

let url: string;
let admin: { token: string; user: { _id: string } };
let sales: { token: string; user: { _id: string } };
const sockets: Socket[] = [];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, path: string, token: string, payload?: unknown) =>
  t.inject({ method, url: path, token, ...(payload === undefined ? {} : { payload: payload as object }) });

let phoneSeq = 0;
const newCustomer = (token: string, name = 'عميل تجريبي') =>
  req('POST', '/api/customer', token, { name, phoneNumber: `05533${String(++phoneSeq).padStart(5, '0')}` });

/** Rules run after the change commits: once they have, the recipient has at least `n` notifications. */
/** An order of one new service at 100 for a new customer, made by the admin, and a payment method to pay it by. */
async function orderToPay(serviceName: string, customerName: string) {
  const service = (
    await req('POST', '/api/service', admin.token, { name: serviceName, price: '100' })
  ).json();
  const customer = (await newCustomer(admin.token, customerName)).json();
  const order = (
    await req('POST', '/api/order', admin.token, {
      customer: customer._id,
      items: [{ service: service._id, quantity: 1, unitPrice: '100' }],
    })
  ).json();
  const [method] = await t.db.select().from(paymentMethods).limit(1);
  return { order, method };
}

async function waitFor(token: string, n: number) {
  await t.settled();
  const list = (await req('GET', '/api/notification?limit=100', token)).json();
  expect(list.total).toBeGreaterThanOrEqual(n);
  expect(list.data.length).toBe(Math.min(list.total, 100));
  return list;
}

function open(token: string) {
  const socket = connect(url, {
    transports: ['websocket'],
    auth: { token },
    autoConnect: false,
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise<{ socket: Socket; error?: string }>((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (err) => resolve({ socket, error: err.message }));
    socket.connect();
  });
}

const t = useTestApp({ realtime: true, signedIn: false });
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  admin = await t.signIn();
  sales = await t.userWith('employee', ['customer:read', 'customer:create', 'order:read']);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

describe('notifications API (spec §7)', () => {
  it('tells readers of a new customer, never the actor, with the exact shape and a link', async () => {
    const created = (await newCustomer(sales.token, 'مؤسسة الأفق')).json();
    const list = await waitFor(admin.token, 1);
    expect(Object.keys(list.data[0]).sort()).toEqual([
      '_id',
      'createdAt',
      'description',
      'link',
      'read',
      'title',
      'type',
    ]);
    expect(list.data[0]).toMatchObject({
      type: 'create',
      title: 'عميل جديد',
      description: 'أضاف مستخدم employee العميل «مؤسسة الأفق»',
      link: `/dashboard/customer/${created._id}`,
      read: false,
    });
    expect((await req('GET', '/api/notification', sales.token)).json().total).toBe(0);
    expect((await req('GET', '/api/notification/unreadCount?cache=1', admin.token)).json()).toBe(1);
  });

  it('links each reader where they may go: the page with …:details, else the list searched for it', async () => {
    const reader = await t.userWith('employee', ['customer:read', 'order:read']);
    const viewer = await t.userWith('employee', [
      'customer:read',
      'customer:details',
      'order:read',
      'order:details',
    ]);
    const customer = (await newCustomer(admin.token, 'مؤسسة الروابط')).json();
    const service = (
      await req('POST', '/api/service', admin.token, { name: 'خدمة الروابط', price: '10' })
    ).json();
    const order = (
      await req('POST', '/api/order', admin.token, {
        customer: customer._id,
        items: [{ service: service._id, quantity: 1, unitPrice: '10' }],
      })
    ).json();
    const linksOf = async (token: string) =>
      Object.fromEntries(
        (await waitFor(token, 2)).data.map((n: { title: string; link: string }) => [n.title, n.link]),
      );
    expect(await linksOf(viewer.token)).toMatchObject({
      'عميل جديد': `/dashboard/customer/${customer._id}`,
      [`طلب جديد رقم ${order.number}`]: `/dashboard/order/${order._id}`,
    });
    expect(await linksOf(reader.token)).toMatchObject({
      'عميل جديد': `/dashboard/customer?search=${encodeURIComponent('مؤسسة الروابط')}`,
      [`طلب جديد رقم ${order.number}`]: `/dashboard/order?search=${order.number}`,
    });
    // And those lists answer them (no 403).
    for (const path of ['/api/customer?search=مؤسسة', `/api/order?search=${order.number}`])
      expect((await req('GET', encodeURI(path), reader.token)).statusCode).toBe(200);
    expect((await req('GET', `/api/order/${order._id}`, reader.token)).statusCode).toBe(403);
  });

  it('follows the counter arithmetic: read −1, unread +1, read all → 0, unread all → total', async () => {
    await newCustomer(sales.token);
    await newCustomer(sales.token);
    const list = await waitFor(admin.token, 3);
    const count = async () => (await req('GET', '/api/notification/unreadCount', admin.token)).json();
    expect(await count()).toBe(3);
    const newest = list.data[0];
    expect(new Date(newest.createdAt) >= new Date(list.data[2].createdAt)).toBe(true);
    expect((await req('PUT', `/api/notification/read/${newest._id}`, admin.token)).json()).toEqual({
      message: 'تم تعليم الإشعار كمقروء',
    });
    expect(await count()).toBe(2);
    expect((await req('GET', '/api/notification?read=false', admin.token)).json().total).toBe(2);
    await req('PUT', `/api/notification/unread/${newest._id}`, admin.token);
    expect(await count()).toBe(3);
    expect((await req('POST', '/api/notification/readall', admin.token)).json().message).toBeTruthy();
    expect(await count()).toBe(0);
    await req('POST', '/api/notification/unreadall', admin.token);
    expect(await count()).toBe(3);
    const limited = (
      await req('GET', '/api/notification?limit=2&sort=-createdAt&type=create', admin.token)
    ).json();
    expect(limited.data).toHaveLength(2);
    expect(limited.total).toBe(3);
  });

  it('keeps each user to their own notifications: someone else’s id is a 404 and stays untouched', async () => {
    const theirs = (await waitFor(admin.token, 1)).data[0];
    for (const [method, path] of [
      ['PUT', `/api/notification/read/${theirs._id}`],
      ['PUT', `/api/notification/unread/${theirs._id}`],
      ['DELETE', `/api/notification/delete/${theirs._id}`],
    ] as const) {
      const res = await req(method, path, sales.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('الإشعار غير موجود');
    }
    await req('POST', '/api/notification/readall', sales.token);
    await req('DELETE', '/api/notification/deleteAll', sales.token);
    const [row] = await t.db.select().from(notifications).where(eq(notifications._id, theirs._id));
    expect(row).toMatchObject({ read: false });
    expect((await req('GET', '/api/notification', '')).statusCode).toBe(401);
  });

  it('deletes one and all', async () => {
    const list = await waitFor(admin.token, 3);
    const del = await req('DELETE', `/api/notification/delete/${list.data[0]._id}`, admin.token);
    expect(del.json()).toEqual({ message: 'تم حذف الإشعار' });
    expect((await req('GET', '/api/notification', admin.token)).json().total).toBe(list.total - 1);
    const all = await req('DELETE', '/api/notification/deleteAll', admin.token);
    expect(all.json().message).toBe(`تم حذف ${arabicPlural(list.total - 1, NOTIFICATIONS)}`);
    expect((await req('GET', '/api/notification/unreadCount', admin.token)).json()).toBe(0);
  });

  it('honours the newCustomer and newOrder toggles', async () => {
    await req('PUT', '/api/settings', admin.token, { newCustomer: false });
    await newCustomer(sales.token, 'لا إشعار');
    const service = (
      await req('POST', '/api/service', admin.token, { name: 'خدمة الإشعار', price: '10' })
    ).json();
    const customer = (await newCustomer(admin.token, 'عميل الطلب')).json();
    await req('PUT', '/api/settings', admin.token, { newCustomer: true, newOrder: true });
    const orders = await t.userWith('employee', ['order:read', 'order:create', 'customer:read']);
    const order = await req('POST', '/api/order', orders.token, {
      customer: customer._id,
      items: [{ service: service._id, quantity: 1, unitPrice: '10' }],
    });
    expect(order.statusCode).toBe(201);
    const list = await waitFor(admin.token, 1);
    expect(list.data.map((n: { title: string }) => n.title)).toEqual([`طلب جديد رقم ${order.json().number}`]);
    // sales (order:read) heard of the order too, but of neither customer: one was theirs, one was muted.
    const salesList = await waitFor(sales.token, 1);
    expect(salesList.data.map((n: { title: string }) => n.title)).toEqual([
      `طلب جديد رقم ${order.json().number}`,
    ]);
    await req('PUT', '/api/settings', admin.token, { newOrder: false });
    await req('POST', '/api/order', orders.token, {
      customer: customer._id,
      items: [{ service: service._id, quantity: 1, unitPrice: '10' }],
    });
    await t.settled();
    expect((await req('GET', '/api/notification', admin.token)).json().total).toBe(1);
    await req('PUT', '/api/settings', admin.token, { newOrder: true });
  });

  it('asks approvers about a payment and tells the requester the decision', async () => {
    await req('DELETE', '/api/notification/deleteAll', admin.token);
    const cashier = await t.userWith('accountant', [
      'payment:read',
      'payment:create',
      'order:read',
      'order:details',
    ]);
    const { order, method } = await orderToPay('خدمة الدفعة', 'عميل الدفعة');
    const payment = (
      await req('POST', '/api/payment', cashier.token, {
        order: order._id,
        amount: '50.00',
        paymentMethod: method._id,
      })
    ).json();
    const asked = await waitFor(admin.token, 1);
    expect(asked.data[0]).toMatchObject({ type: 'ask', link: `/dashboard/payment/${payment._id}` });
    await req('POST', `/api/payment/${payment._id}/status`, admin.token, { status: 'approved' });
    const told = await waitFor(cashier.token, 2);
    expect(told.data[0]).toMatchObject({ type: 'approved', title: `اعتُمدت الدفعة رقم ${payment.number}` });
  });
});

describe('sentences agree with the person who acted', () => {
  it('a woman records a payment: «سجّلت سارة»; her approval reaches the recorder and the other approvers', async () => {
    const phone = '0557004321';
    const created = await req('POST', '/api/user', admin.token, {
      name: 'سارة العتيبي',
      phoneNumber: phone,
      role: 'accountant',
      gender: 'female',
      password: 'Passw0rd!x',
    });
    expect(created.json().gender).toBe('female');
    const sara = (await t.signIn(phone, 'Passw0rd!x')).token;
    const otherApprover = await t.userWith('accountant');
    const recorder = await t.userWith('employee');
    const { order, method } = await orderToPay('خدمة الجنس', 'عميل الجنس');
    const record = async (token: string) =>
      (
        await req('POST', '/api/payment', token, {
          order: order._id,
          amount: '10.00',
          paymentMethod: method._id,
        })
      ).json();
    const hers = await record(sara);
    await t.settled();
    const asked = (await req('GET', '/api/notification?limit=100', otherApprover.token)).json();
    const ask = asked.data.find((n: { title: string }) => n.title.includes(String(hers.number)));
    expect(ask.description).toContain('سجّلت سارة العتيبي دفعة');

    const theirs = await record(recorder.token);
    await req('POST', `/api/payment/${theirs._id}/status`, sara, { status: 'approved' });
    await t.settled();
    for (const token of [recorder.token, otherApprover.token]) {
      const list = (await req('GET', '/api/notification?limit=100', token)).json();
      const told = list.data.find(
        (n: { type: string; title: string }) =>
          n.type === 'approved' && n.title.includes(String(theirs.number)),
      );
      expect(told?.description).toBe(`اعتمدت سارة العتيبي الدفعة رقم ${theirs.number}`);
    }
    // The same verbs for a man stay masculine.
    const his = await record(otherApprover.token);
    await t.settled();
    const forSara = (await req('GET', '/api/notification?limit=100', sara)).json();
    expect(
      forSara.data.find((n: { title: string }) => n.title.includes(String(his.number)))?.description,
    ).toMatch(/^سجّل مستخدم/);
  });
});

describe('sign-in from a new device', () => {
  it('tells the account owner once per new browser, not on the first sign-in', async () => {
    const phone = '0557001234';
    await req('POST', '/api/user', admin.token, {
      name: 'موظف الأجهزة',
      phoneNumber: phone,
      role: 'employee',
      password: 'Passw0rd!x',
    });
    const signIn = (ua: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'user-agent': ua },
        payload: { phoneNumber: phone, password: 'Passw0rd!x' },
      });
    const laptop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
    const phoneUa =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
    const first = (await signIn(laptop)).json().token;
    await signIn(laptop);
    await t.settled();
    expect((await req('GET', '/api/notification', first)).json().total).toBe(0);
    await signIn(phoneUa);
    const list = await waitFor(first, 1);
    expect(list.data[0]).toMatchObject({
      type: 'auth',
      title: 'تسجيل دخول من جهاز جديد',
      link: '/account/profile',
      description: expect.stringContaining('سفاري على iOS'),
    });
  });
});

describe('notifications over the socket', () => {
  it('pushes the stored notification to the recipient’s socket when a record is created', async () => {
    const { socket, error } = await open(admin.token);
    expect(error).toBeUndefined();
    const pushed = new Promise<Record<string, unknown>>((resolve) => socket.once('notification', resolve));
    await newCustomer(sales.token, 'عميل مباشر');
    const payload = await pushed;
    expect(payload).toMatchObject({
      type: 'create',
      description: expect.stringContaining('عميل مباشر'),
      read: false,
    });
    const [stored] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications._id, String(payload._id)));
    expect(stored.recipient).toBe(admin.user._id);
  });

  it('refuses an expired or revoked token, and disconnects a user who is disabled', async () => {
    const expired = await t.userWith('employee');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.user._id));
    expect((await open(expired.token)).error).toBe('unauthorized');

    const worker = await t.userWith('employee');
    const { socket, error } = await open(worker.token);
    expect(error).toBeUndefined();
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const user = (await req('GET', `/api/user/${worker.user._id}`, admin.token)).json();
    const res = await req('PUT', `/api/user/${worker.user._id}`, admin.token, {
      name: user.name,
      phoneNumber: user.phoneNumber,
      role: user.role,
      permissions: user.permissions,
      active: false,
    });
    expect(res.statusCode).toBe(200);
    await closed;
    expect((await open(worker.token)).error).toBe('unauthorized');
  });
});
