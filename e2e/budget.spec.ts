import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BUDGET, measureBundle, readManifest } from '../scripts/bundle-budget.mjs';
import { MANTINE_CSS, mantineStylesheet } from '../scripts/mantine-styles.mjs';

/** The build under test: the one the e2e server serves. */
const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');

const gzipKb = (file: string) => fs.statSync(path.join(dist, `${file}.gz`)).size / 1024;

test('sign-in and the shell need at most 170 KB of gzipped JavaScript, and no route more than 350 KB', () => {
  const { shell, routes } = measureBundle(dist);
  expect(shell.files.length).toBeGreaterThan(1);
  expect(shell.gzipKb, `shell files: ${shell.files.join(', ')}`).toBeLessThanOrEqual(BUDGET.shellKb);
  // Every lazy page of the route table is measured, not only a few (the resources share their list,
  // form and details screens, so there are fewer page files than routes).
  expect(routes.length).toBeGreaterThanOrEqual(40);
  const over = routes.filter((r) => r.gzipKb > BUDGET.routeKb);
  expect(over).toEqual([]);
});

test('signed-in pages get their icons in one file, which the sign-in page does not load', () => {
  // apps/web/build/chunking.ts: one file per shared icon made home ask for 16 more files.
  const { shell, routes } = measureBundle(dist);
  const iconFiles = new Set(
    routes.flatMap((r) => r.files).filter((f) => /^assets\/icons-[\w-]+\.js$/.test(f)),
  );
  expect(iconFiles.size).toBe(1);
  expect(shell.files.filter((f) => iconFiles.has(f))).toEqual([]);
  const home = routes.find((r) => r.src === 'src/features/home/HomePage.tsx');
  expect(home?.files.filter((f) => iconFiles.has(f))).toHaveLength(1);
  // An icon is a file of its own only when a public page uses it too.
  const isPublic = (src: string) => /^src\/features\/(auth|privacy)\//.test(src);
  const publicFiles = new Set(routes.filter((r) => isPublic(r.src)).flatMap((r) => r.files));
  const single = routes
    .filter((r) => !isPublic(r.src))
    .flatMap((r) => r.files)
    .filter((f) => /^assets\/Icon[A-Z]\w*-[\w-]+\.js$/.test(f) && !publicFiles.has(f));
  expect([...new Set(single)]).toEqual([]);
});

test('the first screens come in a few files: sign-in in two beside the entry, home and the header in eight', () => {
  // apps/web/build/chunking.ts: over HTTP/1.1 six files load at a time, each a round trip on a
  // phone's link; the sign-in page came as 19 files, home and the header as 45.
  const manifest = readManifest(dist);
  const { shell, routes } = measureBundle(dist);
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const entryFiles = new Set([entry?.file, ...(entry?.imports ?? []).map((key) => manifest[key].file)]);
  const signin = shell.files.filter((f) => !entryFiles.has(f) && !/DefaultLayout/.test(f));
  expect(signin.length, signin.join(', ')).toBeLessThanOrEqual(2);
  const filesOf = (src: string) => routes.find((r) => r.src === src)?.files ?? [];
  const first = new Set([
    ...filesOf('src/features/home/HomePage.tsx'),
    ...filesOf('src/app/layouts/HeaderActions.tsx'),
  ]);
  expect(first.size, [...first].join(', ')).toBeLessThanOrEqual(8);
  // No public page loads the signed-in frame's or home's file.
  const publicFiles = routes
    .filter((r) => /^src\/features\/(auth|privacy)\//.test(r.src))
    .flatMap((r) => r.files);
  expect(publicFiles.filter((f) => /^assets\/(frame|home)-/.test(f))).toEqual([]);
});

test('the sign-in page loads only the shell and, after it paints, the toaster', async ({ page }) => {
  const manifest = readManifest(dist);
  const { shell } = measureBundle(dist);
  // Fetched after the first paint, by design: sonner's chunk, for toasts (lib/toast.ts), and once
  // the page has loaded the service worker's registration (lib/service-worker.ts).
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const deferredBy = (mark: string) =>
    (entry?.dynamicImports ?? [])
      .map((key) => manifest[key].file)
      .filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes(mark));
  expect(deferredBy('data-sonner-toaster')).toHaveLength(1);
  expect(deferredBy('/sw.js')).toHaveLength(1);
  const deferred = new Set([...deferredBy('data-sonner-toaster'), ...deferredBy('/sw.js')]);

  const scripts: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
      scripts.push(url.pathname.slice(1));
      expect(res.headers()['content-encoding'], url.pathname).toMatch(/^(br|gzip)$/);
    }
  });
  await page.goto('/auth/signin');
  await expect(page.getByRole('button', { name: 'دخول' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const unexpected = scripts.filter((f) => !shell.files.includes(f) && !deferred.has(f));
  expect(unexpected).toEqual([]);
  const loadedKb = scripts.filter((f) => shell.files.includes(f)).reduce((sum, f) => sum + gzipKb(f), 0);
  expect(loadedKb).toBeLessThanOrEqual(BUDGET.shellKb);
});

test("the app's stylesheet has the Mantine components the scripts use, and only those", () => {
  // Out of date after a new Mantine component is used: `node scripts/mantine-styles.mjs` rewrites it.
  const expected = mantineStylesheet(dist);
  expect(fs.readFileSync(MANTINE_CSS, 'utf8'), 'run node scripts/mantine-styles.mjs').toBe(expected);
  const sheets = expected.split('\n').filter((line) => line.startsWith('@import'));
  expect(sheets.slice(0, 3)).toEqual([
    '@import "@mantine/core/styles/baseline.css";',
    '@import "@mantine/core/styles/default-css-variables.css";',
    '@import "@mantine/core/styles/global.css";',
  ]);
  // Components every list and form uses are there; one the app never renders is not.
  for (const name of ['Button', 'Input', 'Table', 'Combobox', 'Modal']) {
    expect(sheets).toContain(`@import "@mantine/core/styles/${name}.css";`);
  }
  expect(sheets).not.toContain('@import "@mantine/core/styles/ColorPicker.css";');
});
