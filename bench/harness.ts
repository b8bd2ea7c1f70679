import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { Database } from '../apps/api/src/db/client';
import { compileListQuery, type ListResource, parseListQuery } from '../apps/api/src/http/list-query';

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 8;

/** The app on `database` without logs, web or realtime, and the seeded admin's token. */
export async function benchApp(database: Database) {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    logger: false,
    serveWeb: false,
    realtime: false,
  });
  const signin = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { phoneNumber: '0500000000', password: 'Admin@12345' },
  });
  return { app, token: signin.json().token as string };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** `min / median / max ms` of timings. */
export const minMedianMax = (xs: number[]) =>
  `${Math.min(...xs).toFixed(0)} / ${median(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)} ms`;

/**
 * Milliseconds of `stack` and of `bare`, one call each per pair after one warm-up call of each,
 * interleaved with each side first in turn so drift in the machine's load falls on both.
 */
export async function timedPairs(pairs: number, stack: () => Promise<unknown>, bare: () => Promise<unknown>) {
  const time = async (f: () => Promise<unknown>) => {
    const start = performance.now();
    await f();
    return performance.now() - start;
  };
  await stack(); // warm-up: JIT, plan and page caches, the PDF browser
  await bare();
  const stackTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2) {
      bareTimes.push(await time(bare));
      stackTimes.push(await time(stack));
    } else {
      stackTimes.push(await time(stack));
      bareTimes.push(await time(bare));
    }
  }
  return { stackTimes, bareTimes, ratio: median(stackTimes) / median(bareTimes) };
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

/**
 * Requests/s of `GET <path>?<query>` through the whole stack (HTTP, token check, parsing, JSON)
 * against the very SQL that request runs, sent through the bare driver by 8 concurrent callers.
 * The load generator runs on its own thread.
 */
export async function stackVersusBareDriver(opts: {
  name: string;
  app: FastifyInstance;
  database: Database;
  token: string;
  path: string;
  resource: ListResource;
  query: Record<string, string>;
  goal: number;
}): Promise<BenchResult> {
  const { rows, count } = compileListQuery(
    opts.database.db,
    opts.resource,
    parseListQuery(opts.resource, opts.query),
  );
  return stackVersusBare({
    ...opts,
    bare: () =>
      Promise.all([
        opts.database.rawQuery(rows.sql, rows.params),
        opts.database.rawQuery(count.sql, count.params),
      ]),
  });
}

/**
 * Requests/s of `GET <path>?<query>` through the whole stack against `bare` — the same SQL sent
 * through the bare driver — called by 8 concurrent callers.
 */
export async function stackVersusBare(opts: {
  name: string;
  app: FastifyInstance;
  token: string;
  path: string;
  query: Record<string, string>;
  bare: () => Promise<unknown>;
  goal: number;
}): Promise<BenchResult> {
  const { app } = opts;
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };

  const stack = async (seconds: number) => {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${opts.path}?${new URLSearchParams(opts.query)}`,
      headers: { authorization: `Bearer ${opts.token}` },
      connections: CONNECTIONS,
      duration: seconds,
      workers: 1,
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${opts.name}: ${result.non2xx} non-2xx and ${result.errors} errors`);
    }
    return result.requests.average;
  };
  const bare = async (seconds: number) => {
    let done = 0;
    const until = Date.now() + seconds * 1000;
    const worker = async () => {
      while (Date.now() < until) {
        await opts.bare();
        // Like autocannon, count only what completes inside the window (matters for slow calls).
        if (Date.now() <= until) done++;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    return done / seconds;
  };

  await stack(2); // warm-up: JIT, plan caches
  await bare(2);
  const baseline = await bare(DURATION_S);
  const stackRps = await stack(DURATION_S);
  const ratio = stackRps / baseline;
  return {
    name: opts.name,
    measured: `${stackRps.toFixed(0)} req/s`,
    baseline: `${baseline.toFixed(0)} req/s (bare driver)`,
    ratio,
    goal: `≥ ${opts.goal.toFixed(2)}`,
    met: ratio >= opts.goal,
  };
}
