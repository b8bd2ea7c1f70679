/**
 * What every bench measures the same way: load from a process of its own, the CPU a server process
 * spent on it, and interleaved repeated pairs reported as min / median / max.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';

const run = promisify(execFile);
const generator = path.join(import.meta.dirname, 'load-generator.mjs');

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

/**
 * Plain-data autocannon options: they cross a process boundary as JSON. Requests built by code
 * (`setupRequest`) come from `requestScript`: a module (absolute path, TypeScript allowed) whose
 * default export the generator calls with `args` to get the request list.
 */
export type LoadOptions = Omit<autocannon.Options, 'setupClient' | 'requests'> & {
  requests?: Omit<autocannon.Request, 'setupRequest' | 'onResponse'>[];
  requestScript?: { module: string; args: unknown };
};

/** Runs autocannon in its own process (bench/load-generator.mjs) and returns its summary. */
export async function loadFromOwnProcess(options: LoadOptions): Promise<LoadResult> {
  const loader = options.requestScript ? ['--import', 'tsx'] : [];
  const { stdout } = await run(process.execPath, [...loader, generator, JSON.stringify(options)], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

const ticksPerSecond = 100; // Linux USER_HZ (`getconf CLK_TCK`) on every kernel we run on

/** User + system CPU time a process (all its threads) has used so far, in milliseconds. */
export function processCpuMs(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerSecond;
}

export interface MeasuredLoad extends LoadResult {
  /** Server CPU milliseconds per completed request (all of the server process's threads). */
  cpuMsPerRequest: number;
  /** Completed requests per second of server CPU: throughput with the machine's noise taken out. */
  requestsPerCpuSecond: number;
}

/**
 * Load from its own process against a server, with the CPU the server's processes spent meanwhile.
 * `serverPids` lists every process that serves (the app, or the app and its database).
 */
export async function measureLoad(serverPids: number[], options: LoadOptions): Promise<MeasuredLoad> {
  const cpu = () => serverPids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
  const before = cpu();
  const result = await loadFromOwnProcess(options);
  const spent = cpu() - before;
  const completed = Math.max(1, result.requests);
  return {
    ...result,
    cpuMsPerRequest: spent / completed,
    requestsPerCpuSecond: spent > 0 ? (completed * 1000) / spent : 0,
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** The `p`th percentile of ascending `sorted` (nearest rank below). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export interface Spread {
  min: number;
  median: number;
  max: number;
}
export const spread = (xs: number[]): Spread => ({
  min: Math.min(...xs),
  median: median(xs),
  max: Math.max(...xs),
});
/** `min / median / max` with `digits` decimals. */
export const formatSpread = (s: Spread, digits = 0) =>
  `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}`;

/**
 * `pairs` rounds of both sides, each side first in every other round, so whatever drifts on the
 * machine (other work, thermal, caches) falls on both. Returns each side's results in order and
 * the per-pair ratios a/b of `metric`.
 */
export async function interleavedPairs<T>(
  pairs: number,
  a: () => Promise<T>,
  b: () => Promise<T>,
  metric: (r: T) => number,
) {
  const as: T[] = [];
  const bs: T[] = [];
  for (let i = 0; i < pairs; i++) {
    if (i % 2) {
      bs.push(await b());
      as.push(await a());
    } else {
      as.push(await a());
      bs.push(await b());
    }
  }
  const ratios = as.map((r, i) => metric(r) / metric(bs[i]));
  return { a: as, b: bs, ratios: spread(ratios) };
}
