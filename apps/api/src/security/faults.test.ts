import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../test/harness';

/**
 * Faults (database suite: TEST_DATABASE_URL, and redis-server on the PATH):
 * - the database is unreachable at start: the server says so clearly, retries, and starts once it
 *   can reach it;
 * - Redis is lost: each node keeps pushing to its own sockets, and pushes cross nodes again when
 *   Redis is back.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
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
const databases: string[] = [];

function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function newDatabase() {
  const name = `idara_fault_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  databases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url;
}

function startServer(env: Record<string, string>) {
  return new Promise<{ child: ChildProcess; port: number; log: string[] }>((resolve) => {
    void freePort().then((port) => {
      const log: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: repoRoot,
        env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d) => log.push(String(d)));
      children.push(child);
      resolve({ child, port, log });
    });
  });
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const healthy = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

async function call(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGKILL');
        }),
    ),
  );
  if (serverUrl && databases.length) {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    for (const name of databases) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}, 60_000);

describe.skipIf(!serverUrl)('faults', () => {
  it('database unreachable at start: a clear error, retries, then starts when it can connect', async () => {
    const target = await newDatabase();
    // A port that refuses connections until this test opens it, forwarding to the real server.
    const gatePort = await freePort();
    const url = new URL(target);
    url.host = `127.0.0.1:${gatePort}`;
    const { port, log } = await startServer({ DATABASE_URL: url.toString() });
    await until(() => log.join('').includes('Database unreachable'), 20_000, 'the retry message');
    expect(log.join('')).toMatch(/Database unreachable \(.+\); retry 1\/9 in 1000 ms/);
    expect(await healthy(port)).toBe(false);

    const real = new URL(serverUrl!);
    const gate: Server = createServer((client) => {
      const upstream = createConnection(Number(real.port || 5432), real.hostname);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    }).listen(gatePort, '127.0.0.1');
    try {
      await until(() => healthy(port), 60_000, 'the server to start');
    } finally {
      gate.close();
    }
  }, 90_000);

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
        const db = (await newDatabase()).toString();
        const env = { DATABASE_URL: db, REDIS_URL: `redis://127.0.0.1:${redisPort}` };
        const a = await startServer(env);
        await until(() => healthy(a.port), 60_000, 'node A');
        const b = await startServer(env);
        await until(() => healthy(b.port), 60_000, 'node B');

        const signIn = async (port: number) =>
          (
            await call(port, 'POST', '/api/auth/signin', {
              phoneNumber: ADMIN.phone,
              password: ADMIN.password,
            })
          ).json.token as string;
        const adminA = await signIn(a.port);
        await call(
          a.port,
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
          await call(a.port, 'POST', '/api/auth/signin', {
            phoneNumber: '0557771000',
            password: 'Passw0rd!x',
          })
        ).json.token as string;
        const open = async (port: number, token: string) => {
          const s = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], auth: { token } });
          sockets.push(s);
          await new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          });
          const got: string[] = [];
          s.on('notification', (n: { description: string }) => got.push(n.description));
          return got;
        };
        const onA = await open(a.port, adminA);
        const onB = await open(b.port, await signIn(b.port));
        let n = 0;
        const createCustomer = async () => {
          const name = `عميل العطل ${++n}`;
          const r = await call(
            a.port,
            'POST',
            '/api/customer',
            { name, phoneNumber: `05577720${String(n).padStart(2, '0')}` },
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
        expect(await healthy(a.port)).toBe(true);

        startRedis();
        await new Promise((r) => setTimeout(r, 1500)); // the clients reconnect with backoff
        const back = await createCustomer();
        await until(() => onB.some((d) => d.includes(back)), 20_000, 'node B after Redis returned');
        expect(onA.some((d) => d.includes(back))).toBe(true);
      } finally {
        try {
          stopRedis();
        } catch {}
      }
    },
    150_000,
  );
});
