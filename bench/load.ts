/**
 * Load (issue: prove it): a mixed workload — 8 reads (lists, details, dashboard) for every 2 writes
 * (a customer, a task) — for 60 s at 50 connections from a load generator in its own process
 * (bench/mixed-requests.ts) against the built server, on the embedded
 * database and, with BENCH_DATABASE_URL, on PostgreSQL: every answer must be a success. Then a soak
 * (BENCH_SOAK_MINUTES, default 10) at 20 connections on the embedded database: resident memory
 * sampled every 30 s must stay flat after warm-up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from '../scripts/server-process';
import type { BenchResult } from './harness';
import { loadFromOwnProcess } from './measure';
import { mixedLoad, prepareMixed } from './mixed-load';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);

async function loadRun(kind: 'pglite' | 'postgres'): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-load-'));
  const server = await startServer(
    dataDir,
    kind === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL! } : {},
  );
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const { token, me, customers } = await prepareMixed(base);
    const r = await loadFromOwnProcess(
      mixedLoad(base, token, { customers, assignee: me, firstPhone: 80_000_000 }, 50, LOAD_SECONDS),
    );
    const errors = r.errors + r.non2xx;
    return {
      name: `mixed load, 80 % reads / 20 % writes, 50 connections, ${LOAD_SECONDS} s (${kind})`,
      measured: `${r.requests} requests, ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${errors} errors`,
      baseline: '0 errors',
      ratio: errors,
      goal: 'zero errors',
      met: errors === 0 && r.requests > 0,
    };
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function soakRun(): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-soak-'));
  const server = await startServer(dataDir);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const { token, me, customers } = await prepareMixed(base);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(server.rssMb()), 30_000);
    const r = await loadFromOwnProcess(
      mixedLoad(base, token, { customers, assignee: me, firstPhone: 80_000_000 }, 20, SOAK_MINUTES * 60),
    );
    clearInterval(sampler);
    samples.push(server.rssMb());
    const errors = r.errors + r.non2xx;
    // After the first minute (warm-up), memory must not keep climbing: last third vs first third.
    const settled = samples.slice(2);
    const third = Math.max(1, Math.floor(settled.length / 3));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const early = avg(settled.slice(0, third));
    const late = avg(settled.slice(-third));
    const growth = early ? late / early : 1;
    return {
      name: `soak, ${SOAK_MINUTES} min at 20 connections, resident memory late vs early (pglite)`,
      measured: `${late.toFixed(0)} MB (samples ${samples.map((s) => s.toFixed(0)).join(' ')}), ${r.requests} requests, p99 ${r.p99} ms, ${errors} errors`,
      baseline: `${early.toFixed(0)} MB`,
      ratio: growth,
      goal: '≤ 1.10, zero errors',
      met: growth <= 1.1 && errors === 0,
    };
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function loadBenches(): Promise<BenchResult[]> {
  const results = [await loadRun('pglite')];
  if (process.env.BENCH_DATABASE_URL) results.push(await loadRun('postgres'));
  if (SOAK_MINUTES > 0) results.push(await soakRun());
  return results;
}
