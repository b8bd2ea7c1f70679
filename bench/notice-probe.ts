/**
 * Notifications under load, watched from outside the servers: a socket.io client signed in as one
 * user counts every notification it receives, while probe writes (a task assigned to that user,
 * sent at a steady rate to a chosen app process) time the way from the write to the push.
 */
import fs from 'node:fs';
import { io as connect, type Socket } from 'socket.io-client';
import { callApi } from './mixed-load';

export interface ProbeResult {
  /** Probe tasks the server accepted. */
  sent: number;
  /** Their notices the socket received. */
  received: number;
  /** Milliseconds from sending each received probe's write to its notice arriving. */
  latencies: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `done` every 50 ms for at most `ms`; whether it came true. */
export async function settle(done: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) return false;
    await sleep(50);
  }
  return true;
}

let nextProbe = 0;

/** A websocket as the browser opens it (websocket only, token in the handshake), once connected. */
export async function watch(url: string, token: string) {
  const socket: Socket = connect(url, { transports: ['websocket'], auth: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const customers: number[] = [];
  const sentAt = new Map<number, number>();
  const latency = new Map<number, number>();
  socket.on('notification', (n: { description: string }) => {
    const customer = /عميل ضغط (\d+)/.exec(n.description)?.[1];
    if (customer) customers.push(Number(customer));
    const probe = Number(/مسبار (\d+)/.exec(n.description)?.[1]);
    if (sentAt.has(probe)) latency.set(probe, performance.now() - sentAt.get(probe)!);
  });
  return {
    /** Notices received of new customers numbered from `first` to `last` (the load's, by rule). */
    customerNotices: (first: number, last: number) => customers.filter((c) => c >= first && c <= last).length,
    /**
     * For `seconds`, every `everyMs` one task for `assignee` written through `base` by the holder of
     * `writer`; then up to 30 s for their notices.
     */
    async probe(base: string, writer: string, assignee: string, everyMs: number, seconds: number) {
      const end = Date.now() + seconds * 1000;
      const accepted: number[] = [];
      const writes: Promise<void>[] = [];
      while (Date.now() < end) {
        const n = ++nextProbe;
        sentAt.set(n, performance.now());
        writes.push(
          callApi(base, 'POST', '/api/task', { title: `مسبار ${n}`, assignee }, writer).then((task) => {
            if (task._id) accepted.push(n);
          }),
        );
        await sleep(everyMs);
      }
      await Promise.all(writes);
      await settle(() => accepted.every((n) => latency.has(n)), 30_000);
      const arrived = accepted.filter((n) => latency.has(n));
      return {
        sent: accepted.length,
        received: arrived.length,
        latencies: arrived.map((n) => latency.get(n)!),
      } satisfies ProbeResult;
    },
    close: () => socket.disconnect(),
  };
}

/**
 * Which of `ports` nginx (master `pid` and its workers) holds an established connection to: between
 * loads, with no upstream keep-alive, only a proxied websocket stays open, so this is the app
 * process a socket connected through nginx landed on. From /proc: nginx's socket inodes, matched
 * against the kernel's TCP table.
 */
export function nginxUpstreams(pid: number, ports: number[]) {
  const inodes = new Set<string>();
  for (const p of processTree(pid)) {
    for (const fd of fs.readdirSync(`/proc/${p}/fd`)) {
      const target = fs.readlinkSync(`/proc/${p}/fd/${fd}`, { encoding: 'utf8' });
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }
  }
  const established = '01';
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[3] === established && inodes.has(f[9]))
    .map((f) => Number.parseInt(f[2].split(':')[1], 16))
    .filter((port) => ports.includes(port));
}

/** `pid` and its child processes (nginx's master and its workers). */
export function processTree(pid: number) {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  return [pid, ...children.filter(Boolean).map(Number)];
}
