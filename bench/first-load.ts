/**
 * First load as a person feels it (`BENCH_ONLY=first-load npm run bench`): on a throttled phone,
 * from navigation start, how long until the page's primary control is visible, and how long until
 * tapping it works — tapped every 50 ms from the moment it shows, as an impatient person would.
 *
 * This checkout's build is compared with another build of the app (`BENCH_FIRST_LOAD_BASELINE`: a
 * checkout with `npm run build` done, e.g. `git worktree add /tmp/fl-base <commit>`), each served
 * by its own server on its own database, runs interleaved so the machine's load falls on both.
 * `BENCH_FIRST_LOAD_CANDIDATE` measures another built checkout in place of this one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startServer, stopServer } from '../scripts/server-process';
import type { BenchResult } from './harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 5);
const ADMIN = { phoneNumber: '0500000000', password: 'Admin@12345' };
const TAP_EVERY_MS = 50;
/** Give up on a run after this long (a page that never works is a failure, not a number). */
const TIMEOUT_MS = 60_000;

/** Chrome DevTools' "Slow 4G" preset, and Lighthouse's mobile CPU slowdown. */
const NETWORK = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const CPU_SLOWDOWN = 4;

interface Variant {
  name: string;
  base: string;
  token: string;
}

interface Timing {
  /** When the control was first visible (ms from navigation start). */
  visible: number;
  /** When a tap on it first had its effect. */
  works: number;
}

interface Scenario {
  name: string;
  path: string;
  signedIn: boolean;
  control: string;
  measure(page: Page, start: number): Promise<Timing>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The centre of the first element matching `selector` (and text) that a person can see, or null. */
async function visibleCentre(page: Page, selector: string, text?: string) {
  return page.evaluate(
    ([sel, txt]) => {
      // Runs in the page (this package's types have no DOM).
      const { document, innerHeight } = globalThis as any;
      for (const el of document.querySelectorAll(sel)) {
        if (txt && !el.textContent?.includes(txt)) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > innerHeight) continue;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        // Not hit-tested: an inert stand-in is seen but not hit, and seen is what counts here.
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }
      return null;
    },
    [selector, text ?? ''] as const,
  );
}

async function until<T>(what: string, poll: () => Promise<T | null | false>): Promise<T> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const value = await poll();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`first-load: ${what} did not happen`);
    await sleep(10);
  }
}

/**
 * Waits for the control, then taps where it is every 50 ms until `worked` says the tap had its
 * effect (resolving once that effect is on screen). Returns both times from `start`.
 */
async function tapUntilItWorks(
  page: Page,
  start: number,
  control: { selector: string; text?: string },
  worked: () => Promise<boolean>,
): Promise<Timing> {
  const first = await until('the control showing', () => visibleCentre(page, control.selector, control.text));
  const visible = performance.now() - start;
  let at = first;
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const tappedAt = performance.now();
    await page.touchscreen.tap(at.x, at.y);
    // Works when the effect is there (a form that has to load counts until it shows).
    if (await worked()) return { visible, works: performance.now() - start };
    if (Date.now() > deadline)
      throw new Error(`first-load: tapping ${control.text ?? control.selector} never worked`);
    const wait = TAP_EVERY_MS - (performance.now() - tappedAt);
    if (wait > 0) await sleep(wait);
    // The page may have moved the control (the app replacing a stand-in): tap where it is now.
    at = (await visibleCentre(page, control.selector, control.text)) ?? at;
  }
}

const SCENARIOS: Scenario[] = [
  {
    name: 'customer list',
    path: '/dashboard/customer',
    signedIn: true,
    control: '«إضافة عميل» opens the form',
    async measure(page, start) {
      return tapUntilItWorks(page, start, { selector: 'a, button', text: 'إضافة عميل' }, async () => {
        // The tap worked once the app has gone to the form; the form itself then has to be there.
        if (!(await page.evaluate(() => (globalThis as any).location.pathname === '/dashboard/customer/new')))
          return false;
        await until('the customer form', () =>
          visibleCentre(page, 'form[aria-label="إضافة عميل"] input, form[aria-label="إضافة عميل"] textarea'),
        );
        return true;
      });
    },
  },
  {
    name: 'home',
    path: '/',
    signedIn: true,
    control: 'the menu button opens the navigation',
    async measure(page, start) {
      return tapUntilItWorks(page, start, { selector: 'button[aria-label="فتح القائمة"]' }, async () =>
        // The sidebar's link to the customers, on screen.
        Boolean(await visibleCentre(page, 'nav a[href="/dashboard/customer"]')),
      );
    },
  },
  {
    name: 'sign-in',
    path: '/auth/signin',
    signedIn: false,
    control: 'typing the phone number, then «دخول» sends the sign-in',
    async measure(page, start) {
      const typed = (selector: string, value: string) =>
        tapUntilItWorks(page, start, { selector }, async () => {
          // What an earlier attempt typed is typed over, as a person would.
          await page.evaluate((sel) => {
            const active = (globalThis as any).document.activeElement;
            if (active?.matches(sel)) active.select();
          }, selector);
          await page.keyboard.insertText(value);
          return page.evaluate(
            ([sel, v]) => {
              const active = (globalThis as any).document.activeElement;
              return Boolean(active?.matches(sel) && active.value === v);
            },
            [selector, value] as const,
          );
        });
      const phone = await typed('input[type="tel"]', ADMIN.phoneNumber);
      await typed('input[type="password"]', ADMIN.password);
      let sent = false;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/signin')
          sent = true;
      });
      const submit = await tapUntilItWorks(
        page,
        start,
        { selector: 'button[type="submit"]', text: 'دخول' },
        async () => {
          await sleep(0);
          return sent;
        },
      );
      return { visible: phone.visible, works: submit.works };
    },
  },
];

/** A phone (375×800, touch, Arabic), signed in with `variant.token` as after an earlier visit when `signedIn`. */
export async function openPhoneContext(
  browser: Browser,
  variant: { base: string; token: string },
  signedIn: boolean,
): Promise<BrowserContext> {
  const { hostname } = new URL(variant.base);
  return browser.newContext({
    viewport: { width: 375, height: 800 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ar-SA',
    // The token where the app keeps it (a cookie and localStorage), as after an earlier sign-in.
    storageState: signedIn
      ? {
          cookies: [
            {
              name: 'accessToken',
              value: variant.token,
              domain: hostname,
              path: '/',
              expires: -1,
              httpOnly: false,
              secure: false,
              sameSite: 'Lax',
            },
          ],
          origins: [{ origin: variant.base, localStorage: [{ name: 'accessToken', value: variant.token }] }],
        }
      : undefined,
  });
}

/** One first visit (empty cache) of a scenario on a variant's server. */
async function run(browser: Browser, variant: Variant, scenario: Scenario): Promise<Timing> {
  const context = await openPhoneContext(browser, variant, scenario.signedIn);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const start = performance.now();
    // Nothing can show before the document's first bytes: polling starts there.
    await page.goto(`${variant.base}${scenario.path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const timing = await scenario.measure(page, start);
    return timing;
  } finally {
    await context.close();
  }
}

async function seed(base: string): Promise<string> {
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`first-load: ${url} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const { token } = (await post('/api/auth/signin', ADMIN)) as { token: string };
  // A full first page of customers, as a working company sees it.
  for (let i = 0; i < 30; i++) {
    await post(
      '/api/customer',
      { name: `عميل رقم ${i + 1}`, phoneNumber: `05${String(60_000_000 + i)}` },
      token,
    );
  }
  return token;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const spread = (values: number[]) => `${seconds(Math.min(...values))}–${seconds(Math.max(...values))}`;

export async function firstLoadBenches(): Promise<BenchResult[]> {
  const baselineDir = process.env.BENCH_FIRST_LOAD_BASELINE;
  if (!baselineDir) {
    console.warn(
      'first-load: skipped; set BENCH_FIRST_LOAD_BASELINE to a built checkout to compare with (docs/PERFORMANCE.md, "First load")',
    );
    return [];
  }
  const checkouts = [
    { name: 'baseline', dir: path.resolve(baselineDir) },
    {
      name: 'this build',
      dir: path.resolve(process.env.BENCH_FIRST_LOAD_CANDIDATE ?? path.join(import.meta.dirname, '..')),
    },
  ];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const dataDirs: string[] = [];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results: BenchResult[] = [];
  try {
    const variants: Variant[] = [];
    for (const checkout of checkouts) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-first-load-'));
      dataDirs.push(dataDir);
      const server = await startServer(dataDir, {}, checkout.dir);
      servers.push(server);
      const base = `http://127.0.0.1:${server.port}`;
      variants.push({ name: checkout.name, base, token: await seed(base) });
    }
    const only = process.env.BENCH_FIRST_LOAD_PAGES?.split(',');
    for (const scenario of SCENARIOS.filter((s) => !only || only.includes(s.name))) {
      const timings: Timing[][] = variants.map(() => []);
      // Interleaved, and each round starts with the other variant, so neither always goes first.
      for (let round = 0; round < RUNS; round++) {
        const order = round % 2 ? [1, 0] : [0, 1];
        for (const i of order) {
          const timing = await run(browser, variants[i], scenario);
          timings[i].push(timing);
          console.log(
            `first-load ${scenario.name}, ${variants[i].name}, run ${round + 1}: visible ${seconds(timing.visible)}, works ${seconds(timing.works)}`,
          );
        }
      }
      const [base, mine] = timings;
      const works = (t: Timing[]) => t.map((x) => x.works);
      const visible = (t: Timing[]) => t.map((x) => x.visible);
      const summary = (t: Timing[]) =>
        `works ${seconds(median(works(t)))} (${spread(works(t))}), visible ${seconds(median(visible(t)))} (${spread(visible(t))}), visible → works ${seconds(median(t.map((x) => x.works - x.visible)))}`;
      const ratio = median(works(mine)) / median(works(base));
      results.push({
        name: `first load, ${scenario.name}: ${scenario.control} (phone: 4× CPU, slow 4G, 375×800; median of ${RUNS})`,
        measured: summary(mine),
        baseline: `${summary(base)} (${path.basename(checkouts[0].dir)})`,
        ratio,
        goal: '≤ 1.00',
        met: ratio <= 1,
      });
    }
  } finally {
    await browser.close();
    for (const server of servers) await stopServer(server.child);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
