import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { activity } from '../../db/schema';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';
import {
  callJson,
  createDatabase,
  SERVER_START_MS,
  spawnServer,
  stopProcess,
  until,
} from '../../test/processes';
import { findPgTool, runPgTool } from './pg-tools';

/**
 * Backups that restore: taken while writes go on, restored into a fresh directory (the embedded
 * database, with `npm run restore`) or a fresh database (PostgreSQL, with pg_restore), and every row
 * committed before the backup started is there, with the books consistent.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

function run(cmd: string, args: string[]) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(cmd, args, { cwd: repoRoot }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

let root: string;
let backupDir: string;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-backup-test-'));
  backupDir = path.join(root, 'backups');
  t = await createTestApp({
    dataDir: path.join(root, 'data'),
    env: { BACKUP_DIR: backupDir, BACKUP_KEEP: '3' },
  });
  admin = await t.adminToken();
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const post = (url: string, payload: unknown) => callInject('POST', url, payload);
async function callInject(method: 'POST' | 'GET', url: string, payload?: unknown) {
  const res = await t.inject({ method, url, token: admin, payload: payload as object });
  return { status: res.statusCode, json: res.json() };
}

/** Customers and payments written one after another until `stop()`; `acknowledged` holds what committed. */
async function startWriters() {
  const service = (await post('/api/service', { name: 'خدمة النسخ', price: '100.00' })).json;
  const customer = (await post('/api/customer', { name: 'عميل النسخ', phoneNumber: '0557770000' })).json;
  const order = (
    await post('/api/order', {
      customer: customer._id,
      items: [{ service: service._id, quantity: 1000, unitPrice: '100.00' }],
    })
  ).json;
  const method = (await callInject('GET', '/api/paymentMethod?limit=1')).json.data[0];
  const acknowledged = { customers: [] as string[], payments: [] as string[] };
  let stopped = false;
  const customerWriter = async () => {
    for (let i = 0; !stopped; i++) {
      const r = await post('/api/customer', {
        name: `عميل متزامن ${i}`,
        phoneNumber: `05${String(71_000_000 + i).padStart(8, '0')}`,
      });
      if (r.status === 201) acknowledged.customers.push(r.json._id);
    }
  };
  const paymentWriter = async () => {
    while (!stopped) {
      const r = await post('/api/payment', { order: order._id, amount: '1.00', paymentMethod: method._id });
      if (r.status === 201) acknowledged.payments.push(r.json._id);
    }
  };
  const writers = [customerWriter(), paymentWriter()];
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(writers);
    },
  };
}

/** Every id of `table` in a restored database, and whether each order's `paid` equals its payments. */
async function readRestored(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const ids = async (table: string) =>
    new Set((await query(`select id from ${table}`)).map((r) => String(r.id)));
  // An order's balance (its value after notes less its payments) moves in the transaction of each payment.
  const unbalanced = await query(
    `select o.id from orders o left join payments p on p.order_id = o.id and p.status <> 'rejected'
     group by o.id, o.total_halalas, o.adjusted_halalas, o.balance_halalas
     having o.total_halalas + o.adjusted_halalas - o.balance_halalas <> coalesce(sum(p.amount_halalas), 0)`,
  );
  return { customers: await ids('customers'), payments: await ids('payments'), unbalanced };
}

let restoredDir: string;

describe('backups', () => {
  it('a backup taken during writes restores with every row committed before it started', async () => {
    const writers = await startWriters();
    await until(() => writers.acknowledged.payments.length >= 5, 30_000, 'the first writes');
    const before = {
      customers: [...writers.acknowledged.customers],
      payments: [...writers.acknowledged.payments],
    };
    const res = await post('/api/backup', undefined);
    const afterCount = writers.acknowledged.customers.length + writers.acknowledged.payments.length;
    await writers.stop();
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    // The writes went on while the backup was taken.
    expect(afterCount).toBeGreaterThan(before.customers.length + before.payments.length);
    const { file, size, createdAt } = res.json;
    expect(path.isAbsolute(file)).toBe(true);
    expect(path.dirname(file)).toBe(backupDir);
    expect(fs.statSync(file).size).toBe(size);
    // Only the server's user may read it (every record and password hash is in it).
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(fs.statSync(backupDir).mode & 0o077).toBe(0);
    expect(Number.isNaN(Date.parse(createdAt))).toBe(false);

    let restored: Awaited<ReturnType<typeof readRestored>>;
    if (!serverUrl) {
      expect(file).toMatch(/\.tar\.gz$/);
      restoredDir = path.join(root, 'restored');
      const out = await run('npm', ['run', '--silent', 'restore', '--', file, restoredDir]);
      expect(out.code, out.output).toBe(0);
      expect(out.output).toContain(`DATA_DIR=${restoredDir} npm run serve`);
      const database = await openDatabase({ dataDir: restoredDir });
      try {
        restored = await readRestored(
          (text) => database.rawQuery(text, []) as Promise<Record<string, unknown>[]>,
        );
      } finally {
        await database.close();
      }
    } else {
      expect(file).toMatch(/\.dump$/);
      const fresh = await createDatabase(serverUrl, 'idara_restore');
      try {
        await runPgTool(findPgTool('pg_restore')!, ['--no-owner', '--exit-on-error', file], fresh.url);
        const client = new pg.Client({ connectionString: fresh.url });
        await client.connect();
        try {
          restored = await readRestored(async (text) => (await client.query(text)).rows);
        } finally {
          await client.end();
        }
      } finally {
        await fresh.drop();
      }
    }
    for (const id of before.customers) expect(restored.customers.has(id), `customer ${id}`).toBe(true);
    for (const id of before.payments) expect(restored.payments.has(id), `payment ${id}`).toBe(true);
    expect(restored.unbalanced).toEqual([]);
  }, 180_000);

  it.skipIf(Boolean(serverUrl))(
    'the restored directory is one the server starts on, with the records',
    async () => {
      const server = await spawnServer({
        DATA_DIR: restoredDir,
        BACKUP_DIR: path.join(root, 'restored-backups'),
      });
      try {
        const token = (
          await callJson(server.base, 'POST', '/api/auth/signin', {
            phoneNumber: ADMIN.phone,
            password: ADMIN.password,
          })
        ).json.token;
        const list = await callJson(server.base, 'GET', '/api/customer?search=عميل النسخ', undefined, token);
        expect(list.status).toBe(200);
        expect(list.json.data.map((c: { name: string }) => c.name)).toContain('عميل النسخ');
      } finally {
        await stopProcess(server.child);
      }
    },
    2 * SERVER_START_MS,
  );

  it.skipIf(Boolean(serverUrl))(
    'the restore refuses a directory that is not empty, and bad files',
    async () => {
      const [backup] = (await callInject('GET', '/api/backup')).json.data;
      const full = path.join(root, 'not-empty');
      fs.mkdirSync(full);
      fs.writeFileSync(path.join(full, 'keep.txt'), 'x');
      const refused = await run('npm', ['run', '--silent', 'restore', '--', backup.file, full]);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('المجلد ليس فارغاً');
      expect(fs.readdirSync(full)).toEqual(['keep.txt']);

      const notBackup = path.join(root, 'not-a-backup.tar.gz');
      fs.writeFileSync(notBackup, 'hello');
      const bad = await run('npm', ['run', '--silent', 'restore', '--', notBackup, path.join(root, 'bad')]);
      expect(bad.code).not.toBe(0);
      expect(bad.output).toContain('ليس نسخة احتياطية');
      expect(fs.existsSync(path.join(root, 'bad'))).toBe(false);
    },
    60_000,
  );

  it('writes atomically: the final name only ever shows a complete file', async () => {
    const seen: { name: string; size: number | null }[] = [];
    let sawTemp = false;
    const watcher = fs.watch(backupDir, (_event, name) => {
      if (!name) return;
      if (name.endsWith('.tmp')) sawTemp = true;
      if (!/^idara-/.test(name)) return;
      try {
        seen.push({ name, size: fs.statSync(path.join(backupDir, name)).size });
      } catch {
        seen.push({ name, size: null });
      }
    });
    try {
      const res = await post('/api/backup', undefined);
      expect(res.status).toBe(201);
      await until(() => seen.some((s) => s.name === res.json.name), 5_000, 'the watch event');
      expect(sawTemp).toBe(true);
      for (const s of seen.filter((x) => x.name === res.json.name && x.size !== null)) {
        expect(s.size).toBe(res.json.size);
      }
    } finally {
      watcher.close();
    }
  }, 60_000);

  it('keeps only the newest BACKUP_KEEP backups, and lists them newest first', async () => {
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await post('/api/backup', undefined)).json.file);
    const list = (await callInject('GET', '/api/backup')).json;
    expect(list.data.map((b: { file: string }) => b.file)).toEqual(made.slice(-3).reverse());
    expect(fs.readdirSync(backupDir).filter((n) => n.startsWith('idara-'))).toHaveLength(3);
    expect(list.lastSuccessAt).toBe(list.data[0].createdAt);
    expect(list.lastError).toBeNull();
    expect(list.keep).toBe(3);
  }, 120_000);

  it('logs every backup in the activity log', async () => {
    const rows = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.entity, 'backup'), eq(activity.action, 'create')));
    expect(rows.length).toBe(6);
    expect(rows.every((r) => r.actorName === 'مدير النظام' && r.entityId?.startsWith('idara-'))).toBe(true);
  });

  it('only administrators take or list backups', async () => {
    const manager = await t.userWith('manager');
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.inject({ method, url: '/api/backup', token: manager.token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/صلاحية/);
    }
    expect((await t.inject({ method: 'POST', url: '/api/backup' })).statusCode).toBe(401);
  });
});

describe('BACKUP_DIR', () => {
  it('defaults to `backups` beside DATA_DIR and may not be inside it', () => {
    expect(loadConfig({ DATA_DIR: '/srv/idara/data' }).backupDir).toBe('/srv/idara/backups');
    expect(loadConfig({ DATA_DIR: '/srv/idara/data', BACKUP_DIR: '/srv/idara/data-copies' }).backupDir).toBe(
      '/srv/idara/data-copies',
    );
    for (const inside of ['/srv/idara/data', '/srv/idara/data/backups', '/srv/idara/data/../data/x']) {
      expect(() => loadConfig({ DATA_DIR: '/srv/idara/data', BACKUP_DIR: inside })).toThrow(/BACKUP_DIR/);
    }
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: '-1' })).toThrow(/BACKUP_INTERVAL_HOURS/);
  });
});

describe('a backup that fails', () => {
  it('answers in Arabic, is remembered and reported, and is in the activity log', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-backup-fail-'));
    const blocked = path.join(dir, 'not-a-directory');
    fs.writeFileSync(blocked, 'x');
    const app = await createTestApp({ env: { BACKUP_DIR: blocked } });
    try {
      const token = await app.adminToken();
      const res = await app.inject({ method: 'POST', url: '/api/backup', token });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).not.toBe(500);
      expect(res.json().message).toBe('مسار مجلد النسخ الاحتياطية ليس مجلداً');
      const list = (await app.inject({ method: 'GET', url: '/api/backup', token })).json();
      expect(list.data).toEqual([]);
      expect(list.lastError.message).toBe('مسار مجلد النسخ الاحتياطية ليس مجلداً');
      expect(list.lastSuccessAt).toBeNull();
      const [row] = await app.db.select().from(activity).where(eq(activity.action, 'backup_failed'));
      expect(row.entity).toBe('backup');
      expect(row.summary).toContain('ليس مجلداً');
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the schedule', () => {
  it('takes backups by itself every BACKUP_INTERVAL_HOURS', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-backup-schedule-'));
    // 0.0005 h = 1.8 s
    const app = await createTestApp({ env: { BACKUP_DIR: dir, BACKUP_INTERVAL_HOURS: '0.0005' } });
    try {
      const token = await app.adminToken();
      const list = async () => (await app.inject({ method: 'GET', url: '/api/backup', token })).json();
      const logged = () => app.db.select().from(activity).where(eq(activity.entity, 'backup'));
      // A backup's file is listed a moment before its activity row is written: wait for both.
      await until(
        async () => (await list()).data.length >= 2 && (await logged()).length >= 2,
        60_000,
        'two scheduled backups, listed and logged',
      );
      const rows = await logged();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.every((r) => r.actor === null && r.actorName === 'النسخ الاحتياطي المجدول')).toBe(true);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it.skipIf(!serverUrl)(
    'runs in one process at a time when several share PostgreSQL',
    async () => {
      const interval = 0.0005; // hours: 1.8 s
      const t1 = await createTestApp({ env: { BACKUP_INTERVAL_HOURS: String(interval) } });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-backup-second-'));
      const database = await openDatabase({ url: t1.database.url });
      const config = loadConfig({
        NODE_ENV: 'test',
        BACKUP_DIR: dir,
        BACKUP_INTERVAL_HOURS: String(interval),
      });
      const second = await buildApp({ config, database, logger: false, serveWeb: false, realtime: false });
      await second.ready();
      try {
        const rows = () =>
          t1.db
            .select({ at: activity.createdAt })
            .from(activity)
            .where(and(eq(activity.entity, 'backup'), eq(activity.action, 'create')))
            .orderBy(activity.createdAt);
        await until(async () => (await rows()).length >= 4, 60_000, 'four scheduled backups');
        const times = (await rows()).map((r) => new Date(r.at).getTime());
        // Both processes check every interval; the lock and the check under it keep them an interval apart.
        for (let i = 1; i < times.length; i++) {
          expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(interval * 3600_000 * 0.98);
        }
      } finally {
        await second.close();
        await database.close();
        await t1.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
