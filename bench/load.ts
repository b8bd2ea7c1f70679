/**
 * Load (issue: prove it): a mixed workload — 8 reads (lists, details, dashboard) for every 2 writes
 * (a customer, a task) — for 60 s at 50 connections against the built server, on the embedded
 * database and, with BENCH_DATABASE_URL, on PostgreSQL: every answer must be a success. Then a soak
 * (BENCH_SOAK_MINUTES, default 10) at 20 connections on the embedded database: resident memory
 * sampled every 30 s must stay flat after warm-up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer, stopServer } from '../scripts/server-process';
import type { BenchResult } from './harness';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);

async function prepare(port: number) {
  const base = `http://127.0.0.1:${port}`;
  const json = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Record<string, any>;
  };
  const token = (
    await json('POST', '/api/auth/signin', { phoneNumber: '0500000000', password: 'Admin@12345' })
  ).token;
  const me = (await json('GET', '/api/auth/me', undefined, token))._id as string;
  const service = await json(
    'POST',
    '/api/service',
    { name: `خدمة الحمل ${Date.now()}`, price: '150' },
    token,
  );
  const customers: string[] = [];
  for (let i = 0; i < 50; i++) {
    const phone = `05${String(70_000_000 + Math.floor(Math.random() * 9_000_000)).padStart(8, '0')}`;
    const c = await json('POST', '/api/customer', { name: `عميل الحمل ${i}`, phoneNumber: phone }, token);
    if (c._id) customers.push(c._id);
  }
  for (const id of customers.slice(0, 10)) {
    await json(
      'POST',
      '/api/order',
      { customer: id, items: [{ service: service._id, quantity: 1, unitPrice: '150' }] },
      token,
    );
  }
  return { token, me, customers };
}

let phoneCounter = 0;

function mixed(
  port: number,
  token: string,
  me: string,
  customers: string[],
  connections: number,
  seconds: number,
) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const pick = () => customers[Math.floor(Math.random() * customers.length)];
  const reads: autocannon.Request[] = [
    { method: 'GET', path: '/api/customer?page=1&limit=20&sort=name' },
    { method: 'GET', path: '/api/customer?search=%D8%B9%D9%85%D9%8A%D9%84&limit=20' },
    {
      method: 'GET',
      path: `/api/customer/${pick()}`,
      setupRequest: (r) => ({ ...r, path: `/api/customer/${pick()}` }),
    },
    { method: 'GET', path: '/api/order?page=1&limit=20' },
    { method: 'GET', path: '/api/dashboard' },
    { method: 'GET', path: '/api/task?limit=20' },
    { method: 'GET', path: '/api/service?limit=0' },
    { method: 'GET', path: '/api/notification/unreadCount' },
  ];
  const writes: autocannon.Request[] = [
    {
      method: 'POST',
      path: '/api/customer',
      setupRequest: (r) => ({
        ...r,
        body: JSON.stringify({
          name: `عميل ضغط ${++phoneCounter}`,
          phoneNumber: `05${String(80_000_000 + (phoneCounter % 9_999_999)).padStart(8, '0')}`,
        }),
      }),
    },
    {
      method: 'POST',
      path: '/api/task',
      setupRequest: (r) => ({
        ...r,
        body: JSON.stringify({ title: `مهمة ضغط ${++phoneCounter}`, assignee: me, customer: pick() }),
      }),
    },
  ];
  // Interleaved so each connection cycles 4 reads, a write, 4 reads, a write.
  const requests = [...reads.slice(0, 4), writes[0], ...reads.slice(4), writes[1]];
  return autocannon({ url: `http://127.0.0.1:${port}`, connections, duration: seconds, headers, requests });
}

async function loadRun(kind: 'pglite' | 'postgres'): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-load-'));
  const server = await startServer(
    dataDir,
    kind === 'postgres' ? { DATABASE_URL: process.env.BENCH_DATABASE_URL! } : {},
  );
  try {
    const { token, me, customers } = await prepare(server.port);
    const r = await mixed(server.port, token, me, customers, 50, LOAD_SECONDS);
    const errors = r.errors + r.timeouts + r.non2xx;
    return {
      name: `mixed load, 80 % reads / 20 % writes, 50 connections, ${LOAD_SECONDS} s (${kind})`,
      measured: `${r.requests.total} requests, ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${errors} errors`,
      baseline: '0 errors',
      ratio: errors,
      goal: 'zero errors',
      met: errors === 0 && r.requests.total > 0,
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
    const { token, me, customers } = await prepare(server.port);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(server.rssMb()), 30_000);
    const r = await mixed(server.port, token, me, customers, 20, SOAK_MINUTES * 60);
    clearInterval(sampler);
    samples.push(server.rssMb());
    const errors = r.errors + r.timeouts + r.non2xx;
    // After the first minute (warm-up), memory must not keep climbing: last third vs first third.
    const settled = samples.slice(2);
    const third = Math.max(1, Math.floor(settled.length / 3));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const early = avg(settled.slice(0, third));
    const late = avg(settled.slice(-third));
    const growth = early ? late / early : 1;
    return {
      name: `soak, ${SOAK_MINUTES} min at 20 connections, resident memory late vs early (pglite)`,
      measured: `${late.toFixed(0)} MB (samples ${samples.map((s) => s.toFixed(0)).join(' ')}), ${r.requests.total} requests, p99 ${r.latency.p99} ms, ${errors} errors`,
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
