import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../test/harness';
import {
  callJson,
  createDatabase,
  SERVER_START_MS,
  spawnServer,
  stopProcess,
  until,
} from '../test/processes';

/**
 * Crash safety: the server is killed with SIGKILL while customers and payments are being written,
 * then started again on the same data. Every write it acknowledged must be there, invoice numbers
 * must have no gap, and no order may disagree with its payments (no half-written command).
 * On the embedded database by default; on PostgreSQL too when TEST_DATABASE_URL is set.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

async function start(env: Record<string, string>) {
  const server = await spawnServer({ ...env, LOG_LEVEL: 'error' });
  return { child: server.child, base: server.base };
}

async function crashRun(env: Record<string, string>) {
  let { child, base } = await start(env);
  const token = (
    await callJson(base, 'POST', '/api/auth/signin', { phoneNumber: ADMIN.phone, password: ADMIN.password })
  ).json.token as string;
  const customer = (
    await callJson(base, 'POST', '/api/customer', { name: 'عميل الانهيار', phoneNumber: '0558880000' }, token)
  ).json;
  const service = (
    await callJson(base, 'POST', '/api/service', { name: 'خدمة الانهيار', price: '10000' }, token)
  ).json;
  const order = (
    await callJson(
      base,
      'POST',
      '/api/order',
      { customer: customer._id, items: [{ service: service._id, quantity: 100, unitPrice: '10000' }] },
      token,
    )
  ).json;
  const method = (await callJson(base, 'GET', '/api/paymentMethod?limit=1', undefined, token)).json.data[0];

  const acknowledged = { customers: [] as string[], payments: [] as { _id: string; number: number }[] };
  let stop = false;
  const writer = async (kind: 'customer' | 'payment', worker: number) => {
    for (let i = 0; !stop; i++) {
      try {
        if (kind === 'customer') {
          const phone = `05${String(60_000_000 + worker * 100_000 + i).padStart(8, '0')}`;
          const r = await callJson(
            base,
            'POST',
            '/api/customer',
            { name: `عميل ${worker}-${i}`, phoneNumber: phone },
            token,
          );
          if (r.status === 201) acknowledged.customers.push(r.json._id);
        } else {
          const r = await callJson(
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
  // Killed while the four writers are mid-request, once a few writes have been acknowledged
  // (however long a busy machine takes to get there).
  await until(() => acknowledged.customers.length + acknowledged.payments.length > 10, 60_000, 'ten writes');
  await stopProcess(child, 'SIGKILL');
  stop = true;
  await Promise.all(writers);

  ({ child, base } = await start(env));
  try {
    const token2 = (
      await callJson(base, 'POST', '/api/auth/signin', { phoneNumber: ADMIN.phone, password: ADMIN.password })
    ).json.token as string;
    for (const id of acknowledged.customers) {
      expect(
        (await callJson(base, 'GET', `/api/customer/${id}`, undefined, token2)).status,
        `customer ${id}`,
      ).toBe(200);
    }
    const payments = (
      await callJson(
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
    const after = (await callJson(base, 'GET', `/api/order/${order._id}`, undefined, token2)).json;
    const claimed = payments.length * 100;
    expect(Math.round(Number(after.total) * 100) - Math.round(Number(after.balance) * 100)).toBe(claimed);
    return { customers: acknowledged.customers.length, payments: acknowledged.payments.length };
  } finally {
    await stopProcess(child);
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

  // The embedded database's run belongs to the embedded suite (the database suite runs on PostgreSQL).
  it.skipIf(Boolean(serverUrl))(
    'keeps every acknowledged write on the embedded database',
    async () => {
      const counts = await crashRun({ DATA_DIR: dataDir, DATABASE_URL: '' });
      console.info(
        `crash: ${counts.customers} customers and ${counts.payments} payments acknowledged before SIGKILL`,
      );
      expect(counts.customers + counts.payments).toBeGreaterThan(5);
    },
    3 * SERVER_START_MS,
  );

  it.skipIf(!serverUrl)(
    'keeps every acknowledged write on PostgreSQL',
    async () => {
      const database = await createDatabase(serverUrl!, 'idara_crash');
      try {
        const counts = await crashRun({ DATABASE_URL: database.url });
        console.info(
          `crash: ${counts.customers} customers and ${counts.payments} payments acknowledged before SIGKILL`,
        );
        expect(counts.customers + counts.payments).toBeGreaterThan(5);
      } finally {
        await database.drop();
      }
    },
    3 * SERVER_START_MS,
  );
});
