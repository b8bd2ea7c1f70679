import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Tests that run real server processes: start, wait, call over HTTP, stop; PostgreSQL databases. */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function freePort() {
  return new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * How long a server process may take to start (or to refuse to): a hang still fails, and a slow
 * shared machine (two busy cores, a nested virtual machine) still passes.
 */
export const SERVER_START_MS = 180_000;

export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const healthy = (base: string) =>
  fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything it printed (stdout and stderr). */
  log: string[];
}

/** `apps/api/src/main.ts` as its own process on a free port; `wait` resolves once it is healthy. */
export async function spawnServer(
  env: Record<string, string | undefined>,
  wait = true,
): Promise<ServerProcess> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (d) => log.push(String(d)));
  const server = { child, port, base: `http://127.0.0.1:${port}`, log };
  if (wait) {
    await until(
      async () => {
        if (child.exitCode !== null)
          throw new Error(`server exited with ${child.exitCode}:\n${log.join('')}`);
        return healthy(server.base);
      },
      SERVER_START_MS,
      `the server on ${port}`,
    );
  }
  return server;
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A JSON call; `json` is whatever the API answered. */
export async function callJson(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

/** A GET whose body stays as sent (fetch would decode a compressed one). */
export function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * A new database on the PostgreSQL server at `serverUrl` (a copy of `template` when named); returns
 * its name, URL and a drop function that first lets the app's connections close.
 */
export async function createDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await untilDisconnected(c, name);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Waits (up to 5 s) until nobody is connected to database `name`: pool.end() resolves before its
 * connections have closed, and a template is copied, or a database dropped without an error on a
 * client nobody listens to any more, only once they have.
 */
export async function untilDisconnected(admin: pg.Client, name: string) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}
