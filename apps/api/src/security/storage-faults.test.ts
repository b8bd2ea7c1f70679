import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../test/harness';
import {
  callJson,
  createDatabase,
  SERVER_START_MS,
  type ServerProcess,
  spawnServer,
  stopProcess,
  until,
} from '../test/processes';

/**
 * A full disk and an unusable DATA_DIR, for real: small tmpfs file systems mounted for the test
 * (the test machines and CI run as root), a real server process on them, the disk filled with a
 * file until the kernel says ENOSPC, then freed again.
 * - embedded database: writes answer 507 «مساحة التخزين ممتلئة», health 503 `storage: 'full'`,
 *   reads keep working, and both recover once space is freed;
 * - PostgreSQL (database suite): the test database lives in a tablespace on such a file system;
 * - DATA_DIR a file, under a file, read-only or full: a clear message and exit code 2 at once.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const mounts: string[] = [];
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

function mountTmpfs(size: string, extra = ''): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${extra}`, 'tmpfs', dir], { stdio: 'pipe' });
  mounts.push(dir);
  return dir;
}

/** Whether this machine lets the test mount a file system (root, not a locked-down container). */
const mountProblem = (() => {
  try {
    const dir = mountTmpfs('1m');
    execFileSync('umount', [dir]);
    mounts.pop();
    fs.rmdirSync(dir);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
})();
if (mountProblem) console.warn(`storage-faults skipped: cannot mount a tmpfs here (${mountProblem})`);

/** Writes a file until the file system is full; returns its path (remove it to free the space). */
function fill(dir: string) {
  const file = path.join(dir, 'filler');
  const fd = fs.openSync(file, 'w');
  try {
    for (const chunk of [Buffer.alloc(1024 * 1024, 1), Buffer.alloc(4096, 1), Buffer.alloc(64, 1)]) {
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  expect(fs.statfsSync(dir).bavail).toBe(0);
  return file;
}

async function start(env: Record<string, string>, wait = true) {
  const server = await spawnServer(
    { ADMIN_PHONE: ADMIN.phone, ADMIN_PASSWORD: ADMIN.password, ...env },
    wait,
  );
  children.push(server.child);
  return server;
}

const health = async (base: string) => {
  const res = await fetch(`${base}/api/health`);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

afterAll(async () => {
  await Promise.all(children.map((c) => stopProcess(c, 'SIGKILL')));
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  for (const dir of mounts) {
    try {
      execFileSync('umount', ['-l', dir]);
      fs.rmdirSync(dir);
    } catch {}
  }
}, 60_000);

/** Fills the disk under a running server, checks the answers, frees it, checks the recovery. */
async function fullDiskRoundTrip(server: ServerProcess, disk: string, database: 'pglite' | 'postgres') {
  const token = (
    await callJson(server.base, 'POST', '/api/auth/signin', {
      phoneNumber: ADMIN.phone,
      password: ADMIN.password,
    })
  ).json.token as string;
  const customer = (i: number) => ({
    name: `عميل ${i} ${'س'.repeat(100)}`,
    phoneNumber: `0551${String(i).padStart(6, '0')}`,
    notes: 'ن'.repeat(1500),
  });
  expect((await callJson(server.base, 'POST', '/api/customer', customer(0), token)).status).toBe(201);
  expect(await health(server.base)).toEqual({ status: 200, json: { status: 'ok', database } });

  const filler = fill(disk);
  // Enough rows to need a new page of the table, its indexes and the activity log.
  const refused: number[] = [];
  for (let i = 1; i <= 40; i++) {
    const res = await callJson(server.base, 'POST', '/api/customer', customer(i), token);
    expect(res.status, JSON.stringify(res.json)).not.toBe(500);
    if (res.status !== 201) {
      expect(res.status).toBe(507);
      expect(res.json.message).toContain('مساحة التخزين ممتلئة');
      refused.push(i);
    }
  }
  expect(refused.length).toBeGreaterThan(0);
  const degraded = await health(server.base);
  expect(degraded.status).toBe(503);
  expect(degraded.json).toMatchObject({ status: 'degraded', database, storage: 'full' });
  expect(String(degraded.json.message)).toContain('مساحة التخزين ممتلئة');
  // Reads still work, and nothing refused was written.
  const list = await callJson(
    server.base,
    'GET',
    '/api/customer?limit=0&fields=phoneNumber',
    undefined,
    token,
  );
  expect(list.status).toBe(200);
  const phones = new Set((list.json.data as { phoneNumber: string }[]).map((c) => c.phoneNumber));
  for (const i of refused) expect(phones.has(`+9665${customer(i).phoneNumber.slice(2)}`)).toBe(false);

  fs.rmSync(filler);
  const again = await callJson(server.base, 'POST', '/api/customer', customer(100), token);
  expect(again.status, JSON.stringify(again.json)).toBe(201);
  await until(async () => (await health(server.base)).status === 200, 10_000, 'health back to ok');
  expect((await health(server.base)).json).toEqual({ status: 'ok', database });
}

describe.skipIf(mountProblem !== null)('a full disk', () => {
  // The embedded database's tests run in the embedded suite only (the database suite runs on PostgreSQL).
  it.skipIf(Boolean(serverUrl))(
    'embedded database: 507 in Arabic on writes, health 503 storage full, recovery when freed',
    async () => {
      const disk = mountTmpfs('96m');
      const server = await start({ DATA_DIR: path.join(disk, 'data') });
      await fullDiskRoundTrip(server, disk, 'pglite');
    },
    240_000,
  );

  it.skipIf(!serverUrl)(
    'PostgreSQL: a database in a tablespace on a full disk answers the same',
    async () => {
      const disk = mountTmpfs('64m');
      const tablespaceDir = path.join(disk, 'ts');
      fs.mkdirSync(tablespaceDir);
      execFileSync('chown', ['postgres', tablespaceDir]);
      const name = `idara_full_${process.pid}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE TABLESPACE ${name} LOCATION '${tablespaceDir}'`);
      const database = await createDatabase(serverUrl!, 'idara_full');
      const dbName = new URL(database.url).pathname.slice(1);
      await admin.query(`ALTER DATABASE ${dbName} SET TABLESPACE ${name}`);
      cleanups.push(async () => {
        await database.drop();
        await admin.query(`DROP TABLESPACE IF EXISTS ${name}`);
        await admin.end();
      });
      const server = await start({ DATABASE_URL: database.url });
      await fullDiskRoundTrip(server, disk, 'postgres');
    },
    240_000,
  );
});

describe.skipIf(Boolean(serverUrl))('an unusable DATA_DIR', () => {
  async function expectRefusal(dataDir: string, words: RegExp) {
    const server = await start({ DATA_DIR: dataDir }, false);
    await until(() => server.child.exitCode !== null, SERVER_START_MS, 'the server to exit');
    const log = server.log.join('');
    expect(server.child.exitCode, log).toBe(2);
    expect(log).toContain('DATA_DIR');
    expect(log).toMatch(words);
    expect(log).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }

  it(
    'a file, or a path under a file: a clear message and exit code 2',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-datadir-'));
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, 'not-a-directory');
      fs.writeFileSync(file, 'x');
      await expectRefusal(file, /ليس مجلداً.*not a directory/);
      await expectRefusal(path.join(file, 'data'), /ليس مجلداً.*not a directory/);
    },
    2 * SERVER_START_MS,
  );

  it.skipIf(mountProblem !== null)(
    'read-only or full: a clear message and exit code 2',
    async () => {
      const readOnly = mountTmpfs('1m', ',ro');
      await expectRefusal(readOnly, /لا يمكن الكتابة.*not writable/);
      await expectRefusal(path.join(readOnly, 'data'), /تعذّر إنشاء المجلد.*cannot be created/);
      const full = mountTmpfs('1m');
      fs.mkdirSync(path.join(full, 'data'));
      fill(full);
      await expectRefusal(path.join(full, 'data'), /ممتلئة.*full/);
    },
    3 * SERVER_START_MS,
  );
});
