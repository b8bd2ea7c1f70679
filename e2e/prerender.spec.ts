import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminAuth } from './support/api';
import { fillSignin, signInWithToken } from './support/auth';
import { collectErrors } from './support/console';

/**
 * Prerendered first paint (docs/ARCHITECTURE.md): the build's capture of a page's first commit is
 * in the HTML, in front of the app, which takes over once its own first page is there.
 */
const SHOTS = path.join(import.meta.dirname, 'screenshots', 'prerender');

/** The HTML as the server sends it for the page's first load. */
async function documentHtml(page: Page, url: string): Promise<string> {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  return (await response?.text()) ?? '';
}

test('the customer list paints from the HTML, then the app takes over and works', async ({
  page,
  request,
}) => {
  await signInWithToken(page, await adminAuth(request));
  const errors = collectErrors(page);
  const html = await documentHtml(page, '/dashboard/customer');
  expect(html).toContain('<div id="prerender" inert aria-hidden="true">');
  expect(html).toContain('ابحث بالاسم أو الجوال أو الرقم الضريبي');
  // No record and nobody's name: only what the page shows before its data; no test id twice.
  expect(html).not.toContain('مدير النظام');
  expect(html).not.toContain('data-testid');

  await expect(page.locator('#prerender')).toHaveCount(0);
  await expect(page.locator('#root')).toBeVisible();
  // The page painted from the HTML before the app's scripts were asked for.
  const { firstPaint, firstScript } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((r) => /\/assets\/.+\.js$/.test(r.name))
        .map((r) => r.startTime),
    ),
  }));
  expect(firstPaint).toBeGreaterThan(0);
  expect(firstScript).toBeGreaterThanOrEqual(firstPaint);
  const search = page.getByRole('searchbox', { name: 'بحث' });
  await search.fill('غير موجود');
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByTestId('table-empty')).toBeVisible();
  expect(errors).toEqual([]);
});

test("home paints from the HTML with the visitor's own greeting and date, then the app takes over", async ({
  page,
  request,
}) => {
  await signInWithToken(page, await adminAuth(request));
  const errors = collectErrors(page);
  const html = await documentHtml(page, '/');
  expect(html).toContain('<div id="prerender" inert aria-hidden="true">');
  expect(html).toContain('مرحباً، مدير النظام');
  expect(html).not.toContain('{{idara:');
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date()).replaceAll('-', '/'),
  );
  expect(html).toContain(`<bdi>${today}</bdi>`);
  await expect(page.locator('#prerender')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'مرحباً، مدير النظام' })).toBeVisible();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  expect(errors).toEqual([]);
});

test('sign-in paints from the HTML and signs in', async ({ page }) => {
  const errors = collectErrors(page);
  const html = await documentHtml(page, '/auth/signin');
  expect(html).toContain('<div id="prerender" inert aria-hidden="true">');
  await expect(page.locator('#prerender')).toHaveCount(0);
  await fillSignin(page, ADMIN.phoneNumber, ADMIN.password);
  await expect(page).toHaveURL('/');
  expect(errors).toEqual([]);
});

test('a signed-in visitor to sign-in, and a visitor without a session to the list, get the loading screen', async ({
  page,
  request,
}) => {
  expect(await documentHtml(page, '/dashboard/customer')).not.toContain('id="prerender"');
  await expect(page).toHaveURL(/\/auth\/signin/);
  await signInWithToken(page, await adminAuth(request));
  expect(await documentHtml(page, '/auth/signin')).not.toContain('id="prerender"');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the prerendered pages alone, ${colorScheme}: laid out at every width, no overflow`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.emulateMedia({ colorScheme });
    fs.mkdirSync(SHOTS, { recursive: true });
    // Only the HTML and styles: what a phone shows while the scripts are still on their way.
    await page.route(/\.js(\?|$)/, (route) =>
      route.request().url().endsWith('/color-scheme.js') ? route.continue() : route.abort(),
    );
    const token = await adminAuth(request);
    for (const url of ['/auth/signin', '/', '/dashboard/customer', '/dashboard/order', '/dashboard/task']) {
      if (url === '/auth/signin') await page.context().clearCookies();
      else await signInWithToken(page, token);
      for (const width of [375, 768, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(url);
        await expect(page.locator('#prerender')).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
        await expect(page.locator('#prerender h1:visible').first()).toBeVisible();
        await page.screenshot({
          path: path.join(
            SHOTS,
            `${url.replace(/\W+/g, '-').replace(/^-/, '') || 'home'}-${width}-${colorScheme}.png`,
          ),
        });
      }
    }
  });
}
