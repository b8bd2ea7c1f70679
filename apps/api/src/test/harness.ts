import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { settings } from '../db/schema';
import { createDatabase } from './processes';
import { ADMIN, migrateAndSeed, pgliteImage, postgresTemplate } from './seeded-database';
import { testSeller } from './test-seller';

export { ADMIN };

export interface TestAppOptions {
  realtime?: boolean;
  env?: Record<string, string>;
  webDist?: string;
  /** The embedded database in this directory instead of memory (ignored on PostgreSQL). */
  dataDir?: string;
  /** Every log line the app writes, at trace level (per-request lines included), goes here. */
  logLines?: string[];
  /** false: keep the seed's settings, which hold no seller data (a fresh installation). */
  seller?: boolean;
}

interface Started {
  app: FastifyInstance;
  database: Database;
  cleanup: () => Promise<void>;
}

/**
 * A real app on a real, empty, migrated and seeded database: in-memory PGlite by default, or a
 * fresh database on the PostgreSQL server named by TEST_DATABASE_URL (the CI database suite). In a
 * Vitest run the database is a copy of the run's seeded one (`seeded-database.ts`).
 */
export async function createTestApp(opts: TestAppOptions = {}) {
  const t = new TestApp();
  await t.start(opts);
  return t;
}

async function startApp(opts: TestAppOptions): Promise<Started> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  let seeded = false;
  if (serverUrl) {
    const template = postgresTemplate();
    const created = await createDatabase(serverUrl, 'idara_test', template);
    database = await openDatabase({ url: created.url });
    dropDatabase = created.drop;
    seeded = Boolean(template);
  } else {
    const image = opts.dataDir ? undefined : pgliteImage();
    database = await openDatabase({ dataDir: opts.dataDir, image });
    seeded = Boolean(image);
  }
  if (!seeded) await migrateAndSeed(database);
  if (opts.seller !== false) await database.db.update(settings).set({ ...testSeller, updatedAt: new Date() });
  // Backups (a route any admin-wide test may call) go to a directory of this app's own, not the repository.
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-test-backups-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: opts.logLines ? 'trace' : 'silent',
    ADMIN_PHONE: ADMIN.phone,
    ADMIN_PASSWORD: ADMIN.password,
    BACKUP_DIR: backupDir,
    BACKUP_INTERVAL_HOURS: '0',
    ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
    ...opts.env,
    ...(opts.webDist ? { WEB_DIST: opts.webDist } : {}),
  });
  const app = await buildApp({
    config,
    database,
    ...(opts.logLines
      ? { logStream: { write: (line: string) => void opts.logLines!.push(line) } }
      : { logger: false }),
    serveWeb: opts.webDist !== undefined,
    realtime: opts.realtime ?? false,
  });
  await app.ready();
  return {
    app,
    database,
    cleanup: async () => {
      await dropDatabase?.();
      fs.rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app under test and the calls tests make on it. `get`, `post`, `put` and `delete` send
 * `admin` unless a call names another token.
 */
export class TestApp {
  #started?: Started;
  /** The administrator's token once signed in (`useTestApp` signs in; a file may set it). */
  admin = '';

  /** Builds the app; `createTestApp` and `useTestApp` call it. */
  async start(opts: TestAppOptions = {}) {
    this.#started = await startApp(opts);
  }

  private get started() {
    if (!this.#started) throw new Error('the test app has not started (useTestApp starts it in beforeAll)');
    return this.#started;
  }

  get app() {
    return this.started.app;
  }

  get database() {
    return this.started.database;
  }

  get db() {
    return this.database.db;
  }

  inject(opts: InjectOptions & { token?: string }) {
    const { token, headers, ...rest } = opts;
    return this.app.inject({
      ...rest,
      headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  }

  // Arrow functions, so that a file may take them off the app: `const { get, post } = t`.
  get = (url: string, token = this.admin) => this.inject({ method: 'GET', url, token });

  /** Without a payload the request has no body. */
  post = (url: string, payload?: unknown, token = this.admin) =>
    this.inject({ method: 'POST', url, token, payload: payload as object });

  put = (url: string, payload?: unknown, token = this.admin) =>
    this.inject({ method: 'PUT', url, token, payload: payload as object });

  delete = (url: string, token = this.admin) => this.inject({ method: 'DELETE', url, token });

  async signIn(phoneNumber = ADMIN.phone, password = ADMIN.password, remoteAddress = '127.0.0.1') {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { phoneNumber, password },
      remoteAddress,
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return res.json() as { token: string; user: { _id: string; permissions: string[] } };
  }

  async adminToken() {
    return (await this.signIn()).token;
  }

  /** Creates a user through the API and signs them in. */
  async userWith(role: string, permissions?: string[], phone?: string) {
    const adminToken = await this.adminToken();
    const phoneNumber = phone ?? `05${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const res = await this.inject({
      method: 'POST',
      url: '/api/user',
      token: adminToken,
      payload: { name: `مستخدم ${role}`, phoneNumber, role, permissions, password: 'Passw0rd!x' },
    });
    if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
    const { token } = await this.signIn(phoneNumber, 'Passw0rd!x');
    return { token, user: res.json(), phoneNumber, password: 'Passw0rd!x' };
  }

  /** Waits until the work after answers and the reactions to events so far have finished. */
  async settled() {
    await this.app.afterReply.settled();
    await this.app.events.settled();
  }

  async close() {
    const started = this.#started;
    if (!started) return;
    this.#started = undefined;
    const mismatches = [...started.app.responseMismatches];
    await started.app.close();
    await started.database.close();
    await started.cleanup();
    // A route answered outside its response schema: the request already failed with a 500; this
    // fails the file too, in case the test that made it did not look at the status.
    if (mismatches.length > 0) throw new Error(`answers outside their schema:\n${mismatches.join('\n')}`);
  }
}

/** A multipart/form-data body with one file part (`name` is the form field). */
export function multipartFile(
  fileName: string,
  content: Buffer | string,
  contentType: string,
  name = 'file',
) {
  const boundary = '----idara-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
