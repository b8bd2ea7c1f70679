/**
 * `BENCH_ONLY=instructions`: the stack against the minimal server (bench/bare-server.ts) in
 * instructions per request, each server under valgrind's callgrind (bench/callgrind.ts). CPU time on
 * these shared, virtualised machines moves with the host's load; an instruction count does not.
 *
 * For each request: both servers must first answer the same JSON; then, on each server, `warm-up`
 * requests (JIT, plan and page caches), then BENCH_INSTR_REPEATS (3) times: counters zeroed, N
 * requests one after another on one keep-alive connection, dump; zeroed again, 2N requests, dump.
 * Per request = the median of the (I(2N) − I(N)) / N: whatever a window costs apart from its
 * requests (vgdb's own visit, timers that fire once a window) falls out. I is the main thread's
 * count, where requests are served; the whole process's is printed beside it but is not usable (see
 * bench/callgrind.ts). On PostgreSQL its server is a process of its own, on neither side; on the
 * embedded database PGlite runs on a worker thread of each server's process, where each request's
 * SQL runs: I is then the main thread's count plus that thread's, both printed apart too.
 *
 * The user and customer lists (the data of bench/user-list.ts and bench/customer-list.ts, one
 * database), then the dispatch board's week and the visit list's first page against the statements
 * bench/visits.ts writes out (a database of their own), then a technician's sync push and pull
 * against the same work written out (bench/instructions-sync.ts; PostgreSQL only).
 * BENCH_INSTR_ONLY=lists,visits,sync picks some.
 *
 * BENCH_INSTR_N (lists 30, board 5 — the week is 2,000 rows), BENCH_INSTR_WARMUP (lists 150, board
 * 15), BENCH_INSTR_BOARD_N and BENCH_INSTR_BOARD_WARMUP (the board's alone), BENCH_INSTR_REPEATS
 * (3), BENCH_INSTR_IDLE_SECONDS (10: a window without requests, to print
 * the main thread's work per second of wall time), BENCH_CALLGRIND_DIR=<dir> keeps the dumps (for
 * callgrind_annotate) instead of a temporary one. BENCH_INSTR_ENCODING=<accept-encoding> is the
 * header sent with every counted request, to both servers: `identity` by default, so both answer
 * the same bytes uncompressed — the minimal server has no compression, and fetch's own `gzip,
 * deflate` had the app alone compress (answers above 1,400 bytes): work the other side never did.
 * `gzip, deflate` or `br` counts what compression adds to the app's answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../apps/api/src/db/client';
import { customerResource } from '../apps/api/src/modules/customer/resource';
import { userResource } from '../apps/api/src/modules/user/resource';
import type { BareRoute } from './bare-server';
import { type CallgrindDump, callgrindCounter, callgrindWrap, ensureValgrind } from './callgrind';
import { seedCustomerList } from './customer-list';
import { answerOf, type BenchResult, bareListRoute } from './harness';
import { syncCases } from './instructions-sync';
import { freshDatabase, removeData, type ServerUnderTest, startStackAndBare } from './servers';
import { seedUsers, USER_LIST_QUERY } from './user-list';
import { CONTRACTS, CUSTOMERS, queryCases } from './visits';
import { seedPlannedVisits } from './visits-seed';

export interface InstructionCase {
  name: string;
  /** A GET case: the app's URL and the minimal server's (its route runs the same SQL). */
  stackUrl?: string;
  bareUrl?: string;
  /** Any other case: `count` units of its work asked of one side (the URLs' GETs otherwise). */
  run?: (server: ServerUnderTest, side: Side, count: number) => Promise<void>;
  /** Before counting, once both servers run: what the case needs, and the check that both do the same. */
  before?: (servers: { stack: ServerUnderTest; bare: ServerUnderTest }) => Promise<void>;
  /** What one unit of N is when it is not one request: its name and how many requests it makes. */
  unit?: { name: string; requests: number };
  n: number;
  warmUp: number;
  /** The least minimal ÷ stack that meets the goal. */
  goal: number;
}

export type Side = 'stack' | 'bare';

const envNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const LIST_N = envNumber('BENCH_INSTR_N') ?? 30;
const LIST_WARMUP = envNumber('BENCH_INSTR_WARMUP') ?? 150;
const BOARD_N = envNumber('BENCH_INSTR_BOARD_N') ?? envNumber('BENCH_INSTR_N') ?? 5;
const BOARD_WARMUP = envNumber('BENCH_INSTR_BOARD_WARMUP') ?? envNumber('BENCH_INSTR_WARMUP') ?? 15;
export const REPEATS = envNumber('BENCH_INSTR_REPEATS') ?? 3;
const IDLE_SECONDS = envNumber('BENCH_INSTR_IDLE_SECONDS') ?? 10;
const ENCODING = process.env.BENCH_INSTR_ENCODING || 'identity';
/** The visits bench's goal (app ≤ 1.5 × the bare route), as minimal ÷ stack. */
const VISIT_GOAL = 1 / 1.5;

const millions = (x: number) => `${(x / 1e6).toFixed(2)} M`;

/** The header sent with every counted request, to both servers (BENCH_INSTR_ENCODING). */
export const acceptEncoding = (): Record<string, string> => (ENCODING ? { 'accept-encoding': ENCODING } : {});

async function requests(server: ServerUnderTest, url: string, n: number) {
  const headers = { ...server.headers, ...acceptEncoding() };
  for (let i = 0; i < n; i++) {
    const res = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Instructions per request of `url` on one server, after the warm-up: `REPEATS` times a window of N
 * requests and one of 2N, each (I(2N) − I(N)) / N; the median of those, so that a compile or a
 * marking cycle falling in one window shows as an outlier instead of being taken as the answer.
 * Counted for the main thread (what is reported) and for the whole process (printed beside it, not
 * usable: background threads' work does not cancel between windows).
 */
/** Main-thread instructions a second under which a server counts as quiet (idle lists: 0.04–0.33 M). */
const QUIET_PER_SECOND = 2e6;
const SETTLE_LIMIT_MS = 15 * 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server's main thread (and on the embedded database its database worker) is quiet
 * without requests. The app's minute tick
 * (lib/minute-tick.ts, first a minute after it is ready) sends the contracts-and-visits notices for
 * the whole visits database at once (contract renewals, tomorrow's visits): under callgrind that ran
 * through every counted window (2026-11-29 16:26 UTC), work at a pace per second of wall time, which
 * a window and one twice as long do not cancel. So: the first tick's minute, then windows of 5 s
 * (each a dump) until one does less than QUIET_PER_SECOND, for at most SETTLE_LIMIT_MS.
 */
async function settle(counter: ReturnType<typeof callgrindCounter>, side: string, readyAt: number) {
  const start = performance.now();
  await sleep(Math.max(0, readyAt + 65_000 - start));
  for (;;) {
    const t = performance.now();
    counter.zero();
    await sleep(5000);
    const d = counter.dump();
    const seconds = (performance.now() - t) / 1000;
    // And the Node workers (on the embedded database, the database's): the app's background work
    // there (its first backup and ANALYZE, 10 minutes after start) ran while the main thread waited,
    // quiet (2026-11-29 18:31 UTC), some of it with no WebAssembly to name the thread by.
    const rate = (d.main + d.nodeWorkersTotal) / seconds;
    const what = d.nodeWorkersTotal ? 'main thread + Node workers' : 'main thread';
    const waited = ((performance.now() - start) / 1000).toFixed(0);
    if (rate < QUIET_PER_SECOND) {
      console.log(`  ${side}: ${what} quiet (${millions(rate)} a second) after ${waited} s`);
      return;
    }
    if (performance.now() - start > SETTLE_LIMIT_MS) {
      console.log(
        `  ${side}: ${what} still busy (${millions(rate)} a second) after ${waited} s: counting anyway`,
      );
      return;
    }
    console.log(`  ${side}: ${what} busy without requests (${millions(rate)} a second), waiting`);
  }
}

async function perRequest(
  server: ServerUnderTest,
  side: Side,
  dir: string,
  c: InstructionCase,
  readyAt: number,
  embedded = false,
) {
  // On the embedded database each server's SQL runs in PGlite's worker thread: what is counted is the
  // main thread and that thread (on PostgreSQL, the main thread: its server is on neither side).
  const counter = callgrindCounter(dir, side, server.pid, { databaseWorker: embedded });
  const counted = (d: CallgrindDump) => d.main + (embedded ? d.databaseWorker! : 0);
  const url = side === 'stack' ? c.stackUrl : c.bareUrl;
  const work = (count: number) => (c.run ? c.run(server, side, count) : requests(server, url!, count));
  await work(c.warmUp);
  await settle(counter, side, readyAt);
  const windows: {
    once: CallgrindDump;
    twice: CallgrindDump;
    counted: number;
    main: number;
    worker: number;
    process: number;
    secondsPerRequest: number;
  }[] = [];
  for (let r = 0; r < REPEATS; r++) {
    // Each window's wall time is printed: work done per second rather than per request (timers,
    // the app's 3-second session cache) scales with it under callgrind's slowdown.
    let t = performance.now();
    counter.zero();
    await work(c.n);
    const once = counter.dump(true);
    const onceSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    counter.zero();
    await work(2 * c.n);
    const twice = counter.dump(true);
    const twiceSeconds = (performance.now() - t) / 1000;
    const w = {
      once,
      twice,
      counted: (counted(twice) - counted(once)) / c.n,
      main: (twice.main - once.main) / c.n,
      worker: embedded ? (twice.databaseWorker! - once.databaseWorker!) / c.n : 0,
      process: (twice.process - once.process) / c.n,
      secondsPerRequest: (twiceSeconds - onceSeconds) / c.n,
    };
    windows.push(w);
    console.log(
      `  ${side} #${r + 1}: main thread I(${c.n}) ${millions(once.main)} in ${onceSeconds.toFixed(1)} s, I(${2 * c.n}) ${millions(twice.main)} in ${twiceSeconds.toFixed(1)} s → ${millions(w.main)} ${unitName(c)}; whole process (${twice.threads} threads, not usable) ${millions(once.process)}, ${millions(twice.process)} → ${millions(w.process)} (${path.basename(twice.mainFile)})`,
    );
    if (embedded)
      console.log(
        `  ${side} #${r + 1}: database worker I(${c.n}) ${millions(once.databaseWorker!)}, I(${2 * c.n}) ${millions(twice.databaseWorker!)} → ${millions(w.worker)} a request (${path.basename(twice.databaseWorkerFile!)}; other Node workers, not counted: ${twice.otherNodeWorkers}); main + worker ${millions(w.counted)} a request`,
      );
  }
  // What the main thread does with no request at all, per second of wall time (timers, pollers):
  // at callgrind's pace it would add this much to each request's difference. Printed, not taken
  // out: work per second that only requests trigger (the session cache's expiry) is not in it.
  const idleStart = performance.now();
  counter.zero();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idle = counter.dump();
  const idleSeconds = (performance.now() - idleStart) / 1000;
  const idlePerSecond = idle.main / idleSeconds;
  const secondsPerRequest = median(windows.map((w) => w.secondsPerRequest));
  const result = {
    counted: median(windows.map((w) => w.counted)),
    main: median(windows.map((w) => w.main)),
    worker: median(windows.map((w) => w.worker)),
    process: median(windows.map((w) => w.process)),
    windows,
    idlePerSecond,
    secondsPerRequest,
  };
  console.log(
    `  ${side}: main thread ${millions(result.main)} ${unitName(c)}${perEachRequest(c, result.main)} (median of ${windows.map((w) => millions(w.main)).join(', ')}); whole process ${millions(result.process)} (${windows.map((w) => millions(w.process)).join(', ')})`,
  );
  if (embedded)
    console.log(
      `  ${side}: database worker ${millions(result.worker)} a request (median of ${windows.map((w) => millions(w.worker)).join(', ')}); main + worker ${millions(result.counted)} a request (median of ${windows.map((w) => millions(w.counted)).join(', ')}); idle worker ${millions((idle.databaseWorker ?? 0) / idleSeconds)} a second`,
    );
  console.log(
    `  ${side}: idle main thread ${millions(idlePerSecond)} a second; at ${secondsPerRequest.toFixed(2)} s ${unitName(c)} under callgrind that is ${millions(idlePerSecond * secondsPerRequest)} of each one's count`,
  );
  return result;
}

const unitName = (c: InstructionCase) => (c.unit ? `a ${c.unit.name}` : 'a request');
/** A unit's count per request it makes (a day of 88 requests), when a unit is not one request. */
const perEachRequest = (c: InstructionCase, perUnit: number) =>
  c.unit ? `, ${millions(perUnit / c.unit.requests)} a request of its ${c.unit.requests}` : '';

/** Starts both servers under callgrind on `seeded`, counts each case on each, stops them. */
export async function countCases(
  seeded: Awaited<ReturnType<typeof freshDatabase>>,
  routes: BareRoute[],
  cases: InstructionCase[],
  dir: string,
  bareOptions?: Parameters<typeof startStackAndBare>[3],
): Promise<BenchResult[]> {
  const kind = seeded.database.kind;
  const servers = await startStackAndBare(seeded, routes, (side) => callgrindWrap(dir, side), bareOptions);
  const readyAt = performance.now();
  try {
    const results: BenchResult[] = [];
    for (const c of cases) {
      if (c.before) await c.before(servers);
      const [stackAnswer, bareAnswer] = c.stackUrl
        ? await Promise.all([answerOf(servers.stack, c.stackUrl), answerOf(servers.bare, c.bareUrl!)])
        : [];
      if (!isDeepStrictEqual(stackAnswer, bareAnswer))
        throw new Error(
          `${c.name}: the minimal server answers differently\n${JSON.stringify(stackAnswer).slice(0, 400)}\n${JSON.stringify(bareAnswer).slice(0, 400)}`,
        );
      console.log(`instructions: ${c.name} (${kind}${ENCODING ? `, accept-encoding: ${ENCODING}` : ''})`);
      const embedded = kind === 'pglite';
      const stack = await perRequest(servers.stack, 'stack', dir, c, readyAt, embedded);
      const bare = await perRequest(servers.bare, 'bare', dir, c, readyAt, embedded);
      const ratio = bare.counted / stack.counted;
      const counted = embedded ? 'main thread + database worker' : 'main thread';
      console.log(
        `  minimal ÷ stack, ${counted}: ${ratio.toFixed(3)}${embedded ? ` (main thread alone ${(bare.main / stack.main).toFixed(3)}, worker alone ${(bare.worker / stack.worker).toFixed(3)})` : ''} (whole process, not usable: ${(bare.process / stack.process).toFixed(3)})`,
      );
      const windows = (r: typeof stack) =>
        `${embedded ? `main ${millions(r.main)} + worker ${millions(r.worker)}; ` : ''}${r.windows.map((w) => millions(w.counted)).join(', ')}; idle ${millions(r.idlePerSecond)}/s × ${r.secondsPerRequest.toFixed(2)} s a request`;
      results.push({
        name: `${c.name}: ${embedded ? 'main-thread + database-worker' : 'main-thread'} instructions ${c.unit ? `per ${c.unit.name}` : 'per request'} under callgrind, minimal ÷ stack, after ${c.warmUp} warm-up ${c.unit ? `${c.unit.name}s` : 'requests'}, median of ${REPEATS} (${kind}${ENCODING ? `, accept-encoding: ${ENCODING}` : ''})`,
        measured: `${millions(stack.counted)} ${unitName(c)}${perEachRequest(c, stack.counted)} (${windows(stack)}; N = ${c.n})`,
        baseline: `${millions(bare.counted)} ${unitName(c)}${perEachRequest(c, bare.counted)} (${windows(bare)}) (minimal Fastify, same SQL)`,
        ratio,
        goal: `≥ ${c.goal.toFixed(2)}`,
        met: ratio >= c.goal,
      });
    }
    return results;
  } finally {
    await servers.stop();
  }
}

async function listCases(dir: string) {
  const seeded = await freshDatabase('idara-bench-instructions');
  try {
    const { database } = seeded;
    await seedUsers(database);
    const customerQuery = await seedCustomerList(database);
    const lists = [
      {
        name: 'GET /api/user, 1,000 users, page of 20 by name',
        path: '/api/user',
        resource: userResource,
        query: USER_LIST_QUERY,
      },
      {
        name: 'GET /api/customer, 100,000 customers, city + search «احمد» + sort by name',
        path: '/api/customer',
        resource: customerResource,
        query: customerQuery,
      },
    ];
    const routes = lists.map((l) => bareListRoute(database, l.resource, l.path, l.query));
    const cases = lists.map((l) => {
      const url = `${l.path}?${new URLSearchParams(l.query)}`;
      return { name: l.name, stackUrl: url, bareUrl: url, n: LIST_N, warmUp: LIST_WARMUP, goal: 0.8 };
    });
    return await countCases(seeded, routes, cases, dir);
  } finally {
    removeData(seeded);
  }
}

/** The bare route of a visits query: its page statement's columns named as the answer names them. */
async function visitRoute(database: Database, path: string, c: ReturnType<typeof queryCases>[number]) {
  const [page, count] = c.statements;
  const [first] = (await database.rawQuery(page.sql, page.params)) as Record<string, unknown>[];
  return {
    path,
    statements: [
      { ...page, keys: Object.keys(first) },
      { ...count, keys: ['total'] },
    ],
    answer: { kind: 'list' as const, page: c.page, limit: c.limit, countBound: c.countBound },
  };
}

async function visitCases(dir: string) {
  const seeded = await freshDatabase('idara-bench-instructions-visits');
  try {
    const { database } = seeded;
    await seedPlannedVisits(database, CONTRACTS, CUSTOMERS);
    // The app bills the contracts' due periods at its first minute tick (visit-notice/scheduler.ts,
    // once a day per process): 10,000 upfront contracts are 10,000 orders and invoices, which under
    // callgrind took longer than the whole count and ran through every counted window, in the app's
    // main thread only (run of 2026-11-29 16:10 UTC, docs/PERFORMANCE.md). Billed per visit they are
    // not in that tick's scan; the board and the list read visits, not bills.
    await database.rawQuery(`update customer_contracts set billing = 'per_visit'`, []);
    // The board's week and the list's first page (queryCases: week, day, list).
    const [week, , list] = queryCases();
    const routes = [
      await visitRoute(database, '/bare/week', week),
      await visitRoute(database, '/bare/list', list),
    ];
    const cases: InstructionCase[] = [
      {
        name: week.name,
        stackUrl: week.url,
        bareUrl: '/bare/week',
        n: BOARD_N,
        warmUp: BOARD_WARMUP,
        goal: VISIT_GOAL,
      },
      {
        name: list.name,
        stackUrl: list.url,
        bareUrl: '/bare/list',
        n: LIST_N,
        warmUp: LIST_WARMUP,
        goal: VISIT_GOAL,
      },
    ];
    return await countCases(seeded, routes, cases, dir);
  } finally {
    removeData(seeded);
  }
}

export async function instructionBenches(): Promise<BenchResult[]> {
  ensureValgrind();
  const kept = process.env.BENCH_CALLGRIND_DIR;
  const dir = kept ? path.resolve(kept) : fs.mkdtempSync(path.join(os.tmpdir(), 'idara-callgrind-'));
  fs.mkdirSync(dir, { recursive: true });
  try {
    const only = process.env.BENCH_INSTR_ONLY?.split(',');
    const results: BenchResult[] = [];
    if (!only || only.includes('lists')) results.push(...(await listCases(dir)));
    if (!only || only.includes('visits')) results.push(...(await visitCases(dir)));
    if (!only || only.includes('sync')) results.push(...(await syncCases(dir, LIST_N, LIST_WARMUP)));
    return results;
  } finally {
    if (!kept) fs.rmSync(dir, { recursive: true, force: true });
  }
}
