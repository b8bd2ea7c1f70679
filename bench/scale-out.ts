/**
 * Scale-out (issue 26 item 4): the mixed workload (bench/mixed-requests.ts, 50 connections) on
 * PostgreSQL with Redis, against (a) one app process directly and (b) two app processes behind
 * nginx round robin (docs/DEPLOY.md's configuration, apps/api/src/test/nginx.ts), interleaved in
 * pairs. Both sides get the same two cores — the whole machine, shared with PostgreSQL, nginx and
 * the load generator — so the comparison is at the same total CPU; server CPU per request (summed
 * over the app processes, from /proc) shows what the second process costs.
 *
 * Meanwhile a socket.io client signed in as a second user (through nginx in (b)) counts every
 * notification stored for that user (each new customer of the load, by rule) against those it
 * received, and probe tasks assigned to that user, written straight to the app process the socket
 * is NOT on, time the way from a write on one process to the push on the other (through Redis).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { NGINX, startNginx } from '../apps/api/src/test/nginx';
import { createDatabase, freePort } from '../apps/api/src/test/processes';
import { startServer, stopServer } from '../scripts/server-process';
import type { BenchResult } from './harness';
import {
  formatSpread,
  interleavedPairs,
  measureLoad,
  median,
  percentile,
  processCpuMs,
  spread,
} from './measure';
import { callApi, mixedLoad, prepareMixed } from './mixed-load';
import { nginxUpstreams, type ProbeResult, processTree, settle, watch } from './notice-probe';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const CONNECTIONS = 50;
const PROBE_EVERY_MS = 100;
const PHONES_PER_WINDOW = 100_000;
const WATCHER = { phoneNumber: '0557774000', password: 'Passw0rd!x' };

interface Window {
  load: Awaited<ReturnType<typeof measureLoad>>;
  probe: ProbeResult;
  /** Notices of this window's new customers stored for the watching user, and how many its socket got. */
  stored: number;
  received: number;
  /** nginx's CPU per completed request (0 without nginx). */
  nginxMsPerRequest: number;
}

export async function scaleOutBenches(): Promise<BenchResult[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL;
  if (!serverUrl || !redisUrl || !fs.existsSync(NGINX)) {
    console.log(`scale-out needs BENCH_DATABASE_URL, REDIS_URL (or BENCH_REDIS_URL) and ${NGINX}: skipped`);
    return [];
  }
  // A database of its own each run: the load's phone numbers are then new by construction.
  const database = await createDatabase(serverUrl, 'bench_scale_out');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-scale-out-'));
  const env = { DATABASE_URL: database.url, REDIS_URL: redisUrl, TRUST_PROXY: '127.0.0.1' };
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const db = new pg.Client({ connectionString: database.url });
  try {
    for (let i = 0; i < 3; i++) servers.push(await startServer(dataDir, env)); // the first migrates and seeds
    const [single, nodeA, nodeB] = servers;
    nginx = await startNginx(await freePort(), [nodeA.port, nodeB.port]);
    const proxy = nginx.url;
    const nginxPid = nginx.child.pid!;
    const direct = (s: (typeof servers)[number]) => `http://127.0.0.1:${s.port}`;

    const { token, me, customers } = await prepareMixed(direct(single));
    await callApi(
      direct(single),
      'POST',
      '/api/user',
      { name: 'مراقب الإشعارات', role: 'employee', permissions: ['customer:read', 'task:read'], ...WATCHER },
      token,
    );
    const watcherToken = (await callApi(direct(single), 'POST', '/api/auth/signin', WATCHER)).token as string;
    const watcher = (await callApi(direct(single), 'GET', '/api/auth/me', undefined, watcherToken))
      ._id as string;
    await db.connect();
    /** Notices stored for the watcher of new customers numbered `first`…`last`. */
    const stored = async (first: number, last: number) => {
      const { rows } = await db.query(
        `select count(*) from notifications where recipient_id = $1
           and substring(description from 'عميل ضغط ([0-9]+)')::bigint between $2 and $3`,
        [watcher, first, last],
      );
      return Number(rows[0].count);
    };

    let windows = 0;
    const run = async (two: boolean, seconds: number): Promise<Window> => {
      const socket = await watch(two ? proxy : direct(single), watcherToken);
      try {
        let writeTo = direct(single);
        if (two) {
          // The node nginx put the socket on; the probes write through the other one.
          let on: number[] = [];
          const found = await settle(() => {
            on = nginxUpstreams(nginxPid, [nodeA.port, nodeB.port]);
            return on.length === 1;
          }, 10_000);
          if (!found) throw new Error(`cannot tell which node holds the socket (nginx → ${on.join(', ')})`);
          writeTo = direct(on[0] === nodeA.port ? nodeB : nodeA);
        }
        const pids = two ? [nodeA.child.pid!, nodeB.child.pid!] : [single.child.pid!];
        const nginxCpu = () => (two ? processTree(nginxPid).reduce((sum, p) => sum + processCpuMs(p), 0) : 0);
        const nginxBefore = nginxCpu();
        const args = { customers, assignee: me, firstPhone: 80_000_000 + ++windows * PHONES_PER_WINDOW };
        const [load, probe] = await Promise.all([
          measureLoad(pids, mixedLoad(two ? proxy : direct(single), token, args, CONNECTIONS, seconds)),
          socket.probe(writeTo, token, watcher, PROBE_EVERY_MS, seconds),
        ]);
        const nginxMsPerRequest = (nginxCpu() - nginxBefore) / Math.max(1, load.requests);
        // This window's customers only: their phone numbers (and names) are its own block.
        const last = args.firstPhone + PHONES_PER_WINDOW - 1;
        let count = 0;
        await settle(async () => {
          count = await stored(args.firstPhone, last);
          return socket.customerNotices(args.firstPhone, last) === count;
        }, 30_000);
        const received = socket.customerNotices(args.firstPhone, last);
        return { load, probe, stored: count, received, nginxMsPerRequest };
      } finally {
        socket.close();
      }
    };

    await run(false, 3); // warm-up: JIT, plan caches, pools
    await run(true, 3);
    const pairs = interleavedPairs(
      PAIRS,
      () => run(true, SECONDS),
      () => run(false, SECONDS),
      (w) => w.load.rps,
    );
    const { a: twos, b: ones, ratios } = await pairs;
    for (const [name, ws] of [
      ['one process', ones],
      ['two behind nginx', twos],
    ] as const) {
      for (const w of ws) {
        console.log(
          `${name}: ${w.load.requests} requests, ${w.load.rps.toFixed(0)} req/s, p50 ${w.load.p50} ms, p99 ${w.load.p99} ms, ${w.load.errors + w.load.non2xx} errors, app CPU ${w.load.cpuMsPerRequest.toFixed(2)} ms/request, nginx ${w.nginxMsPerRequest.toFixed(2)} ms/request; notices ${w.received}/${w.stored}, probes ${w.probe.received}/${w.probe.sent}`,
        );
      }
    }
    return [throughputRow(ones, twos, ratios.median), noticeRow(ones, twos)];
  } finally {
    await db.end().catch(() => {});
    await nginx?.stop();
    for (const s of servers) await stopServer(s.child);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const errorsOf = (ws: Window[]) => ws.reduce((sum, w) => sum + w.load.errors + w.load.non2xx, 0);

function describeLoad(ws: Window[]) {
  const rps = formatSpread(spread(ws.map((w) => w.load.rps)));
  const p50 = median(ws.map((w) => w.load.p50));
  const p99 = median(ws.map((w) => w.load.p99));
  const cpu = formatSpread(spread(ws.map((w) => w.load.cpuMsPerRequest)), 2);
  const nginx = median(ws.map((w) => w.nginxMsPerRequest));
  return `${rps} req/s (min / median / max), median p50 ${p50} ms, p99 ${p99} ms, ${errorsOf(ws)} errors; app CPU ${cpu} ms/request${nginx ? ` + nginx ${nginx.toFixed(2)}` : ''}`;
}

function throughputRow(ones: Window[], twos: Window[], ratio: number): BenchResult {
  const errors = errorsOf(ones) + errorsOf(twos);
  return {
    name: `scale-out: mixed load, ${CONNECTIONS} connections, two app processes behind nginx vs one, same 2 cores, ${ones.length} interleaved pairs of ${SECONDS} s (PostgreSQL + Redis)`,
    measured: `two: ${describeLoad(twos)}`,
    baseline: `one: ${describeLoad(ones)}`,
    ratio,
    goal: 'throughput ratio reported (median of pairs); zero errors',
    met: errors === 0 && twos.every((w) => w.load.requests > 0),
  };
}

function describeNotices(ws: Window[]) {
  const latencies = ws.flatMap((w) => w.probe.latencies).sort((x, y) => x - y);
  const sum = (f: (w: Window) => number) => ws.reduce((s, w) => s + f(w), 0);
  return `${sum((w) => w.received)}/${sum((w) => w.stored)} notices received; probes ${sum((w) => w.probe.received)}/${sum((w) => w.probe.sent)}, write → push p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`;
}

function noticeRow(ones: Window[], twos: Window[]): BenchResult {
  const lost = (ws: Window[]) =>
    ws.reduce((s, w) => s + (w.stored - w.received) + (w.probe.sent - w.probe.received), 0);
  const lostTwo = lost(twos);
  return {
    name: 'scale-out: notifications under that load to a socket on one process, written through the other (Redis)',
    measured: `two: ${describeNotices(twos)}`,
    baseline: `one process: ${describeNotices(ones)}`,
    ratio: lostTwo,
    goal: 'zero lost',
    met: lostTwo === 0 && lost(ones) === 0,
  };
}
