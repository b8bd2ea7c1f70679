import { beforeAll, describe, expect, it } from 'vitest';
import { customerClerkAt, signInAt } from '../test/over-http';
import { useProcesses } from '../test/process-fixture';
import { callJson, SERVER_START_MS, type ServerProcess, until } from '../test/processes';

/**
 * Scale-out: two real server processes on one PostgreSQL database and one Redis. A notification
 * caused through process A reaches a socket connected to process B. Runs in the database suite
 * (TEST_DATABASE_URL and TEST_REDIS_URL, which `.ci/run` sets after starting both servers).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const processes = useProcesses('SIGTERM');

describe.skipIf(!serverUrl || !redisUrl)('scale-out across two server processes', () => {
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const env = { DATABASE_URL: (await processes.database('idara_scale')).url, REDIS_URL: redisUrl };
    a = await processes.server(env); // migrates and seeds first
    b = await processes.server(env);
  }, 3 * SERVER_START_MS);

  it('a customer created through process A notifies a socket connected to process B', async () => {
    const adminOnB = await signInAt(b.base);
    const onB = await processes.socket(b.base, adminOnB, false);

    const adminOnA = await signInAt(a.base);
    const sales = await customerClerkAt(a.base, adminOnA, 'موظف المبيعات', '0557770001');
    const customer = await callJson(
      a.base,
      'POST',
      '/api/customer',
      { name: 'عميل عبر العقدتين', phoneNumber: '0557770002' },
      sales,
    );
    expect(customer.status).toBe(201);

    await until(() => onB.notifications.length > 0, 45_000, 'the push to process B');
    const [payload] = onB.notifications;
    expect(payload).toMatchObject({
      type: 'create',
      description: 'أضاف موظف المبيعات العميل «عميل عبر العقدتين»',
      link: `/dashboard/customer/${customer.json._id}`,
    });
    const list = await callJson(b.base, 'GET', '/api/notification?limit=5', undefined, adminOnB);
    expect(list.json.data[0]._id).toBe(payload._id);
  }, 60_000);
});
