/**
 * What the browser benches (bytes, first-load, lighthouse) share: the Chromium they drive, the
 * servers of the checkouts they compare, and the data those servers are seeded with over HTTP (the
 * administrator's sign-in and a customer list with a full first page, as a working company sees it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { startServer, stopServer } from '../scripts/server-process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless, and nothing in the background that would add requests or CPU to what is measured. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** The administrator every fresh database starts with. */
export const ADMIN = { phoneNumber: '0500000000', password: 'Admin@12345' };

/** Signs in as ADMIN at `base`, adds `count` customers (`customer(i)`, i from 1) and returns the token. */
export async function seedCustomers(
  base: string,
  customer: (i: number) => Record<string, string>,
  count = 30,
): Promise<string> {
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`seeding ${base}: ${url} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const { token } = (await post('/api/auth/signin', ADMIN)) as { token: string };
  for (let i = 1; i <= count; i++) await post('/api/customer', customer(i), token);
  return token;
}

/** A built checkout to serve: the baseline's or this one. */
export interface Checkout {
  name: string;
  dir: string;
}

/** A checkout being served: where, the seeded administrator's token, the server's process id. */
export interface ServedCheckout {
  name: string;
  base: string;
  token: string;
  pid: number;
}

/**
 * Serves each checkout as `npm run serve` does, from a fresh data directory in `os.tmpdir()` named
 * `tmpPrefix…` and seeded by `seed`, launches Chromium, and hands both to `measure`; stops and
 * removes everything after, whatever happens. With `firstPort` the servers listen on it and the
 * ports after it, in order; else on any free port.
 */
export async function withServedCheckouts<T>(
  tmpPrefix: string,
  checkouts: Checkout[],
  seed: (base: string) => Promise<string>,
  measure: (browser: Browser, served: ServedCheckout[]) => Promise<T>,
  firstPort = 0,
): Promise<T> {
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const dataDirs: string[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const served: ServedCheckout[] = [];
    for (const [i, checkout] of checkouts.entries()) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
      dataDirs.push(dataDir);
      const port: Record<string, string> = firstPort ? { PORT: String(firstPort + i) } : {};
      const server = await startServer(dataDir, port, checkout.dir);
      servers.push(server);
      const base = `http://127.0.0.1:${server.port}`;
      served.push({ name: checkout.name, base, token: await seed(base), pid: server.child.pid! });
    }
    return await measure(browser, served);
  } finally {
    await browser.close();
    for (const server of servers) await stopServer(server.child);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
