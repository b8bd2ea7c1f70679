import { execFileSync } from 'node:child_process';
import { createConnection, createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { customerClerkAt, signInAt } from '../test/over-http';
import { useProcesses } from '../test/process-fixture';
import { callJson, freePort, healthy, SERVER_START_MS, until } from '../test/processes';

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

const processes = useProcesses();

describe.skipIf(!serverUrl)('faults', () => {
  it(
    'database unreachable at start: a clear error, retries, then starts when it can connect',
    async () => {
      const target = (await processes.database('idara_fault')).url;
      // A port that refuses connections until this test opens it, forwarding to the real server.
      const gatePort = await freePort();
      const url = new URL(target);
      url.host = `127.0.0.1:${gatePort}`;
      const { base, log } = await processes.server({ DATABASE_URL: url.toString() }, false);
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
        const env = {
          DATABASE_URL: (await processes.database('idara_fault')).url,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        };
        const a = await processes.server(env);
        const b = await processes.server(env);

        const adminA = await signInAt(a.base);
        const sales = await customerClerkAt(a.base, adminA, 'موظف الأعطال', '0557771000');
        const onA = await processes.socket(a.base, adminA);
        const onB = await processes.socket(b.base, await signInAt(b.base));
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
        await until(() => onA.said(first) && onB.said(first), 10_000, 'both nodes');

        stopRedis();
        const lost = await createCustomer();
        // Node A still serves its own socket while Redis is down.
        await until(() => onA.said(lost), 10_000, 'node A without Redis');
        expect(await healthy(a.base)).toBe(true);

        startRedis();
        // The nodes reconnect with backoff, and a notice published before they have is not carried:
        // keep adding customers until one crosses to node B.
        const sent: string[] = [];
        const crossed = () => sent.find((name) => onB.said(name));
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
        await until(() => onA.said(back), 10_000, 'node A after Redis returned');
      } finally {
        try {
          stopRedis();
        } catch {}
      }
    },
    150_000,
  );
});
