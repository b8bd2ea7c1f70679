import { isDeepStrictEqual } from 'node:util';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import {
  compileListQuery,
  countBound,
  type ListResource,
  parseListQuery,
} from '../apps/api/src/http/list-query';
import type { BareRoute } from './bare-server';
import { formatSpread, interleavedPairs, type MeasuredLoad, measureLoad, median, spread } from './measure';
import type { ServerUnderTest } from './servers';

/** Seconds of load per side in each pair: short windows, many pairs, so drift falls on both. */
export const WINDOW_S = Number(process.env.BENCH_SECONDS ?? 4);
export const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const CONNECTIONS = 8;
/**
 * The equal-load windows run both sides at this share of the baseline's median saturated
 * throughput: neither server, the database nor the load generator then fills the two cores, so the
 * CPU each server spends is compared for the very same requests at the very same pace.
 */
const EQUAL_LOAD_SHARE = 0.5;

/** The app on `database` without logs or web; with its sockets only when `realtime`. */
export const quietApp = (database: Database, realtime = false) =>
  buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    logger: false,
    serveWeb: false,
    realtime,
  });

/** The app on `database` without logs, web or realtime, and the seeded admin's token. */
export async function benchApp(database: Database) {
  const app = await quietApp(database);
  const signin = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { phoneNumber: '0500000000', password: 'Admin@12345' },
  });
  return { app, token: signin.json().token as string };
}

/** `min / median / max ms` of timings. */
export const minMedianMax = (xs: number[]) =>
  `${Math.min(...xs).toFixed(0)} / ${median(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)} ms`;

/**
 * Milliseconds of each side, one call of each per round after one warm-up call of each, the order
 * turned by one side every round so drift in the machine's load falls on all of them.
 */
export async function timedRounds(rounds: number, sides: (() => Promise<unknown>)[]): Promise<number[][]> {
  for (const side of sides) await side(); // warm-up: JIT, plan and page caches, the PDF browser
  const times = sides.map((): number[] => []);
  for (let i = 0; i < rounds; i++)
    for (let k = 0; k < sides.length; k++) {
      const at = (i + k) % sides.length;
      const start = performance.now();
      await sides[at]();
      times[at].push(performance.now() - start);
    }
  return times;
}

/** `timedRounds` of two sides, and the ratio of their medians. */
export async function timedPairs(pairs: number, stack: () => Promise<unknown>, bare: () => Promise<unknown>) {
  const [stackTimes, bareTimes] = await timedRounds(pairs, [stack, bare]);
  return { stackTimes, bareTimes, ratio: median(stackTimes) / median(bareTimes) };
}

/**
 * `stack` against the same SQL sent through the bare driver (`bare`), in `pairs` timed pairs: one
 * line of the results table, met when the median ratio is at most `goal`.
 */
export async function versusBareSql(opts: {
  name: string;
  /** The database engine, last in the line's name. */
  kind: string;
  pairs: number;
  goal: number;
  stack: () => Promise<unknown>;
  bare: () => Promise<unknown>;
}): Promise<BenchResult> {
  const { stackTimes, bareTimes, ratio } = await timedPairs(opts.pairs, opts.stack, opts.bare);
  return {
    name: `${opts.name}, ${opts.pairs} pairs min/median/max (${opts.kind})`,
    measured: minMedianMax(stackTimes),
    baseline: `${minMedianMax(bareTimes)} (same SQL, bare driver)`,
    ratio,
    goal: `≤ ${opts.goal.toFixed(2)}`,
    met: ratio <= opts.goal,
  };
}

/** One line of the results table. */
export interface BenchResult {
  name: string;
  measured: string;
  baseline: string;
  ratio: number;
  goal: string;
  met: boolean;
}

/** The baseline's route for a list request: the SQL `runList` sends for `query`, answered as it answers. */
export function bareListRoute(
  database: Database,
  resource: ListResource,
  path: string,
  query: Record<string, string>,
): BareRoute {
  const q = parseListQuery(resource, query);
  const { rows, count } = compileListQuery(database.db, resource, q);
  return {
    path,
    statements: [rows, count].map(({ sql, params, keys }) => ({ sql, params, keys })),
    answer: { kind: 'list', page: q.page, limit: q.limit, countBound: countBound(q) },
  };
}

export async function answerOf(server: ServerUnderTest, url: string) {
  const res = await fetch(`http://127.0.0.1:${server.port}${url}`, { headers: server.headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * `GET <path>?<query>` on the app (the whole stack: HTTP, token check, parsing, SQL, JSON) against
 * the baseline serving the same SQL at the same URL, each a process of its own, the load from a third: `PAIRS`
 * interleaved pairs of `WINDOW_S`-second windows at 8 connections, each side as fast as it can, then
 * `PAIRS` more with both sides held to the same rate (EQUAL_LOAD_SHARE of the baseline's median).
 * Figures are medians of the per-pair ratios (min / median / max given): throughput, which depends on
 * what else the machine runs, and requests per second of server CPU (all of a server process's
 * threads), which measures what the server itself spends — saturated, where the two cores are shared
 * by server, database and load generator, and at equal load, where both serve the same requests at
 * the same pace. `sameAnswer`: both must first answer the same JSON.
 */
export async function stackVersusBare(opts: {
  name: string;
  stack: ServerUnderTest;
  bare: ServerUnderTest;
  path: string;
  query: Record<string, string>;
  sameAnswer: boolean;
  goal: number;
}): Promise<BenchResult[]> {
  const url = `${opts.path}?${new URLSearchParams(opts.query)}`;
  if (opts.sameAnswer) {
    const [stack, bare] = await Promise.all([answerOf(opts.stack, url), answerOf(opts.bare, url)]);
    if (!isDeepStrictEqual(stack, bare)) {
      throw new Error(
        `${opts.name}: the baseline answers differently\n${JSON.stringify(stack).slice(0, 400)}\n${JSON.stringify(bare).slice(0, 400)}`,
      );
    }
  }
  const load = (server: ServerUnderTest, seconds: number, rate?: number) => async () => {
    const r = await measureLoad([server.pid], {
      url: `http://127.0.0.1:${server.port}${url}`,
      headers: server.headers,
      connections: CONNECTIONS,
      duration: seconds,
      ...(rate ? { overallRate: rate } : {}),
    });
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`${opts.name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return r;
  };
  // Warm-up: JIT, plan and page caches on both.
  await load(opts.stack, 2)();
  await load(opts.bare, 2)();
  const saturated = await interleavedPairs(
    PAIRS,
    load(opts.stack, WINDOW_S),
    load(opts.bare, WINDOW_S),
    (r) => r.rps,
  );
  const rate = Math.max(1, Math.round(EQUAL_LOAD_SHARE * spread(saturated.b.map((r) => r.rps)).median));
  const equal = await interleavedPairs(
    PAIRS,
    load(opts.stack, WINDOW_S, rate),
    load(opts.bare, WINDOW_S, rate),
    (r) => r.requestsPerCpuSecond,
  );
  const cpuRatios = spread(
    saturated.a.map((r, i) => r.requestsPerCpuSecond / saturated.b[i].requestsPerCpuSecond),
  );
  const side = (rs: MeasuredLoad[]) =>
    `${formatSpread(spread(rs.map((r) => r.rps)))} req/s, ${formatSpread(spread(rs.map((r) => r.cpuMsPerRequest)), 2)} CPU ms/req`;
  const perCpu = (rs: MeasuredLoad[]) => formatSpread(spread(rs.map((r) => r.requestsPerCpuSecond)));
  const goal = `≥ ${opts.goal.toFixed(2)} (median)`;
  const range = (s: { min: number; max: number }) => ` (pairs ${s.min.toFixed(2)}–${s.max.toFixed(2)})`;
  const cpuMs = (rs: MeasuredLoad[]) =>
    `${formatSpread(spread(rs.map((r) => r.cpuMsPerRequest)), 2)} CPU ms/req`;
  return [
    {
      name: `${opts.name}: throughput, as fast as each can${range(saturated.ratios)}`,
      measured: side(saturated.a),
      baseline: `${side(saturated.b)} (minimal Fastify, same SQL)`,
      ratio: saturated.ratios.median,
      goal,
      met: saturated.ratios.median >= opts.goal,
    },
    {
      name: `${opts.name}: requests per server CPU-second, as fast as each can${range(cpuRatios)}`,
      measured: perCpu(saturated.a),
      baseline: `${perCpu(saturated.b)} (minimal Fastify, same SQL)`,
      ratio: cpuRatios.median,
      goal,
      met: cpuRatios.median >= opts.goal,
    },
    {
      name: `${opts.name}: requests per server CPU-second, both at ${rate} req/s${range(equal.ratios)}`,
      measured: `${perCpu(equal.a)}; ${cpuMs(equal.a)}`,
      baseline: `${perCpu(equal.b)}; ${cpuMs(equal.b)} (minimal Fastify, same SQL)`,
      ratio: equal.ratios.median,
      goal,
      met: equal.ratios.median >= opts.goal,
    },
  ];
}
