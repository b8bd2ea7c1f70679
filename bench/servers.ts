/**
 * The two servers a ratio bench compares, each a process of its own: the built app as `npm run
 * serve` runs it, and the minimal Fastify baseline (bench/bare-server.ts) with the same runtime flags,
 * on the same database (PostgreSQL: the same one; embedded: a copy of the same directory, since one
 * PGlite directory opens in one process at a time).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/api/src/db/client';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { runtimeEnv, runtimeFlags } from '../scripts/runtime-flags.mjs';
import { startServer, stopServer } from '../scripts/server-process';
import type { BareRoute, BareServerConfig } from './bare-server';

const root = path.resolve(import.meta.dirname, '..');

export interface ServerUnderTest {
  port: number;
  pid: number;
  headers: Record<string, string>;
}

/**
 * A database for one bench, seeded with the admin: on PostgreSQL (BENCH_DATABASE_URL) its schemas
 * are dropped and migrated afresh — point it at a database of the bench's own — otherwise a new
 * embedded directory.
 */
export async function freshDatabase(prefix: string) {
  const url = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
    );
    await client.end();
  }
  const database = await openDatabase({ url, dataDir: url ? undefined : dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
  return { database, dataDir, url };
}

/**
 * BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile of its whole life there on exit
 * (`<dir>/stack`, `<dir>/bare`; summarise with bench/cpu-profile-summary.mjs).
 * BENCH_PERF_MAP=1: each server writes /tmp/perf-<pid>.map, the names of V8's generated code
 * (bench/callgrind-jit-names.mjs puts them into a callgrind dump).
 */
function profileEnv(side: string): Record<string, string> {
  const options = [
    ...(process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF, side)}`]
      : []),
    ...(process.env.BENCH_PERF_MAP ? ['--perf-basic-prof'] : []),
  ];
  return options.length ? { NODE_OPTIONS: options.join(' ') } : {};
}

/** A command a server runs under (valgrind), by side: `stack` or `bare`. */
export type ServerWrap = (side: 'stack' | 'bare') => string[];

async function startBare(config: BareServerConfig, wrap?: string[]) {
  // The heap and malloc settings `npm run serve` gives the app on the same database.
  const database = { DATABASE_URL: config.databaseUrl ?? '' };
  const flags = runtimeFlags(database);
  const env = { ...runtimeEnv({ ...process.env, ...database }), ...profileEnv('bare') };
  const node = [
    process.execPath,
    ...flags,
    '--import',
    'tsx',
    path.join(import.meta.dirname, 'bare-server.ts'),
    JSON.stringify(config),
  ];
  const [command, ...args] = [...(wrap ?? []), ...node];
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      const m = /listening (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}:\n${output}`)));
  });
  return { child, port };
}

/**
 * Closes the bench's own connection to `database` (an embedded directory opens in one process at a
 * time), then starts the app and the baseline serving `routes`, and signs the admin in on the app.
 * The seeded directory stays until the bench removes it (`removeData`).
 */
export async function startStackAndBare(
  seeded: { database: Database; dataDir: string; url?: string },
  routes: BareRoute[],
  wrap?: ServerWrap,
  bareOptions: Pick<BareServerConfig, 'sync'> = {},
) {
  // Each server's start-up runs VACUUM ANALYZE on its embedded directory (db/pglite-worker-client.ts)
  // before it serves. Done here first, natively, it leaves the directory as theirs would, and theirs
  // then finds the pages already all-visible: little left to do in WebAssembly under valgrind, where
  // the app once had not started within 15 minutes (docs/PERFORMANCE.md, instructions).
  if (!seeded.url) await seeded.database.analyze({ vacuum: true });
  await seeded.database.close();
  let bareDir: string | undefined;
  if (!seeded.url) {
    bareDir = `${seeded.dataDir}-bare`;
    fs.cpSync(seeded.dataDir, bareDir, { recursive: true });
  }
  // Under valgrind (the instruction bench) no scheduled backup: its first check, 10 minutes after
  // start, finds none and copies and gzips the whole directory, in the embedded database's worker,
  // for minutes under callgrind, through counted windows (2026-11-29 18:28–18:33 UTC): work of no
  // request, which the minimal server does not have.
  const stack = await startServer(
    seeded.dataDir,
    {
      ...(seeded.url ? { DATABASE_URL: seeded.url } : {}),
      ...(wrap ? { BACKUP_INTERVAL_HOURS: '0' } : {}),
      ...profileEnv('stack'),
    },
    undefined,
    wrap?.('stack'),
  );
  const bare = await startBare(
    { databaseUrl: seeded.url, dataDir: bareDir, routes, ...bareOptions },
    wrap?.('bare'),
  ).catch(async (err) => {
    await stopServer(stack.child);
    throw err;
  });
  const signin = await fetch(`http://127.0.0.1:${stack.port}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '0500000000', password: 'Admin@12345' }),
  });
  const { token } = (await signin.json()) as { token: string };
  return {
    stack: { port: stack.port, pid: stack.child.pid!, headers: { authorization: `Bearer ${token}` } },
    bare: { port: bare.port, pid: bare.child.pid!, headers: {} },
    async stop() {
      await stopServer(stack.child);
      await stopServer(bare.child);
      if (bareDir) fs.rmSync(bareDir, { recursive: true, force: true });
    },
  };
}

export const removeData = (seeded: { dataDir: string }) =>
  fs.rmSync(seeded.dataDir, { recursive: true, force: true });
