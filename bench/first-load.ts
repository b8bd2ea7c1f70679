/**
 * First load as a person feels it (`BENCH_ONLY=first-load npm run bench`), on a throttled phone.
 *
 * **Sign-in, then home** (issue 41 item 7; always measured): from navigation to `/auth/signin`,
 * how long until a tap on «دخول» (the «تسجيل الدخول» form's button) sends the sign-in — the phone
 * number and password typed into their fields first, each tapped until typing goes in — and from
 * that moment until a tap on the first home card works (the app goes to the list the card opens).
 * Each run does it twice in one browser context: with an empty cache, then signed out (cookies and
 * storage cleared) with the cache the first visit filled. Goals: empty cache ≤ 3 s and ≤ 2 s, warm
 * ≤ 1.5 s and ≤ 1.5 s (medians of `BENCH_FIRST_LOAD_RUNS`, 5).
 *
 * **Per page** (only with `BENCH_FIRST_LOAD_BASELINE`): on sign-in, home and the customer list,
 * from navigation start, how long until the page's primary control is visible, and how long until
 * tapping it works — tapped every 50 ms from the moment it shows, as an impatient person would.
 *
 * This checkout's build can be compared with another build of the app (`BENCH_FIRST_LOAD_BASELINE`:
 * a checkout with `npm run build` done, e.g. `git worktree add /tmp/fl-base <commit>`), each served
 * by its own server on its own database, runs interleaved so the machine's load falls on both.
 * `BENCH_FIRST_LOAD_CANDIDATE` measures another built checkout in place of this one.
 * `BENCH_FIRST_LOAD_WATERFALL=1` prints each request of the first sign-in → home run of each build
 * (start, end, size, what asked for it), `BENCH_FIRST_LOAD_PORT=<n>` serves the builds on ports n, n+1.
 */
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import type { BenchResult } from './harness';
import { median } from './measure';
import { ADMIN, seedCustomers, withServedCheckouts } from './served-checkouts';

const RUNS = Number(process.env.BENCH_FIRST_LOAD_RUNS ?? 5);
const TAP_EVERY_MS = 50;
/** Give up on a run after this long (a page that never works is a failure, not a number). */
const TIMEOUT_MS = 60_000;

/**
 * Chrome DevTools' "Slow 4G" preset (devtools-frontend `front_end/core/sdk/NetworkManager.ts`,
 * `Slow4GConditions`, "Fast 3G" until May 2024): 1.6 Mbit/s · 0.9 down = 180,000 B/s, 750 kbit/s ·
 * 0.9 up = 84,375 B/s, 150 ms RTT · 3.75 = 562.5 ms latency — Lighthouse's `mobileSlow4G`
 * (`core/config/constants.js`: the same RTT · 3.75 and throughput · 0.9, with kbit = 1024 bit),
 * and its `cpuSlowdownMultiplier` 4 for the CPU.
 */
export const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180_000,
  uploadThroughput: 84_375,
};
export const CPU_SLOWDOWN = 4;
/** Issue 41 item 7's goals, in ms. */
const GOALS = { empty: { signIn: 3000, home: 2000 }, warm: { signIn: 1500, home: 1500 } };

interface Variant {
  name: string;
  base: string;
  token: string;
}

export interface Timing {
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

/** The centre of the first element matching `selector` (and text) that a person can see, or null. Runs in the page. */
function centreInPage([sel, txt]: readonly [string, string]) {
  // This package's types have no DOM.
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
}

export const visibleCentre = (page: Page, selector: string, text?: string) =>
  page.evaluate(centreInPage, [selector, text ?? ''] as const);

/**
 * Waits until such an element shows, looking once per frame from inside the page: polling it from
 * here every few milliseconds was a task of its own on the phone's slowed main thread each time,
 * work that a person looking at the screen does not cost the page.
 */
export async function whenVisible(page: Page, what: string, selector: string, text?: string) {
  try {
    const handle = await page.waitForFunction(centreInPage, [selector, text ?? ''] as const, {
      polling: 'raf',
      timeout: TIMEOUT_MS,
    });
    return (await handle.jsonValue()) as { x: number; y: number };
  } catch (error) {
    throw new Error(`first-load: ${what} did not show (${(error as Error).message})`);
  }
}

/**
 * Waits for the control, then taps where it is every 50 ms until `worked` says the tap had its
 * effect (resolving once that effect is on screen). Returns both times from `start`.
 */
export async function tapUntilItWorks(
  page: Page,
  start: number,
  control: { selector: string; text?: string },
  worked: () => Promise<boolean>,
): Promise<Timing> {
  const first = await whenVisible(page, 'the control', control.selector, control.text);
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

/**
 * On the sign-in page: types the admin's phone number and password (each field tapped until typing
 * goes in), then taps «دخول» until the sign-in request goes out. `answered` settles with the
 * server's answer to it.
 */
async function typeAndSend(page: Page, start: number) {
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
  const isSignin = (request: Request) =>
    request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/signin';
  const phone = await typed('input[type="tel"]', ADMIN.phoneNumber);
  const password = await typed('input[type="password"]', ADMIN.password);
  let sent = false;
  page.on('request', (request) => {
    if (isSignin(request)) sent = true;
  });
  const answered = page.waitForResponse((response) => isSignin(response.request()), { timeout: TIMEOUT_MS });
  // Not left unhandled if the run fails before the answer is awaited.
  answered.catch(() => {});
  const submit = await tapUntilItWorks(
    page,
    start,
    { selector: 'button[type="submit"]', text: 'دخول' },
    async () => {
      await sleep(0);
      return sent;
    },
  );
  return { phone, password, submit, answered };
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
        await whenVisible(
          page,
          'the customer form',
          'form[aria-label="إضافة عميل"] input, form[aria-label="إضافة عميل"] textarea',
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
      const { phone, submit } = await typeAndSend(page, start);
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

/** A new page of `context` on the phone's CPU and network (CDP, so the throttling is Chromium's own). */
export async function throttledPage(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

/** One request as CDP's Network domain reports it, times in ms from the document's request. */
interface Fetched {
  url: string;
  start: number;
  end?: number;
  /** Bytes on the wire (0 from the cache). */
  bytes: number;
  cached: boolean;
  status?: number;
  /** What asked for it: the parser (the HTML), a script (its file), a preload. */
  initiator: string;
}

/** Records every request of `cdp`'s page: start, end, size, initiator. */
function recordWaterfall(cdp: CDPSession) {
  const byId = new Map<string, Fetched>();
  let t0: number | undefined;
  const ms = (timestamp: number) => Math.round((timestamp - (t0 ?? timestamp)) * 1000);
  const file = (url: string) => {
    const u = new URL(url);
    return u.pathname === '/' ? u.pathname : u.pathname.replace(/^\/assets\//, '') + u.search;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    t0 ??= e.timestamp;
    const frame = e.initiator.stack?.callFrames[0] ?? e.initiator.stack?.parent?.callFrames[0];
    const by = e.initiator.url ?? frame?.url;
    byId.set(e.requestId, {
      url: file(e.request.url),
      start: ms(e.timestamp),
      bytes: 0,
      cached: false,
      initiator: `${e.initiator.type}${by ? ` ${file(by)}` : ''}`,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.cached ||= Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache);
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (!r) return;
    r.end = ms(e.timestamp);
    r.bytes = e.encodedDataLength;
  });
  return () => [...byId.values()].sort((a, b) => a.start - b.start);
}

function printWaterfall(title: string, requests: Fetched[], marks: Record<string, number>) {
  const rows = requests.map((r) => ({ at: r.start, line: r }));
  console.log(`\n${title}: ${requests.length} requests`);
  const marked = Object.entries(marks).map(([name, at]) => ({ at, name }));
  for (const { at, line } of rows) {
    while (marked.length && marked[0].at <= at) {
      const m = marked.shift()!;
      console.log(`  ${String(Math.round(m.at)).padStart(6)} ms  ── ${m.name}`);
    }
    const end = line.end === undefined ? '     …' : String(line.end).padStart(6);
    const size = line.cached ? 'cache' : `${(line.bytes / 1024).toFixed(1)} KB`;
    console.log(
      `  ${String(line.start).padStart(6)} → ${end} ms  ${size.padStart(8)}  ${line.status ?? '   '}  ${line.url}  ← ${line.initiator}`,
    );
  }
  for (const m of marked) console.log(`  ${String(Math.round(m.at)).padStart(6)} ms  ── ${m.name}`);
}

/** Issue 41 item 7's two numbers for one visit. */
interface Journey {
  /** Navigation start → the tap on «دخول» that sends the sign-in, the form filled first (ms). */
  signIn: number;
  /** That moment → a tap on the first home card taking the app to its list (ms). */
  home: number;
}

/**
 * One visit to sign-in on a new page of `context` (its HTTP cache as earlier visits left it):
 * the form filled and sent, then the first home card tapped every 50 ms from when it shows until
 * the app goes where it links. Signs out after (cookies and storage cleared), keeping the cache.
 */
async function signInThenHome(context: BrowserContext, base: string, waterfall?: string): Promise<Journey> {
  const { page, cdp } = await throttledPage(context);
  const requests = recordWaterfall(cdp);
  try {
    const start = performance.now();
    await page.goto(`${base}/auth/signin`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const { phone, password, submit, answered } = await typeAndSend(page, start);
    const card = await tapUntilItWorks(page, start, { selector: '[data-testid="kpi-cards"] a' }, async () => {
      const path = await page.evaluate(() => (globalThis as any).location.pathname as string);
      return path !== '/' && path !== '/auth/signin';
    });
    const response = await answered;
    if (response.status() !== 200) throw new Error(`first-load: the sign-in answered ${response.status()}`);
    if (waterfall) {
      printWaterfall(waterfall, requests(), {
        'phone field visible': phone.visible,
        'phone number typed': phone.works,
        'password typed': password.works,
        'tap on «دخول» sends the sign-in': submit.works,
        'home card visible': card.visible,
        'tap on the home card works': card.works,
      });
    }
    await page.evaluate(() => (globalThis as any).localStorage.clear());
    return { signIn: submit.works, home: card.works - submit.works };
  } finally {
    await context.clearCookies();
    await page.close();
  }
}

/** A new phone context: sign-in → home with an empty cache, then again with the cache it filled. */
async function journeys(browser: Browser, variant: Variant, waterfall: boolean) {
  const context = await openPhoneContext(browser, variant, false);
  try {
    const label = (cache: string) => (waterfall ? `${variant.name}, ${cache} cache` : undefined);
    const empty = await signInThenHome(context, variant.base, label('empty'));
    const warm = await signInThenHome(context, variant.base, label('warm'));
    return { empty, warm };
  } finally {
    await context.close();
  }
}

/** One first visit (empty cache) of a scenario on a variant's server. */
async function run(browser: Browser, variant: Variant, scenario: Scenario): Promise<Timing> {
  const context = await openPhoneContext(browser, variant, scenario.signedIn);
  try {
    const { page } = await throttledPage(context);
    const start = performance.now();
    // Nothing can show before the document's first bytes: polling starts there.
    await page.goto(`${variant.base}${scenario.path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const timing = await scenario.measure(page, start);
    return timing;
  } finally {
    await context.close();
  }
}

/** A full first page of customers. */
const seed = (base: string) =>
  seedCustomers(base, (i) => ({ name: `عميل رقم ${i}`, phoneNumber: `05${String(60_000_000 + i - 1)}` }));

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const spread = (values: number[]) => `${seconds(Math.min(...values))}–${seconds(Math.max(...values))}`;

/** The journey's four medians against the goals: one line each, the baseline's beside when there is one. */
function journeyResults(mine: JourneyRuns, base: JourneyRuns | undefined, baseName: string): BenchResult[] {
  const parts = [
    ['empty', 'signIn', 'empty cache: navigation → a tap on «دخول» sends the sign-in (form filled)'],
    ['empty', 'home', 'empty cache: that tap → a tap on the first home card works'],
    ['warm', 'signIn', 'warm cache: navigation → a tap on «دخول» sends the sign-in (form filled)'],
    ['warm', 'home', 'warm cache: that tap → a tap on the first home card works'],
  ] as const;
  return parts.map(([cache, part, label]) => {
    const of = (runs: JourneyRuns) => runs[cache].map((j) => j[part]);
    const goal = GOALS[cache][part];
    const measured = median(of(mine));
    const baseline = base
      ? `${seconds(median(of(base)))} (${spread(of(base))}; ${(median(of(base)) / goal).toFixed(2)} of the goal; ${baseName})`
      : `goal ${seconds(goal)}`;
    return {
      name: `first load, sign-in → home, ${label} (phone: 4× CPU, DevTools Slow 4G, 375×800; median of ${mine[cache].length})`,
      measured: `${seconds(measured)} (${spread(of(mine))})`,
      baseline,
      ratio: measured / goal,
      goal: `≤ 1.00 (≤ ${seconds(goal)})`,
      met: measured <= goal,
    };
  });
}

interface JourneyRuns {
  empty: Journey[];
  warm: Journey[];
}

export async function firstLoadBenches(): Promise<BenchResult[]> {
  const baselineDir = process.env.BENCH_FIRST_LOAD_BASELINE;
  const checkouts = [
    ...(baselineDir ? [{ name: 'baseline', dir: path.resolve(baselineDir) }] : []),
    {
      name: 'this build',
      dir: path.resolve(process.env.BENCH_FIRST_LOAD_CANDIDATE ?? path.join(import.meta.dirname, '..')),
    },
  ];
  const firstPort = Number(process.env.BENCH_FIRST_LOAD_PORT ?? 0);
  const measure = async (browser: Browser, variants: Variant[]) => {
    const results: BenchResult[] = [];
    const only = process.env.BENCH_FIRST_LOAD_PAGES?.split(',');
    const order = (round: number) => {
      const indexes = variants.map((_, i) => i);
      return round % 2 ? indexes.reverse() : indexes;
    };

    if (!only || only.includes('sign-in → home')) {
      const runs: JourneyRuns[] = variants.map(() => ({ empty: [], warm: [] }));
      for (let round = 0; round < RUNS; round++) {
        for (const i of order(round)) {
          const waterfall = round === 0 && Boolean(process.env.BENCH_FIRST_LOAD_WATERFALL);
          const { empty, warm } = await journeys(browser, variants[i], waterfall);
          runs[i].empty.push(empty);
          runs[i].warm.push(warm);
          console.log(
            `first-load sign-in → home, ${variants[i].name}, run ${round + 1}: empty cache ${seconds(empty.signIn)} + ${seconds(empty.home)}, warm ${seconds(warm.signIn)} + ${seconds(warm.home)}`,
          );
        }
      }
      const mine = runs.at(-1)!;
      const base = variants.length > 1 ? runs[0] : undefined;
      results.push(...journeyResults(mine, base, path.basename(checkouts[0].dir)));
      const line = (name: string, r: JourneyRuns) => {
        const m = (cache: 'empty' | 'warm', part: keyof Journey) =>
          seconds(median(r[cache].map((j) => j[part])));
        return `  ${name.padEnd(11)} empty cache ${m('empty', 'signIn')} + ${m('empty', 'home')} (goals 3 s + 2 s), warm ${m('warm', 'signIn')} + ${m('warm', 'home')} (goals 1.5 s + 1.5 s)`;
      };
      console.log(`\nfirst-load sign-in → home, medians of ${RUNS}:`);
      for (const [i, v] of variants.entries()) console.log(line(v.name, runs[i]));
    }

    // The per-page comparison needs a baseline.
    if (variants.length < 2) {
      console.warn(
        'first-load: per-page comparison skipped; set BENCH_FIRST_LOAD_BASELINE to a built checkout to compare with (docs/PERFORMANCE.md, "First load")',
      );
      return results;
    }
    for (const scenario of SCENARIOS.filter((s) => !only || only.includes(s.name))) {
      const timings: Timing[][] = variants.map(() => []);
      // Interleaved, and each round starts with the other variant, so neither always goes first.
      for (let round = 0; round < RUNS; round++) {
        for (const i of order(round)) {
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
    return results;
  };
  return withServedCheckouts('idara-first-load-', checkouts, seed, measure, firstPort);
}
