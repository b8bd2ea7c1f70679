/**
 * The technician's day from the phone's cache (issue 44), `BENCH_ONLY=field-phone npm run bench`
 * after `npm run build` (the service worker is in the built web): on a phone profile — 4× CPU,
 * DevTools Slow 4G, 375×800, touch — the technician has opened `/tasks` once online (the service
 * worker installed, the working set in IndexedDB); the app is then opened again at `/tasks` on a
 * new page of the same browser profile, throttled online and then offline, and timed from navigation
 * as a person feels it: until the day is on screen (its first visit card), until that visit is open
 * (the card tapped until the visit's page shows its step button) and until its first step works
 * (that button tapped until the visit's status changes on screen). A fresh technician with a day of
 * eight visits for each run; medians of `BENCH_FIELD_PHONE_RUNS` (5). The goal («the day at /tasks
 * opens from the device's cache in ≤ 2 s») is judged on the day on screen; the other two are
 * printed beside it.
 *
 * Chromium throttles the page's own requests; what the service worker fetches from the network
 * behind a page is not throttled by the page's emulation. The app shell and the day come from the
 * worker's cache and IndexedDB here, so that touches only the background refresh of the day.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  CPU_SLOWDOWN,
  NETWORK,
  openPhoneContext,
  type Timing,
  tapUntilItWorks,
  whenVisible,
} from './first-load';
import type { BenchResult } from './harness';
import { median } from './measure';
import { ADMIN, withServedCheckouts } from './served-checkouts';

const RUNS = Number(process.env.BENCH_FIELD_PHONE_RUNS ?? 5);
/** A folder: each open's page CPU profile (`.cpuprofile`, for bench/cpu-profile-summary.mjs) and its
 * resources and paints from navigation (`.timeline.txt`), to see where the time goes. */
const PROFILE_DIR = process.env.BENCH_FIELD_PHONE_PROFILE;
let profiled = 0;
const GOAL_MS = 2000;
const VISITS = 8;
const PASSWORD = 'Field@12345';
const TIMEOUT_MS = 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const spread = (xs: number[]) => `${seconds(Math.min(...xs))}–${seconds(Math.max(...xs))}`;

/** The admin's API at `base`. */
function api(base: string, token: string) {
  return async <T = Record<string, unknown>>(url: string, body?: unknown, as = token): Promise<T> => {
    const res = await fetch(`${base}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${as}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`field-phone: ${url} answered ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** A technician with a day of eight visits from the next hour, each with a checklist; their token. */
async function technicianDay(base: string, adminToken: string, run: number) {
  const call = api(base, adminToken);
  const phoneNumber = `0541${String(run).padStart(6, '0')}`;
  const tech = await call<{ _id: string }>('/api/user', {
    name: `فهد الفني ${run + 1}`,
    phoneNumber,
    role: 'technician',
    password: PASSWORD,
  });
  const { data: cities } = await call<{ data: { _id: string; government: string }[] }>('/api/city?limit=1');
  const form = await call<{ _id: string }>('/api/form', {
    title: `صيانة مكيف ${run + 1}`,
    fields: [
      { key: 'state', type: 'select', label: 'حالة الوحدة', options: ['جيدة', 'تحتاج صيانة'] },
      { key: 'pressure', type: 'number', label: 'ضغط الفريون', min: 0, max: 600 },
      { key: 'photo', type: 'file', label: 'صورة الوحدة' },
      { key: 'sign', type: 'signature', label: 'توقيع العميل' },
    ],
  });
  const start = Date.now() + 3_600_000;
  for (let k = 0; k < VISITS; k++) {
    const customer = await call<{ _id: string }>('/api/customer', {
      name: `مؤسسة الواحة ${run + 1}-${k + 1}`,
      phoneNumber: `0551${String(run * 10 + k).padStart(6, '0')}`,
      city: cities[0]._id,
      government: cities[0].government,
      buildingNumber: '2456',
      street: 'شارع الأمير سلطان',
      district: 'الروضة',
      postalCode: '12345',
    });
    await call('/api/visit', {
      customer: customer._id,
      city: cities[0]._id,
      scheduledAt: new Date(start + k * 75 * 60_000).toISOString(),
      durationMinutes: 60,
      assignees: [tech._id],
      form: form._id,
      notes: 'البوابة الخلفية',
    });
  }
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`field-phone: the technician's sign-in answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** A new page of `context` on the phone's CPU and network, online or off. */
async function phonePage(context: BrowserContext, offline: boolean) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { ...NETWORK, offline });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (PROFILE_DIR) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  return { page, cdp };
}

/** The page's CPU profile and its timeline from navigation, into PROFILE_DIR. */
async function writeProfile(
  page: Page,
  cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>>,
  name: string,
) {
  if (!PROFILE_DIR) return;
  const { profile } = await cdp.send('Profiler.stop');
  const fs = await import('node:fs');
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const file = `${PROFILE_DIR}/${++profiled}-${name}`;
  fs.writeFileSync(`${file}.cpuprofile`, JSON.stringify(profile));
  const lines = await page.evaluate(() => {
    const { performance } = globalThis as any;
    return [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
      ...performance.getEntriesByType('paint'),
      ...performance.getEntriesByType('mark'),
    ]
      .sort((a: any, b: any) => a.startTime - b.startTime)
      .map(
        (e: any) =>
          `${e.startTime.toFixed(0).padStart(6)} → ${(e.startTime + e.duration).toFixed(0).padStart(6)} ms  ${e.entryType.padEnd(10)} ${String(e.name).replace(/^https?:\/\/[^/]+/, '')}${e.transferSize !== undefined ? `  ${e.transferSize} B sent over the network` : ''}`,
      );
  });
  fs.writeFileSync(`${file}.timeline.txt`, `${lines.join('\n')}\n`);
}

const statusText = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as any).document.querySelector('[data-testid="visit-status"]')?.textContent as
        | string
        | undefined,
  );

const CARD = '[data-testid="visit-card"]';

/**
 * Runs in the page from its first script: the first time an element matching `selector` is on
 * screen, its time from navigation start (the page's own clock) goes to `__shownAt`. It looks once
 * in the frame after the DOM changes, and not at all while nothing changes: watching each frame from
 * outside (`whenVisible`'s polling) was a layout of its own on the slowed CPU in every frame, about
 * a seventh of the main thread while the day was starting — work a person looking at the screen
 * does not cost the page.
 */
const watchShown = (selector: string) => `(() => {
  // Written as text: tsx names the inner functions of a TypeScript one (__name), which the page lacks.
  let pending = false;
  const look = () => {
    pending = false;
    if (window.__shownAt !== undefined) return;
    for (const el of document.querySelectorAll(${JSON.stringify(selector)})) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > innerHeight) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      window.__shownAt = performance.now();
      observer.disconnect();
      return;
    }
  };
  const observer = new MutationObserver(() => {
    if (!pending) {
      pending = true;
      requestAnimationFrame(look);
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** From navigation to `/tasks`: the first card on screen, then its visit's first step taken on screen. */
async function openDay(context: BrowserContext, base: string, offline: boolean) {
  const { page, cdp } = await phonePage(context, offline);
  try {
    await page.addInitScript({ content: watchShown(CARD) });
    if (PROFILE_DIR)
      await context.browser()?.startTracing(page, {
        path: `${PROFILE_DIR}/${profiled + 1}-${offline ? 'offline' : 'online'}.trace.json`,
        categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline'],
      });
    const start = performance.now();
    await page.goto(`${base}/tasks`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    // Read every 100 ms: a property, no layout.
    const shown = await page.waitForFunction(
      () => (globalThis as any).__shownAt as number | undefined,
      undefined,
      {
        polling: 100,
        timeout: TIMEOUT_MS,
      },
    );
    const card = (await shown.jsonValue()) as number;
    // The card's link to its visit, tapped until the visit's page shows its step button.
    const opened: Timing = await tapUntilItWorks(
      page,
      start,
      { selector: '[data-testid="visit-card"] a[aria-label^="الزيارة رقم"]' },
      async () =>
        page.evaluate(() => Boolean((globalThis as any).document.querySelector('[data-testid="next-step"]'))),
    );
    const before = await statusText(page);
    const step: Timing = await tapUntilItWorks(
      page,
      start,
      { selector: '[data-testid="next-step"]' },
      async () => {
        const now = await statusText(page);
        return now !== undefined && now !== before;
      },
    );
    if (PROFILE_DIR) await context.browser()?.stopTracing();
    await writeProfile(page, cdp, offline ? 'offline' : 'online');
    return { card, opened: opened.works, step: step.works };
  } finally {
    await page.close();
  }
}

interface Run {
  card: number;
  opened: number;
  step: number;
}

async function oneRun(browser: Browser, base: string, token: string) {
  const context = await openPhoneContext(browser, { base, token }, true);
  try {
    // The one online visit: the day onto the device, the shell into the worker's cache.
    const first = await context.newPage();
    await first.goto(`${base}/tasks`, { timeout: TIMEOUT_MS });
    await whenVisible(first, 'the day, online', '[data-testid="visit-card"]');
    await first.waitForFunction(
      () => {
        const { navigator, document } = globalThis as any;
        return (
          navigator.serviceWorker?.controller != null &&
          document.querySelector('[data-testid="sync-state"]')?.textContent?.includes('تمّت المزامنة')
        );
      },
      undefined,
      { timeout: TIMEOUT_MS },
    );
    await first.close();
    const online = await openDay(context, base, false);
    await context.setOffline(true);
    const offline = await openDay(context, base, true);
    return { online, offline };
  } finally {
    await context.close();
  }
}

export async function fieldPhoneBenches(): Promise<BenchResult[]> {
  const dir = `${import.meta.dirname}/..`;
  return withServedCheckouts(
    'idara-field-phone-',
    [{ name: 'this build', dir }],
    async (base) => {
      const res = await fetch(`${base}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      return ((await res.json()) as { token: string }).token;
    },
    async (browser, [served]) => {
      const runs: { online: Run; offline: Run }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const token = await technicianDay(served.base, served.token, run);
        const r = await oneRun(browser, served.base, token);
        runs.push(r);
        const line = (m: Run) =>
          `day on screen ${seconds(m.card)}, visit open ${seconds(m.opened)}, first step ${seconds(m.step)}`;
        console.log(
          `field-phone run ${run + 1}: online (Slow 4G) ${line(r.online)}; offline ${line(r.offline)}`,
        );
      }
      const load = (await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
      return (['online', 'offline'] as const).map((mode) => {
        const of = (key: keyof Run) => runs.map((r) => r[mode][key]);
        const told = (key: keyof Run) => `${seconds(median(of(key)))} (${spread(of(key))})`;
        const measured = median(of('card'));
        return {
          name: `the technician's day at /tasks from the device's cache, ${mode === 'online' ? 'online on Slow 4G' : 'offline'}: navigation → the day on screen (phone: 4× CPU, DevTools Slow 4G, 375×800; median of ${RUNS}; load ${load})`,
          measured: `${told('card')}; the first visit open ${told('opened')}, its first step taken ${told('step')}`,
          baseline: `goal ${seconds(GOAL_MS)}`,
          ratio: measured / GOAL_MS,
          goal: `≤ 1.00 (≤ ${seconds(GOAL_MS)})`,
          met: measured <= GOAL_MS,
        };
      });
    },
    Number(process.env.BENCH_FIELD_PHONE_PORT ?? 0),
  );
}
