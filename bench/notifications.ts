/**
 * Live notifications (issue: notifications): 1,000 authenticated sockets through the app's socket.io
 * server (token check at connect, per-user rooms, stored notification pushed by `deliver`) against a
 * bare socket.io server pushing the same payloads to as many sockets, each in its own room. Each
 * side's sockets live in a process of their own (bench/notification-clients.mjs); windows of a few
 * rounds of one notification per socket alternate between the two, `PAIRS` pairs, each side first
 * in turn; the figure is the median of the per-pair p99 ratios.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Server } from 'socket.io';
import { sessions, users } from '../apps/api/src/db/schema';
import { hashSecret, newToken } from '../apps/api/src/modules/auth/tokens';
import { present, pushNotifications, storeNotifications } from '../apps/api/src/modules/notification/service';
import { userRoom } from '../apps/api/src/realtime/server';
import { type BenchResult, PAIRS, quietApp } from './harness';
import { formatSpread, percentile, spread } from './measure';
import { freshDatabase, removeData } from './servers';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
/** Rounds per window: one notification to every socket each. */
const ROUNDS = Number(process.env.BENCH_NOTIFICATION_ROUNDS ?? 4);

const epochNow = () => performance.timeOrigin + performance.now();

function heapNow() {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

/** A process holding one side's sockets. */
class Clients {
  private child: ChildProcess;
  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'notification-clients.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }
  private ask<T>(msg: object, answered: (m: any) => boolean): Promise<T> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: unknown) => {
        if (!answered(m)) return;
        this.child.off('message', onMessage);
        this.child.off('exit', reject);
        resolve(m as T);
      };
      this.child.on('message', onMessage);
      this.child.once('exit', reject);
      if (Object.keys(msg).length) this.child.send(msg);
    });
  }
  connect(url: string, tokens: string[]) {
    return this.ask({ connect: url, tokens }, (m) => m.connected !== undefined);
  }
  /** Latencies (ms) of one round: each socket's receipt time minus the time `push` started. */
  async round(round: number, push: () => Promise<number>) {
    await this.ask({ arm: round }, (m) => m.armed === round);
    const received = this.ask<{ times: number[] }>({}, (m) => m.round === round);
    const started = await push();
    return (await received).times.map((t) => t - started);
  }
  close() {
    return new Promise<void>((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.send({ close: true });
    });
  }
}

interface Window {
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
}

async function window(clients: Clients, first: number, push: (round: number) => Promise<number>) {
  const latencies: number[] = [];
  for (let r = first; r < first + ROUNDS; r++) latencies.push(...(await clients.round(r, () => push(r))));
  latencies.sort((a, b) => a - b);
  return {
    delivered: latencies.length,
    expected: ROUNDS * SOCKETS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function appSide() {
  const seeded = await freshDatabase('idara-bench-notifications');
  const { database } = seeded;
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
  const app = await quietApp(database, true);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const clients = new Clients();
  const before = heapNow();
  await clients.connect(url, tokens);
  const heapPerSocketKb = (heapNow() - before) / SOCKETS / 1024;
  let stored: object[] = [];
  let storeMs = 0;
  let stores = 0;
  // Stored first (as the rules do), then pushed: the push is what the clients wait on.
  const push = async (round: number) => {
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
    stores++;
    stored = rows.map(present);
    const started = epochNow();
    pushNotifications(app, rows);
    return started;
  };
  return {
    heapPerSocketKb,
    window: (first: number) => window(clients, first, push),
    /** The payloads the app pushed last, for the bare server to push the same. */
    payloads: () => stored,
    storeMs: () => storeMs / Math.max(1, stores),
    async close() {
      await clients.close();
      await app.close();
      await database.close();
      removeData(seeded);
    },
  };
}

async function bareSide(payloads: () => object[]) {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  io.on('connection', (s) => s.join(userRoom(String(s.handshake.auth.token))));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const ids = Array.from({ length: SOCKETS }, (_, i) => `u${i}`);
  const clients = new Clients();
  const before = heapNow();
  await clients.connect(url, ids);
  const heapPerSocketKb = (heapNow() - before) / SOCKETS / 1024;
  const push = async () => {
    const sent = payloads();
    const started = epochNow();
    for (const [i, id] of ids.entries()) io.to(userRoom(id)).emit('notification', sent[i]);
    return started;
  };
  return {
    heapPerSocketKb,
    window: (first: number) => window(clients, first, push),
    async close() {
      await clients.close();
      io.close();
    },
  };
}

export async function notificationBenches(): Promise<BenchResult[]> {
  const app = await appSide();
  const bare = await bareSide(app.payloads);
  try {
    let round = 0;
    const next = (side: typeof app | typeof bare) => () => {
      round += ROUNDS;
      return side.window(round - ROUNDS);
    };
    await next(app)(); // warm-up, and the first payloads for the bare server
    await next(bare)();
    const apps: Window[] = [];
    const bares: Window[] = [];
    for (let i = 0; i < PAIRS; i++) {
      if (i % 2) {
        bares.push(await next(bare)());
        apps.push(await next(app)());
      } else {
        apps.push(await next(app)());
        bares.push(await next(bare)());
      }
    }
    const ratios = spread(apps.map((a, i) => a.p99 / bares[i].p99));
    const fmt = (ws: Window[], heap: number) =>
      `${ws.reduce((n, w) => n + w.delivered, 0)}/${ws.reduce((n, w) => n + w.expected, 0)} delivered, p50 ${formatSpread(spread(ws.map((w) => w.p50)), 1)} ms, p99 ${formatSpread(spread(ws.map((w) => w.p99)), 1)} ms, heap ${heap.toFixed(1)} KB/socket`;
    const allDelivered = apps.every((w) => w.delivered === w.expected);
    return [
      {
        name: `push to ${SOCKETS} authenticated sockets, ${PAIRS} pairs of ${ROUNDS} rounds, p99 (pairs ${ratios.min.toFixed(2)}–${ratios.max.toFixed(2)}; store ${app.storeMs().toFixed(0)} ms/round before push)`,
        measured: fmt(apps, app.heapPerSocketKb),
        baseline: `bare socket.io: ${fmt(bares, bare.heapPerSocketKb)}`,
        ratio: ratios.median,
        goal: '100 % delivered, p99 ≤ 1.5× bare (median)',
        met: allDelivered && ratios.median <= 1.5,
      },
    ];
  } finally {
    await bare.close();
    await app.close();
  }
}
