import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../test/harness';
import {
  callJson,
  createDatabase,
  SERVER_START_MS,
  type ServerProcess,
  spawnServer,
  stopProcess,
} from '../test/processes';

/**
 * Scale-out: two real server processes on one PostgreSQL database and one Redis. A notification
 * caused through process A reaches a socket connected to process B. Runs in the database suite
 * (TEST_DATABASE_URL and TEST_REDIS_URL, which `.ci/run` sets after starting both servers).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!serverUrl || !redisUrl)('scale-out across two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let socket: Socket | undefined;

  beforeAll(async () => {
    database = await createDatabase(serverUrl!, 'idara_scale');
    const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl };
    a = await spawnServer(env); // migrates and seeds first
    b = await spawnServer(env);
  }, 3 * SERVER_START_MS);

  afterAll(async () => {
    socket?.disconnect();
    await Promise.all([a, b].filter(Boolean).map((s) => stopProcess(s.child)));
    await database?.drop();
  }, 60_000);

  it('a customer created through process A notifies a socket connected to process B', async () => {
    const signIn = await callJson(b.base, 'POST', '/api/auth/signin', {
      phoneNumber: ADMIN.phone,
      password: ADMIN.password,
    });
    expect(signIn.status).toBe(200);
    socket = connect(b.base, {
      transports: ['websocket'],
      auth: { token: signIn.json.token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const pushed = new Promise<Record<string, unknown>>((resolve) => socket!.once('notification', resolve));

    const adminOnA = (
      await callJson(a.base, 'POST', '/api/auth/signin', {
        phoneNumber: ADMIN.phone,
        password: ADMIN.password,
      })
    ).json.token;
    const user = await callJson(
      a.base,
      'POST',
      '/api/user',
      {
        name: 'موظف المبيعات',
        phoneNumber: '0557770001',
        role: 'employee',
        permissions: ['customer:read', 'customer:create'],
        password: 'Passw0rd!x',
      },
      adminOnA,
    );
    expect(user.status).toBe(201);
    const sales = (
      await callJson(a.base, 'POST', '/api/auth/signin', {
        phoneNumber: '0557770001',
        password: 'Passw0rd!x',
      })
    ).json.token;
    const customer = await callJson(
      a.base,
      'POST',
      '/api/customer',
      { name: 'عميل عبر العقدتين', phoneNumber: '0557770002' },
      sales,
    );
    expect(customer.status).toBe(201);

    const payload = await pushed;
    expect(payload).toMatchObject({
      type: 'create',
      description: 'أضاف موظف المبيعات العميل «عميل عبر العقدتين»',
      link: `/dashboard/customer/${customer.json._id}`,
    });
    const list = await callJson(b.base, 'GET', '/api/notification?limit=5', undefined, signIn.json.token);
    expect(list.json.data[0]._id).toBe(payload._id);
  }, 60_000);
});
