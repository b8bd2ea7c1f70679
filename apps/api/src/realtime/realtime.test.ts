import { randomUUID } from 'node:crypto';
import { MAINTENANCE_MESSAGE } from '@idara/domain';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixture';
import { userRoom } from './server';

let url: string;
const sockets: Socket[] = [];

const t = useTestApp({ realtime: true, signedIn: false });
beforeAll(async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

function open(token?: string) {
  const socket = connect(url, {
    transports: ['websocket'],
    auth: token ? { token } : {},
    autoConnect: false,
    reconnection: false,
    timeout: 5000,
  });
  sockets.push(socket);
  return new Promise<{ socket: Socket; error?: string }>((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (err) => resolve({ socket, error: err.message }));
    socket.connect();
  });
}

describe('realtime', () => {
  it('refuses a missing or invalid token', async () => {
    expect((await open()).error).toBe('unauthorized');
    expect((await open('not-a-real-token-at-all-but-long-enough')).error).toBe('unauthorized');
  });

  it('accepts a valid token, pushes to the user room, and drops the socket on sign-out', async () => {
    const { token, user } = await t.signIn();
    const { socket, error } = await open(token);
    expect(error).toBeUndefined();
    const received = new Promise((resolve) => socket.once('notification', resolve));
    const pushed = {
      _id: randomUUID(),
      type: 'message' as const,
      title: 'اختبار',
      description: '',
      link: '',
      read: false,
      createdAt: new Date().toISOString(),
    };
    t.app.io!.to(userRoom(user._id)).emit('notification', pushed);
    expect(await received).toEqual(pushed);

    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await t.inject({ method: 'POST', url: '/api/auth/signout', token });
    await closed;
    expect((await open(token)).error).toBe('unauthorized');
  });

  it('tells every open page when maintenance mode is switched on and off', async () => {
    const employee = await t.userWith('employee', ['customer:read']);
    const { socket } = await open(employee.token);
    const admin = await t.adminToken();
    const next = () => new Promise((resolve) => socket.once('maintenance', resolve));
    const set = async (maintenanceMode: boolean) => {
      const current = (await t.get('/api/settings', admin)).json();
      const { _id, version, createdAt, updatedAt, ...body } = current;
      const res = await t.put('/api/settings', { ...body, maintenanceMode }, admin);
      expect(res.statusCode).toBe(200);
    };

    let heard = next();
    await set(true);
    expect(await heard).toEqual({ on: true, message: MAINTENANCE_MESSAGE });
    const refused = await t.get('/api/customer', employee.token);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe(MAINTENANCE_MESSAGE);

    heard = next();
    await set(false);
    expect(await heard).toEqual({ on: false, message: MAINTENANCE_MESSAGE });
    expect((await t.get('/api/customer', employee.token)).statusCode).toBe(200);
  });
  it('tells those who may read visits that visits changed, and nobody else; a permission taken away stops it', async () => {
    const admin = await t.adminToken();
    const phone = () => `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const customer = (
      await t.inject({
        method: 'POST',
        url: '/api/customer',
        token: admin,
        payload: { name: 'عميل البث', phoneNumber: phone() },
      })
    ).json();
    const dispatcher = await t.userWith('employee', ['visit:read']);
    const outsider = await t.userWith('employee', ['customer:read']);
    const watching = (await open(dispatcher.token)).socket;
    const blind = (await open(outsider.token)).socket;
    let blindHeard = 0;
    blind.on('records', () => blindHeard++);

    const heard = new Promise<{ area: string; ids: string[] }>((resolve) =>
      watching.once('records', resolve),
    );
    const booked = await t.inject({
      method: 'POST',
      url: '/api/visit',
      token: admin,
      payload: { customer: customer._id, scheduledAt: '2027-09-05T09:00:00+03:00' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await heard).toEqual({ area: 'visit', ids: [booked.json()._id] });

    // The reader loses visit:read: the next change reaches them no more (the outsider never heard one).
    const revoked = await t.inject({
      method: 'PUT',
      url: `/api/user/${dispatcher.user._id}`,
      token: admin,
      payload: { permissions: ['customer:read'] },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await t.settled();
    let watchingHeard = 0;
    watching.on('records', () => watchingHeard++);
    const adminSocket = (await open(admin)).socket;
    const adminHeard = new Promise((resolve) => adminSocket.once('records', resolve));
    await t.inject({
      method: 'PUT',
      url: `/api/visit/${booked.json()._id}`,
      token: admin,
      payload: { notes: 'بعد سحب الصلاحية' },
    });
    await adminHeard;
    expect(watchingHeard).toBe(0);
    expect(blindHeard).toBe(0);
  });
});
