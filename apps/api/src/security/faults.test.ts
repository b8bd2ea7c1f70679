import { type ChildProcess, execFileSync } from 'node:child_process';
import { createConnection, createServer, type Server } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../test/harness';
import {
  callJson,
  createDatabase,
  freePort,
  healthy,
  SERVER_START_MS,
  spawnServer,
  stopProcess,
  until,
} from '../test/processes';

/**
 * Faults (database suite: TEST_DATABASE_URL, and redis-server on the PATH):
 * - the database is unreachable at start: the server says so clearly, retries, and starts once it
 *   can reach it;
 * - Redis is lost: each node keeps pushing to its own sockets, and pushes cross nodes again when
 *   Redis is back.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const hasRedis = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const children: ChildProcess[] = [];
const sockets: Socket[] = [];
const databases: { drop: () => Promise<void> }[] = [];

async function newDatabase() {
  const database = await createDatabase(serverUrl!, 'idara_fault');
  databases.push(database);
  return database.url;
}

async function startServer(env: Record<string, string>, wait = true) {
  const server = await spawnServer(env, wait);
  children.push(server.child);
  return server;
}

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(children.map((c) => stopProcess(c, 'SIGKILL')));
  for (const database of databases) await database.drop();
}, 60_000);

describe.skipIf(!serverUrl)('faults', () => {
  it(
    'database unreachable at start: a clear error, retries, then starts when it can connect',
    async () => {
      const target = await newDatabase();
      // A port that refuses connections until this test opens it, forwarding to the real server.
      const gatePort = await freePort();
      const url = new URL(target);
      url.host = `127.0.0.1:${gatePort}`;
      const { base, log } = await startServer({ DATABASE_URL: url.toString() }, false);
      await until(() => log.join('').includes('Database unreachable'), SERVER_START_MS, 'the retry message');
      expect(log.join('')).toMatch(/Database unreachable \(.+\); retry 1\/9 in 1000 ms/);
      expect(await healthy(base)).toBe(false);

      const real = new URL(serverUrl!);
      const gate: Server = createServer((client) => {
        const upstream = createConnection(Number(real.port || 5432), real.hostname);
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      }).listen(gatePort, '127.0.0.1');
      try {
        await until(() => healthy(base), SERVER_START_MS, 'the server to start');
      } finally {
        gate.close();
      }
    },
    3 * SERVER_START_MS,
  );

  it.skipIf(!hasRedis)(
    'Redis lost: each node keeps its own sockets; across nodes again when Redis returns',
    async () => {
      const redisPort = await freePort();
      const startRedis = () =>
        execFileSync('redis-server', [
          '--port',
          String(redisPort),
          '--bind',
          '127.0.0.1',
          '--daemonize',
          'yes',
          '--save',
          '',
          '--appendonly',
          'no',
        ]);
      const stopRedis = () => execFileSync('redis-cli', ['-p', String(redisPort), 'shutdown', 'nosave']);
      startRedis();
      try {
        const env = { DATABASE_URL: await newDatabase(), REDIS_URL: `redis://127.0.0.1:${redisPort}` };
        const a = await startServer(env);
        const b = await startServer(env);

        const signIn = async (base: string) =>
          (
            await callJson(base, 'POST', '/api/auth/signin', {
              phoneNumber: ADMIN.phone,
              password: ADMIN.password,
            })
          ).json.token as string;
        const adminA = await signIn(a.base);
        await callJson(
          a.base,
          'POST',
          '/api/user',
          {
            name: 'موظف الأعطال',
            phoneNumber: '0557771000',
            role: 'employee',
            permissions: ['customer:read', 'customer:create'],
            password: 'Passw0rd!x',
          },
          adminA,
        );
        const sales = (
          await callJson(a.base, 'POST', '/api/auth/signin', {
            phoneNumber: '0557771000',
            password: 'Passw0rd!x',
          })
        ).json.token as string;
        const open = async (base: string, token: string) => {
          const s = connect(base, { transports: ['websocket'], auth: { token } });
          sockets.push(s);
          await new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          });
          const got: string[] = [];
          s.on('notification', (n: { description: string }) => got.push(n.description));
          return got;
        };
        const onA = await open(a.base, adminA);
        const onB = await open(b.base, await signIn(b.base));
        let n = 0;
        const createCustomer = async () => {
          const name = `عميل العطل ${++n}`;
          const r = await callJson(
            a.base,
            'POST',
            '/api/customer',
            { name, phoneNumber: `0557772${String(n).padStart(3, '0')}` },
            sales,
          );
          expect(r.status).toBe(201);
          return name;
        };

        const first = await createCustomer();
        await until(
          () => onA.some((d) => d.includes(first)) && onB.some((d) => d.includes(first)),
          10_000,
          'both nodes',
        );

        stopRedis();
        const lost = await createCustomer();
        // Node A still serves its own socket while Redis is down.
        await until(() => onA.some((d) => d.includes(lost)), 10_000, 'node A without Redis');
        expect(await healthy(a.base)).toBe(true);

        startRedis();
        // The nodes reconnect with backoff, and a notice published before they have is not carried:
        // keep adding customers until one crosses to node B.
        const sent: string[] = [];
        const crossed = () => sent.find((id) => onB.some((d) => d.includes(id)));
        await until(
          async () => {
            if (crossed()) return true;
            sent.push(await createCustomer());
            return false;
          },
          30_000,
          'node B after Redis returned',
        );
        const back = crossed()!;
        await until(() => onA.some((d) => d.includes(back)), 10_000, 'node A after Redis returned');
      } finally {
        try {
          stopRedis();
        } catch {}
      }
    },
    150_000,
  );
});
