/**
 * How cost grows (issue 26): the same requests against 100,000 and 1,000,000 customers and orders
 * on PostgreSQL — the customer list with a name search, the order list with filters, the dashboard,
 * and XLSX exports of 10,000 / 50,000 / 100,000 filtered customers. Each database is served by the
 * built server in its own process; the load comes from autocannon in another process. An empty
 * database is seeded first with `npm run seed:demo`.
 *
 * BENCH_SCALE_URLS=<100k url>,<1M url> (default: bench_scale_100k and bench_scale_1m on the shared
 * PostgreSQL), BENCH_SCALE_SIZES=100000,1000000, BENCH_SCALE_ROUNDS=5, BENCH_SECONDS=3 per window (the
 * dashboard's windows are four times as long: at 1M one call takes seconds).
 * BENCH_SCALE_ONLY=<text> measures only the requests whose name holds it, and no exports.
 * The cost of a request is its mean latency at a fixed 4 connections; the ratio is of the medians.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { startServer, stopServer } from '../scripts/server-process';
import { timeExport } from './export';
import type { BenchResult } from './harness';
import { scaleRequests } from './scale-requests';

const root = path.resolve(import.meta.dirname, '..');
const pgBase = 'postgres://postgres@127.0.0.1:25432';
const URLS = (process.env.BENCH_SCALE_URLS ?? `${pgBase}/bench_scale_100k,${pgBase}/bench_scale_1m`).split(
  ',',
);
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '100000,1000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ONLY = process.env.BENCH_SCALE_ONLY;
const CONNECTIONS = 4;
const EXPORT_ROWS = [10_000, 50_000, 100_000];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs: number[], digits = 0) =>
  `${Math.min(...xs).toFixed(digits)} / ${median(xs).toFixed(digits)} / ${Math.max(...xs).toFixed(digits)}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Seeds `url` with `size` customers and orders unless it already holds customers; otherwise brings
 * its schema up to date (new indexes build here, not in the server's start-up) and its statistics.
 */
export async function prepare(url: string, size: number) {
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const [{ n }] = (await database.rawQuery('select count(*)::int as n from customers', [])) as {
      n: number;
    }[];
    if (n > 0) {
      await database.rawQuery('vacuum analyze', []);
      return `${n.toLocaleString('en')} customers already there`;
    }
  } finally {
    await database.close();
  }
  const started = performance.now();
  const run = spawnSync(
    'npm',
    ['run', 'seed:demo', '--', '--customers', String(size), '--orders', String(size)],
    { cwd: root, env: { ...process.env, DATABASE_URL: url }, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`seeding ${url} failed`);
  return `seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`;
}

async function signIn(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '0500000000', password: 'Admin@12345' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** One load window by autocannon in its own process: requests/s and latency percentiles. */
async function loadWindow(port: number, token: string, url: string, seconds: number) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(root, 'node_modules/autocannon/autocannon.js'),
      // A dashboard call at 1M takes seconds on a busy machine: past autocannon's 10 s timeout it
      // would count as an error.
      ...['-c', String(CONNECTIONS), '-d', String(seconds), '-t', '60', '-j'],
      ...['-H', `authorization=Bearer ${token}`],
      `http://127.0.0.1:${port}${url}`,
    ],
    { maxBuffer: 1 << 24 },
  );
  const r = JSON.parse(stdout);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  return {
    rps: (r.requests.total as number) / seconds,
    mean: r.latency.average as number,
    p50: r.latency.p50 as number,
  };
}

interface Side {
  size: number;
  port: number;
  token: string;
}

/** The requests measured, the same on both sides. */
function requests() {
  const { customerSearch, orderList } = scaleRequests();
  return [
    {
      name: 'GET /api/customer, search «احمد العتيبي», page of 20',
      url: `/api/customer?${new URLSearchParams(customerSearch)}`,
      goal: 1.5,
    },
    {
      name: 'GET /api/order, status completed + last 30 days + sort -createdAt, page of 20',
      url: `/api/order?${new URLSearchParams(orderList)}`,
      goal: 1.5,
    },
    { name: 'GET /api/dashboard', url: '/api/dashboard', goal: 3, seconds: 4 * SECONDS },
  ];
}

async function throughputRatios(small: Side, large: Side): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const request of requests().filter((r) => !ONLY || r.name.includes(ONLY))) {
    type Sample = Awaited<ReturnType<typeof loadWindow>>;
    const samples: Record<'small' | 'large', Sample[]> = { small: [], large: [] };
    // One short warm-up window each (plans, page cache), then interleaved rounds, each side first in turn.
    await loadWindow(small.port, small.token, request.url, SECONDS);
    await loadWindow(large.port, large.token, request.url, SECONDS);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? (['large', 'small'] as const) : (['small', 'large'] as const);
      for (const side of order) {
        const s = side === 'small' ? small : large;
        samples[side].push(await loadWindow(s.port, s.token, request.url, request.seconds ?? SECONDS));
      }
    }
    const rps = (side: 'small' | 'large') => samples[side].map((x) => x.rps);
    const mean = (side: 'small' | 'large') => samples[side].map((x) => x.mean);
    const ratio = median(mean('large')) / median(mean('small'));
    results.push({
      name: `${request.name}: cost at ${large.size.toLocaleString('en')} vs ${small.size.toLocaleString('en')}`,
      measured: `mean ${spread(mean('large'), 1)} ms, ${spread(rps('large'), 1)} req/s`,
      baseline: `mean ${spread(mean('small'), 1)} ms, ${spread(rps('small'), 1)} req/s`,
      ratio,
      goal: `≤ ${request.goal.toFixed(2)}`,
      met: ratio <= request.goal,
    });
    console.log(results.at(-1));
  }
  return results;
}

/** The createdAt window holding about `rows` of the newest customers, and how many it holds exactly. */
async function exportWindow(url: string, port: number, token: string, rows: number) {
  const client = new pg.Client(url);
  await client.connect();
  const { rows: found } = await client.query<{ at: Date }>(
    'select created_at as at from customers order by created_at desc offset $1 limit 1',
    [rows - 1],
  );
  await client.end();
  const from = found[0] ? day(found[0].at) : '2000-01-01';
  const query = `createdAtFrom=${from}&createdAtTo=${day(new Date())}`;
  const res = await fetch(`http://127.0.0.1:${port}/api/customer?page=1&limit=1&${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { total } = (await res.json()) as { total: number };
  return { query, total };
}

/**
 * XLSX exports of about 10k, 50k and 100k customers filtered by date, each by a fresh server so its
 * peak resident memory (VmHWM) is that export's (start-up included).
 */
async function exportGrowth(url: string, size: number): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const perRow: number[] = [];
  for (const rows of EXPORT_ROWS) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-scale-'));
    const server = await startServer(dataDir, { DATABASE_URL: url });
    try {
      const token = await signIn(server.port);
      const window = await exportWindow(url, server.port, token, rows);
      const idle = server.rssMb();
      const xlsx = await timeExport(server.port, token, `/api/customer/export?fileType=xlsx&${window.query}`);
      const peak = server.peakRssMb();
      perRow.push((xlsx.seconds * 1e6) / window.total);
      results.push({
        name: `XLSX export of ${window.total.toLocaleString('en')} customers filtered by date, out of ${size.toLocaleString('en')}`,
        measured: `${xlsx.seconds.toFixed(1)} s (${((xlsx.seconds * 1e6) / window.total).toFixed(0)} µs/row), ${(xlsx.bytes / 1e6).toFixed(1)} MB, peak RSS ${peak.toFixed(0)} MB`,
        baseline: `idle RSS ${idle.toFixed(0)} MB; 300 MB budget`,
        ratio: peak / 300,
        goal: '≤ 1.00',
        met: peak <= 300,
      });
      console.log(results.at(-1));
    } finally {
      await stopServer(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const linear = Math.max(...perRow) / Math.min(...perRow);
  results.push({
    name: `XLSX export time per row, ${EXPORT_ROWS.map((n) => n / 1000).join(' / ')}k rows out of ${size.toLocaleString('en')} (max/min)`,
    measured: perRow.map((x) => `${x.toFixed(0)} µs`).join(' / '),
    baseline: 'linear: the same per row',
    ratio: linear,
    goal: '≤ 1.50',
    met: linear <= 1.5,
  });
  return results;
}

export async function scaleBenches(): Promise<BenchResult[]> {
  const sides: Side[] = [];
  const servers = [];
  try {
    for (const [i, url] of URLS.entries()) {
      console.log(`scale: ${url}: ${await prepare(url, SIZES[i])}`);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-scale-'));
      const server = await startServer(dataDir, { DATABASE_URL: url });
      servers.push({ server, dataDir });
      sides.push({ size: SIZES[i], port: server.port, token: await signIn(server.port) });
    }
    const results = await throughputRatios(sides[0], sides[1]);
    for (const { server, dataDir } of servers.splice(0)) {
      await stopServer(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    if (!ONLY) for (const [i, url] of URLS.entries()) results.push(...(await exportGrowth(url, SIZES[i])));
    return results;
  } finally {
    for (const { server, dataDir } of servers) {
      await stopServer(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
