import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../test/harness';

/**
 * Scale-out: two real server processes on one PostgreSQL database and one Redis. A notification
 * caused through process A reaches a socket connected to process B. Runs in the database suite
 * (TEST_DATABASE_URL and TEST_REDIS_URL, which `.ci/run` sets after starting both servers).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dbName = `idara_scale_${randomBytes(5).toString('hex')}`;

const processes: ChildProcess[] = [];
let socket: Socket | undefined;

function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PHONE: ADMIN.phone,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  processes.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe.skipIf(!serverUrl || !redisUrl)('scale-out across two server processes', () => {
  let a: string;
  let b: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    a = await startServer(url.toString()); // migrates and seeds first
    b = await startServer(url.toString());
  }, 120_000);

  afterAll(async () => {
    socket?.disconnect();
    await Promise.all(
      processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null) return resolve();
            p.once('exit', () => resolve());
            p.kill('SIGTERM');
          }),
      ),
    );
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  }, 60_000);

  it('a customer created through process A notifies a socket connected to process B', async () => {
    const signIn = await call(b, 'POST', '/api/auth/signin', {
      phoneNumber: ADMIN.phone,
      password: ADMIN.password,
    });
    expect(signIn.status).toBe(200);
    socket = connect(b, {
      transports: ['websocket'],
      auth: { token: signIn.body.token },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const pushed = new Promise<Record<string, unknown>>((resolve) => socket!.once('notification', resolve));

    const adminOnA = (
      await call(a, 'POST', '/api/auth/signin', { phoneNumber: ADMIN.phone, password: ADMIN.password })
    ).body.token;
    const user = await call(
      a,
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
      await call(a, 'POST', '/api/auth/signin', { phoneNumber: '0557770001', password: 'Passw0rd!x' })
    ).body.token;
    const customer = await call(
      a,
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
      link: `/dashboard/customer/${customer.body._id}`,
    });
    const list = await call(b, 'GET', '/api/notification?limit=5', undefined, signIn.body.token);
    expect(list.body.data[0]._id).toBe(payload._id);
  }, 60_000);
});
