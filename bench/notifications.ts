/**
 * Live notifications (issue: notifications): 1,000 authenticated sockets, 20 rounds of one
 * notification to each, through the app's socket.io server (token check at connect, per-user rooms,
 * stored notification pushed by `deliver`) against a bare socket.io server pushing the same payloads
 * to the same number of sockets, each socket in its own room, in the same run.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { sessions, users } from '../apps/api/src/db/schema';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { hashSecret, newToken } from '../apps/api/src/modules/auth/tokens';
import { present, pushNotifications, storeNotifications } from '../apps/api/src/modules/notification/service';
import { userRoom } from '../apps/api/src/realtime/server';
import type { BenchResult } from './harness';
import { percentile } from './measure';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = 20;

interface RunStats {
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
  heapPerSocketKb: number;
}

function heapNow() {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

/** Opens `tokens.length` sockets to `url`, each resolving once connected. */
async function openSockets(url: string, tokens: string[]) {
  const sockets: Socket[] = [];
  // In batches, as real clients arrive over time rather than in one burst.
  for (let i = 0; i < tokens.length; i += 100) {
    const batch = tokens.slice(i, i + 100).map(
      (token) =>
        new Promise<Socket>((resolve, reject) => {
          const s = connect(url, {
            transports: ['websocket'],
            auth: { token },
            reconnection: false,
            forceNew: true,
          });
          s.once('connect', () => resolve(s));
          s.once('connect_error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Rounds of one push per socket; latency is receipt time minus the round's push start. */
async function measure(
  sockets: Socket[],
  push: (round: number) => Promise<number>,
): Promise<Omit<RunStats, 'heapPerSocketKb'>> {
  const latencies: number[] = [];
  let delivered = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let started = 0;
    let got = 0;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      for (const s of sockets) {
        s.once('notification', () => {
          latencies.push(performance.now() - started);
          delivered++;
          if (++got === sockets.length) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
    started = await push(round);
    await done;
    for (const s of sockets) s.removeAllListeners('notification');
  }
  latencies.sort((a, b) => a - b);
  return {
    delivered,
    expected: ROUNDS * sockets.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function bareRun(payloads: (round: number, i: number) => object): Promise<RunStats> {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  io.on('connection', (s) => s.join(userRoom(String(s.handshake.auth.token))));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const ids = Array.from({ length: SOCKETS }, (_, i) => `u${i}`);
  const before = heapNow();
  const sockets = await openSockets(url, ids);
  const heapPerSocketKb = (heapNow() - before) / SOCKETS / 1024;
  const stats = await measure(sockets, async (round) => {
    const started = performance.now();
    for (const [i, id] of ids.entries()) io.to(userRoom(id)).emit('notification', payloads(round, i));
    return started;
  });
  for (const s of sockets) s.disconnect();
  io.close();
  return { ...stats, heapPerSocketKb };
}

async function appRun(): Promise<
  RunStats & { storeMs: number; payloads: (round: number, i: number) => object }
> {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
  const people = await database.db
    .insert(users)
    .values(
      Array.from({ length: SOCKETS }, (_, i) => ({
        name: `موظف ${i}`,
        phoneNumber: `+9665${String(20_000_000 + i).padStart(8, '0')}`,
        role: 'employee',
        permissions: ['task:read'],
        passwordHash: 'x',
      })),
    )
    .returning({ _id: users._id });
  const tokens = people.map(() => newToken());
  await database.db.insert(sessions).values(
    people.map((p, i) => ({
      userId: p._id,
      tokenHash: hashSecret(tokens[i]),
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    logger: false,
    serveWeb: false,
    realtime: true,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const sent: object[][] = [];
  let storeMs = 0;
  try {
    const before = heapNow();
    const sockets = await openSockets(url, tokens);
    const heapPerSocketKb = (heapNow() - before) / SOCKETS / 1024;
    // Stored first (as the rules do), then pushed: the push is what the clients wait on.
    const stats = await measure(sockets, async (round) => {
      const t0 = performance.now();
      const rows = await storeNotifications(
        app.db,
        people.map((p) => ({
          recipient: p._id,
          type: 'create' as const,
          title: `مهمة جديدة رقم ${round + 1}`,
          description: 'أسند إليك مدير النظام المهمة «معاينة موقع»',
          link: '/tasks/00000000-0000-4000-8000-000000000000',
        })),
      );
      storeMs += performance.now() - t0;
      sent.push(rows.map(present));
      const started = performance.now();
      pushNotifications(app, rows);
      return started;
    });
    for (const s of sockets) s.disconnect();
    return { ...stats, heapPerSocketKb, storeMs: storeMs / ROUNDS, payloads: (round, i) => sent[round][i] };
  } finally {
    await app.close();
    await database.close();
  }
}

export async function notificationBenches(): Promise<BenchResult[]> {
  const app = await appRun();
  const bare = await bareRun(app.payloads);
  const fmt = (s: RunStats) =>
    `${s.delivered}/${s.expected} delivered, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, heap ${s.heapPerSocketKb.toFixed(1)} KB/socket`;
  const ratio = app.p99 / bare.p99;
  return [
    {
      name: `push to ${SOCKETS} authenticated sockets × ${ROUNDS} rounds, p99 (store ${app.storeMs.toFixed(0)} ms/round before push)`,
      measured: fmt(app),
      baseline: `bare socket.io: ${fmt(bare)}`,
      ratio,
      goal: '100 % delivered, p99 ≤ 1.5× bare',
      met: app.delivered === app.expected && ratio <= 1.5,
    },
  ];
}
