import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../test/harness';

/**
 * Crash safety: the server is killed with SIGKILL while customers and payments are being written,
 * then started again on the same data. Every write it acknowledged must be there, invoice numbers
 * must have no gap, and no order may disagree with its payments (no half-written command).
 * On the embedded database by default; on PostgreSQL too when TEST_DATABASE_URL is set.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverUrl = process.env.TEST_DATABASE_URL;

function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function start(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function kill(child: ChildProcess, signal: NodeJS.Signals) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
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
  const json = (await res.json()) as Record<string, any>;
  return { status: res.status, json };
}

async function crashRun(env: Record<string, string>) {
  let { child, base } = await start(env);
  const token = (
    await call(base, 'POST', '/api/auth/signin', { phoneNumber: ADMIN.phone, password: ADMIN.password })
  ).json.token as string;
  const customer = (
    await call(base, 'POST', '/api/customer', { name: 'عميل الانهيار', phoneNumber: '0558880000' }, token)
  ).json;
  const service = (await call(base, 'POST', '/api/service', { name: 'خدمة الانهيار', price: '10000' }, token))
    .json;
  const order = (
    await call(
      base,
      'POST',
      '/api/order',
      { customer: customer._id, items: [{ service: service._id, quantity: 100, unitPrice: '10000' }] },
      token,
    )
  ).json;
  const method = (await call(base, 'GET', '/api/paymentMethod?limit=1', undefined, token)).json.data[0];

  const acknowledged = { customers: [] as string[], payments: [] as { _id: string; number: number }[] };
  let stop = false;
  const writer = async (kind: 'customer' | 'payment', worker: number) => {
    for (let i = 0; !stop; i++) {
      try {
        if (kind === 'customer') {
          const phone = `05${String(60_000_000 + worker * 100_000 + i).padStart(8, '0')}`;
          const r = await call(
            base,
            'POST',
            '/api/customer',
            { name: `عميل ${worker}-${i}`, phoneNumber: phone },
            token,
          );
          if (r.status === 201) acknowledged.customers.push(r.json._id);
        } else {
          const r = await call(
            base,
            'POST',
            '/api/payment',
            { order: order._id, amount: '1.00', paymentMethod: method._id },
            token,
          );
          if (r.status === 201) acknowledged.payments.push({ _id: r.json._id, number: r.json.number });
        }
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = [writer('customer', 1), writer('customer', 2), writer('payment', 3), writer('payment', 4)];
  await new Promise((r) => setTimeout(r, 1500));
  await kill(child, 'SIGKILL');
  stop = true;
  await Promise.all(writers);

  ({ child, base } = await start(env));
  try {
    const token2 = (
      await call(base, 'POST', '/api/auth/signin', { phoneNumber: ADMIN.phone, password: ADMIN.password })
    ).json.token as string;
    for (const id of acknowledged.customers) {
      expect(
        (await call(base, 'GET', `/api/customer/${id}`, undefined, token2)).status,
        `customer ${id}`,
      ).toBe(200);
    }
    const payments = (
      await call(
        base,
        'GET',
        `/api/payment?order=${order._id}&limit=0&fields=number,amount,status`,
        undefined,
        token2,
      )
    ).json.data as { number: number; amount: string }[];
    const numbers = payments.map((p) => p.number).sort((a, b) => a - b);
    for (const p of acknowledged.payments) expect(numbers).toContain(p.number);
    // Gap-free: 1 … n with nothing missing.
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    // The order agrees with its payments: nothing half-written.
    const after = (await call(base, 'GET', `/api/order/${order._id}`, undefined, token2)).json;
    const claimed = payments.length * 100;
    expect(Math.round(Number(after.total) * 100) - Math.round(Number(after.balance) * 100)).toBe(claimed);
    return { customers: acknowledged.customers.length, payments: acknowledged.payments.length };
  } finally {
    await kill(child, 'SIGTERM');
  }
}

describe('crash safety (SIGKILL during writes, then restart)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'idara-crash-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write on the embedded database', async () => {
    const counts = await crashRun({ DATA_DIR: dataDir, DATABASE_URL: '' });
    console.info(
      `crash: ${counts.customers} customers and ${counts.payments} payments acknowledged before SIGKILL`,
    );
    expect(counts.customers + counts.payments).toBeGreaterThan(5);
  }, 120_000);

  it.skipIf(!serverUrl)(
    'keeps every acknowledged write on PostgreSQL',
    async () => {
      const name = `idara_crash_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      try {
        const counts = await crashRun({ DATABASE_URL: url.toString() });
        console.info(
          `crash: ${counts.customers} customers and ${counts.payments} payments acknowledged before SIGKILL`,
        );
        expect(counts.customers + counts.payments).toBeGreaterThan(5);
      } finally {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      }
    },
    120_000,
  );
});
