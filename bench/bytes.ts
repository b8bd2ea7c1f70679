/**
 * Bytes a phone pays for (`BENCH_ONLY=bytes npm run bench`): each page opened in Chromium on a
 * phone-sized screen with an empty cache, every response's bytes on the wire (headers included,
 * as compressed: CDP's `Network.loadingFinished` `encodedDataLength`) summed until the page is
 * drawn and the network is quiet; then a page of 20 customers as JSON, plain and compressed, and
 * the server CPU a compressed answer costs.
 *
 * Compared with another built checkout (`BENCH_BYTES_BASELINE`, e.g. the commit before a change,
 * `npm run build` done there) measured the same way in the same run; without one, with the sizes
 * issue 26 recorded. `BENCH_BYTES_RUNS` visits per page (3), `BENCH_BYTES_REQUESTS` requests per
 * round for the CPU figure (400).
 */

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { rawGet } from '../apps/api/src/test/processes';
import { openPhoneContext } from './first-load';
import type { BenchResult } from './harness';
import { median } from './measure';
import { type ServedCheckout, seedCustomers, withServedCheckouts } from './served-checkouts';

const RUNS = Number(process.env.BENCH_BYTES_RUNS ?? 3);
const REQUESTS = Number(process.env.BENCH_BYTES_REQUESTS ?? 400);
const TIMEOUT_MS = 60_000;
const LIST = '/api/customer?page=1&limit=20&sort=-createdAt';

interface PageVisit {
  name: string;
  path: string;
  signedIn: boolean;
  /** Shown once the page is drawn (then the network has to go quiet too). */
  ready: string;
  /** Issue 26's figure for the page, in KB, when no baseline build is given. */
  recorded: number;
}

const PAGES: PageVisit[] = [
  { name: 'sign-in', path: '/auth/signin', signedIn: false, ready: 'input[type="tel"]', recorded: 306 },
  { name: 'home', path: '/', signedIn: true, ready: '#page-title', recorded: 552 },
  {
    name: 'customer list',
    path: '/dashboard/customer',
    signedIn: true,
    ready: 'table tbody tr >> nth=19',
    recorded: 494,
  },
  { name: 'order form', path: '/dashboard/order/new', signedIn: true, ready: 'form input', recorded: 560 },
  {
    name: 'form builder',
    path: '/dashboard/formBuilder/new',
    signedIn: true,
    ready: '[aria-label="عنوان النموذج"]',
    recorded: 493,
  },
];

type Variant = ServedCheckout;

/** Bytes by the kind of resource (CDP's resource type) and the font files fetched. */
interface Visit {
  total: number;
  byType: Record<string, number>;
  fonts: string[];
}

async function visit(browser: Browser, variant: Variant, page: PageVisit): Promise<Visit> {
  const context = await openPhoneContext(browser, variant, page.signedIn);
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, { type: string; url: string }>();
    const result: Visit = { total: 0, byType: {}, fonts: [] };
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
    cdp.on('Network.loadingFinished', (e) => {
      const seen = types.get(e.requestId) ?? { type: 'Other', url: '' };
      result.total += e.encodedDataLength;
      result.byType[seen.type] = (result.byType[seen.type] ?? 0) + e.encodedDataLength;
      if (seen.type === 'Font') result.fonts.push(path.basename(new URL(seen.url).pathname));
    });
    await tab.goto(`${variant.base}${page.path}`, { timeout: TIMEOUT_MS });
    await tab.locator(page.ready).first().waitFor({ timeout: TIMEOUT_MS });
    // The faces the drawn text asks for, then whatever they and the page still fetch.
    await tab.evaluate(() => (globalThis as any).document.fonts.ready);
    await tab.waitForLoadState('networkidle', { timeout: TIMEOUT_MS });
    return result;
  } finally {
    await context.close();
  }
}

/** User + system CPU of a process so far, in ms (Linux /proc). */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Server CPU per `GET LIST` (µs) with each Accept-Encoding, interleaved over five rounds. */
async function cpuPerRequest(variant: Variant, encodings: string[]) {
  const perRound: Record<string, number[]> = Object.fromEntries(encodings.map((e) => [e, []]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const url = `${variant.base}${LIST}`;
  const one = (encoding: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(
          url,
          { agent, headers: { authorization: `Bearer ${variant.token}`, 'accept-encoding': encoding } },
          (res) => {
            res.resume();
            res.on('end', resolve);
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
  for (let round = 0; round < 5; round++) {
    for (const encoding of round % 2 ? [...encodings].reverse() : encodings) {
      const before = cpuMs(variant.pid);
      for (let i = 0; i < REQUESTS; i += 4) await Promise.all([0, 1, 2, 3].map(() => one(encoding)));
      perRound[encoding].push(((cpuMs(variant.pid) - before) * 1000) / REQUESTS);
    }
  }
  agent.destroy();
  return perRound;
}

/** What each compression setting makes of one answer, and its CPU per call (µs, in this process). */
function settingsTable(body: Buffer) {
  const settings: [string, (b: Buffer) => Buffer][] = [
    ...[4, 5, 6, 11].map((q): [string, (b: Buffer) => Buffer] => [
      `brotli quality ${q}`,
      (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q } }),
    ]),
    ...[1, 6, 9].map((level): [string, (b: Buffer) => Buffer] => [
      `gzip level ${level}`,
      (b) => zlib.gzipSync(b, { level }),
    ]),
  ];
  return settings
    .map(([name, compress]) => {
      const calls = name === 'brotli quality 11' ? 20 : 500;
      let size = 0;
      const before = process.cpuUsage();
      for (let i = 0; i < calls; i++) size = compress(body).length;
      const used = process.cpuUsage(before);
      return `  ${name}: ${size} B, ${((used.user + used.system) / calls).toFixed(0)} µs`;
    })
    .join('\n');
}

/** More than a page of customers, with the details a real list shows. */
const seed = (base: string) =>
  seedCustomers(base, (i) => ({
    name: `شركة الأمل للتجارة والمقاولات ${i}`,
    phoneNumber: `05${String(60_000_000 + i - 1)}`,
    email: `customer${i}@example.sa`,
    street: 'طريق الملك فهد',
    district: 'حي العليا',
  }));

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const spread = (values: number[]) =>
  Math.min(...values) === Math.max(...values)
    ? ''
    : ` (${kb(Math.min(...values))}–${kb(Math.max(...values))})`;
const TYPES = ['Document', 'Script', 'Stylesheet', 'Font', 'Fetch', 'XHR', 'Image', 'Other'];

function summarise(visits: Visit[]) {
  const totals = visits.map((v) => v.total);
  const last = visits[visits.length - 1];
  const parts = TYPES.filter((t) => last.byType[t]).map((t) => `${t.toLowerCase()} ${kb(last.byType[t])}`);
  return `${kb(median(totals))}${spread(totals)}: ${parts.join(', ')}; fonts: ${last.fonts.join(' ') || 'none'}`;
}

export async function bytesBenches(): Promise<BenchResult[]> {
  const checkouts = [
    ...(process.env.BENCH_BYTES_BASELINE
      ? [{ name: 'baseline', dir: path.resolve(process.env.BENCH_BYTES_BASELINE) }]
      : []),
    { name: 'this build', dir: path.resolve(import.meta.dirname, '..') },
  ];
  return withServedCheckouts('idara-bytes-', checkouts, seed, async (browser, variants) => {
    const results: BenchResult[] = [];
    const mine = variants[variants.length - 1];
    const base = variants.length > 1 ? variants[0] : undefined;

    for (const page of PAGES) {
      const visits: Visit[][] = variants.map(() => []);
      for (let round = 0; round < RUNS; round++) {
        for (const [i, variant] of variants.entries()) {
          const v = await visit(browser, variant, page);
          visits[i].push(v);
          console.log(`bytes ${page.name}, ${variant.name}, run ${round + 1}: ${summarise([v])}`);
        }
      }
      const measured = median(visits[visits.length - 1].map((v) => v.total));
      const baseline = base ? median(visits[0].map((v) => v.total)) : page.recorded * 1000;
      results.push({
        name: `bytes on the wire, ${page.name} (first visit, empty cache, 375×800; median of ${RUNS})`,
        measured: summarise(visits[visits.length - 1]),
        baseline: base
          ? `${summarise(visits[0])} (${path.basename(checkouts[0].dir)})`
          : `${page.recorded} KB (issue 26)`,
        ratio: measured / baseline,
        goal: '< 1.00',
        met: measured < baseline,
      });
    }

    // The list answer a phone asks for most, as each encoding sends it.
    const sizes: Record<string, number> = {};
    for (const encoding of ['identity', 'gzip', 'br']) {
      const res = await rawGet(`${mine.base}${LIST}`, {
        authorization: `Bearer ${mine.token}`,
        'accept-encoding': encoding,
      });
      sizes[encoding] = res.body.length;
      if (encoding === 'identity')
        console.log(`bytes ${LIST}, the settings compared:\n${settingsTable(res.body)}`);
      console.log(
        `bytes ${LIST} accept-encoding ${encoding}: ${res.body.length} B (${res.headers['content-encoding'] ?? 'plain'})`,
      );
    }
    results.push({
      name: `customer list JSON, page of 20 (\`${LIST}\`): brotli against plain`,
      measured: `${sizes.br} B brotli, ${sizes.gzip} B gzip`,
      baseline: `${sizes.identity} B plain`,
      ratio: sizes.br / sizes.identity,
      goal: '≤ 0.25',
      met: sizes.br / sizes.identity <= 0.25,
    });

    const cpu = await cpuPerRequest(mine, ['identity', 'br', 'gzip']);
    const us = (values: number[]) =>
      `${median(values).toFixed(0)} µs (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
    results.push({
      name: `server CPU per customer page (${REQUESTS} requests × 5 interleaved rounds, 4 at a time): brotli against plain`,
      measured: `brotli ${us(cpu.br)}, gzip ${us(cpu.gzip)}`,
      baseline: `plain ${us(cpu.identity)}`,
      ratio: median(cpu.br) / median(cpu.identity),
      goal: '≤ 1.25',
      met: median(cpu.br) / median(cpu.identity) <= 1.25,
    });
    return results;
  });
}
