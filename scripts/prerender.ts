/**
 * Prerendered first paint, the build's half (docs/ARCHITECTURE.md, "Prerendered pages").
 *
 * Starts the built server on a throwaway embedded database, opens each page of PAGES in Chromium
 * at a phone's width and a desktop's, and keeps the DOM its first commit produced (its loading
 * state: title, toolbar, empty table, skeletons — no records), the permission checks that commit
 * made, and the stylesheets its code added. Writes them to `apps/web/dist/prerender.json`; the
 * server (`apps/api/src/http/prerender.ts`) puts a page's markup in the HTML for visitors the checks
 * answer the same for. Without Chromium it writes nothing and the app starts on its loading screen.
 *
 *   node --import tsx scripts/prerender.ts [webDist]
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import type { PrerenderedPage } from '../apps/api/src/http/prerender';
import { startServer, stopServer } from './server-process';

/** The pages people open first: sign-in, home, and the lists they bookmark. No query, no record. */
export const PAGES: { path: string; guest?: boolean }[] = [
  { path: '/auth/signin', guest: true },
  { path: '/' },
  { path: '/dashboard/customer' },
  { path: '/dashboard/order' },
  { path: '/dashboard/payment' },
  { path: '/dashboard/task' },
  { path: '/tasks' },
];

/** Where list filters fold behind a button (`MoreFilters`): below it the phone capture is shown. */
const WIDTHS = [
  { name: 'narrow', width: 375, height: 812, mobile: true },
  { name: 'wide', width: 1280, height: 900, mobile: false },
] as const;

interface Capture {
  html: string;
  checks: [string, boolean][];
  styleHrefs: string[];
  /** The app's scripts fetched before the first page committed, in the order they were asked for. */
  scripts: string[];
  /** Those fetched after it, until the network settled (the header's menus, the page's dialogs). */
  laterScripts: string[];
  path: string;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');

async function capture(
  browser: Browser,
  base: string,
  page: (typeof PAGES)[number],
  width: (typeof WIDTHS)[number],
  token: string,
): Promise<Capture> {
  const context = await browser.newContext({
    viewport: { width: width.width, height: width.height },
    isMobile: width.mobile,
    hasTouch: width.mobile,
  });
  const tab = await context.newPage();
  try {
    // The token where the app keeps it, written on a page that is not prerendered.
    await tab.goto(`${base}/privacy`);
    await tab.evaluate(
      (t) => {
        localStorage.clear();
        if (t) localStorage.setItem('accessToken', t);
      },
      page.guest ? '' : token,
    );
    await tab.addInitScript(() => {
      const w = window as any;
      // Same-origin `/assets/…js` the document has fetched so far, in the order it asked for them.
      w.__idaraFetchedScripts = () =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name))
          .filter((url) => url.origin === location.origin && /^\/assets\/[\w.-]+\.js$/.test(url.pathname))
          .map((url) => url.pathname);
      const checks = new Map<string, boolean>();
      w.__IDARA_PRERENDER__ = {
        checks,
        capture() {
          if (w.__idaraCaptured) return;
          w.__idaraCaptured = {
            html: document.getElementById('root')?.innerHTML ?? '',
            checks: [...checks],
            styleHrefs: [...document.querySelectorAll('link[rel="stylesheet"]')].map(
              (l) => new URL((l as HTMLLinkElement).href).pathname,
            ),
            scripts: w.__idaraFetchedScripts(),
            path: location.pathname,
          };
        },
      };
    });
    await tab.goto(`${base}${page.path}`);
    await tab.waitForFunction(() => (window as any).__idaraCaptured, undefined, { timeout: 30_000 });
    const result = (await tab.evaluate(() => (window as any).__idaraCaptured)) as Omit<
      Capture,
      'laterScripts'
    >;
    // Settled: no new script for a second (the socket keeps the network itself busy).
    let fetched: string[] = [];
    for (let quiet = 0, waited = 0; quiet < 2 && waited < 15_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = (await tab.evaluate(() => (window as any).__idaraFetchedScripts())) as string[];
      quiet = now.length === fetched.length ? quiet + 1 : 0;
      fetched = now;
    }
    const laterScripts = fetched.filter((href) => !result.scripts.includes(href));
    if (result.path !== page.path) throw new Error(`${page.path} went to ${result.path} while capturing`);
    return { ...result, laterScripts };
  } finally {
    await context.close();
  }
}

/**
 * React's ids (`_r_1f_`, in Mantine's responsive style classes) made distinct per capture, so two
 * captures' inline styles never meet; element ids and test ids dropped, so nothing in the page in
 * front shares one with the app behind it.
 */
function namespaceIds(html: string, prefix: string): string {
  return html.replace(/ (?:id|data-testid)="[^"]*"/g, '').replace(/_r_([0-9a-z]+)_/g, `_${prefix}$1_`);
}

/** Mantine's global style elements (theme variables, visibility classes) once, not per capture. */
function withoutRepeatedStyles(html: string, first: string): string {
  return html.replace(/<style[^>]*>[^<]*<\/style>/g, (style) => (first.includes(style) ? '' : style));
}

async function main() {
  const webDist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  const out = path.join(webDist, 'prerender.json');
  fs.rmSync(out, { force: true });
  if (!fs.existsSync(CHROMIUM)) {
    console.warn(`prerender: no Chromium at ${CHROMIUM}; pages start on the loading screen`);
    return;
  }
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const indexHrefs = new Set(
    [...indexHtml.matchAll(/<(?:link[^>]+href|script[^>]+src)="([^"]+)"/g)].map((m) => m[1]),
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-prerender-'));
  const admin = { phoneNumber: '0500000000', password: `P${randomBytes(9).toString('base64url')}9` };
  const server = await startServer(dataDir, {
    WEB_DIST: webDist,
    ADMIN_PHONE: admin.phoneNumber,
    ADMIN_PASSWORD: admin.password,
  });
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const res = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { token, user } = (await res.json()) as { token: string; user: { name: string } };
    if (!token) throw new Error('prerender: could not sign in to the capture server');
    const pages: Record<string, PrerenderedPage> = {};
    for (const page of PAGES) {
      const captures: Capture[] = [];
      for (const width of WIDTHS) captures.push(await capture(browser, base, page, width, token));
      for (const c of captures) {
        // Only what any visitor allowed the page would see: no one's name, no records.
        if (c.html.includes(user.name) || c.html.includes(admin.phoneNumber)) {
          throw new Error(`${page.path}: the captured page shows the capturing user`);
        }
      }
      const css = new Set<string>();
      for (const c of captures) {
        for (const href of c.styleHrefs) {
          if (indexHrefs.has(href)) continue;
          css.add(fs.readFileSync(path.join(webDist, href.replace(/^\//, '')), 'utf8'));
        }
      }
      const [narrow, wide] = captures;
      const body =
        narrow.html === wide.html
          ? namespaceIds(narrow.html, 'p')
          : `<div class="prerender-narrow">${namespaceIds(narrow.html, 'pn')}</div>` +
            `<div class="prerender-wide">${withoutRepeatedStyles(namespaceIds(wide.html, 'pw'), narrow.html)}</div>`;
      const checks = new Map<string, boolean>();
      for (const c of captures) for (const [k, v] of c.checks) checks.set(k, v);
      // What any width fetched for its first commit, then what every width fetched afterwards (a
      // chart only the wide screen scrolls near is not sent to a phone).
      const later = captures.map((c) => c.laterScripts);
      const scripts = new Set(
        [
          ...captures.flatMap((c) => c.scripts),
          ...later[0].filter((href) => later.every((list) => list.includes(href))),
        ].filter((href) => !indexHrefs.has(href)),
      );
      pages[page.path] = {
        guest: !!page.guest,
        checks: [...checks].sort(),
        scripts: [...scripts],
        html: `${[...css].map((text) => `<style>${text}</style>`).join('')}${body}`,
      };
      console.log(`prerender: ${page.path} ${(pages[page.path].html.length / 1024).toFixed(1)} KB`);
    }
    fs.writeFileSync(out, JSON.stringify({ version: 1, pages }));
  } finally {
    await browser.close();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
