/**
 * Lighthouse (issue 8) on the built app as `npm run serve` runs it: the sign-in page, the home page
 * and the customer list, in Debian's Chromium, with Lighthouse's default mobile settings (a mid-range
 * phone on a slow 4G link, simulated) and its desktop preset. Goals: performance ≥ 90,
 * accessibility ≥ 95. Each row's ratio is the score over its goal (≥ 1.00 meets it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startServer, stopServer } from '../../scripts/server-process';
import type { BenchResult } from '../harness';
import { CHROMIUM, CHROMIUM_FLAGS, seedCustomers } from '../served-checkouts';

const GOALS = { performance: 90, accessibility: 95 } as const;
const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist/index.html');

/** A customer list with a full first page. */
const signInAndSeed = (base: string) =>
  seedCustomers(base, (i) => ({ name: `عميل رقم ${i}`, phoneNumber: `05${String(60_000_000 + i - 1)}` }));

/** Runs per page and form factor; the median performance score is reported (five, as Lighthouse advises). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** One Lighthouse run on a fresh tab, signed in with `token` (or signed out when it is empty). */
async function audit(
  browser: Browser,
  url: string,
  formFactor: 'mobile' | 'desktop',
  token: string,
): Promise<RunnerResult> {
  const page = await browser.newPage();
  try {
    // The token where the app keeps it (localStorage and a cookie), or nothing for sign-in. The
    // app's own page is the only place to write them, and it fills the HTTP cache.
    await page.goto(new URL('/privacy', url).href);
    await page.evaluate((t) => {
      // Browser globals: bench/ compiles without the DOM library.
      const w = globalThis as any;
      w.localStorage.clear();
      w.document.cookie = t ? `accessToken=${t}; Path=/` : 'accessToken=; Max-Age=0; Path=/';
      if (t) w.localStorage.setItem('accessToken', t);
    }, token);
    // Then a first visit: nothing in the HTTP cache. Lighthouse's own reset would do this too, but
    // would also drop the token.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      locale: 'en-US',
    };
    const run = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined, page);
    if (!run?.lhr) throw new Error(`lighthouse gave no result for ${url}`);
    return run;
  } finally {
    await page.close();
  }
}

export async function lighthouseBenches(): Promise<BenchResult[]> {
  if (!fs.existsSync(webDist)) throw new Error('the web app is not built: run `npm run build` first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-lighthouse-'));
  const server = await startServer(dataDir);
  const base = `http://127.0.0.1:${server.port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
  });
  const results: BenchResult[] = [];
  try {
    const token = await signInAndSeed(base);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const pages: { name: string; path: string; signedIn: boolean }[] = [
      { name: 'sign-in', path: '/auth/signin', signedIn: false },
      { name: 'home', path: '/', signedIn: true },
      { name: 'customer list', path: '/dashboard/customer', signedIn: true },
    ];
    for (const formFactor of ['mobile', 'desktop'] as const) {
      for (const target of pages) {
        const runs: RunnerResult[] = [];
        for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt++) {
          const run = await audit(browser, `${base}${target.path}`, formFactor, target.signedIn ? token : '');
          // A trace Chrome failed to record (NO_NAVSTART and the like) is measured again.
          if (run.lhr.runtimeError) continue;
          runs.push(run);
        }
        if (runs.length === 0) throw new Error(`lighthouse could not measure ${target.path}`);
        // Lighthouse's own advice: the median of several runs, for a score that does not jump.
        runs.sort(
          (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
        );
        const run = runs[Math.floor(runs.length / 2)];
        const lhr = run.lhr;
        if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(target.path)) {
          throw new Error(`${target.path} ended on ${lhr.finalDisplayedUrl}`);
        }
        const audits = lhr.audits;
        if (process.env.LIGHTHOUSE_DETAILS) {
          const file = path.join(os.tmpdir(), `lighthouse-${formFactor}-${target.name.replace(/\W+/g, '-')}`);
          fs.writeFileSync(`${file}.json`, JSON.stringify(lhr));
          const trace = (run.artifacts as { Trace?: unknown }).Trace;
          if (trace) fs.writeFileSync(`${file}.trace.json`, JSON.stringify(trace));
        }
        const scores = runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100));
        const spread = `${scores[0]}–${scores[scores.length - 1]}`;
        const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? 0)} ms`;
        for (const category of ['performance', 'accessibility'] as const) {
          const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
          const goal = GOALS[category];
          const failing =
            category === 'accessibility'
              ? lhr.categories.accessibility.auditRefs
                  .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
                  .map((ref) => ref.id)
              : [];
          results.push({
            name: `Lighthouse ${category}, ${target.name} (${formFactor})`,
            measured:
              category === 'performance'
                ? `${score} (median of ${runs.length}: ${spread}; FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)})`
                : `${score}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}`,
            baseline: `goal ${goal}`,
            ratio: score / goal,
            goal: '≥ 1.00',
            met: score >= goal,
          });
        }
      }
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
