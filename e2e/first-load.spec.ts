import { expect, type Page, test } from '@playwright/test';
import { adminAuth } from './support/api';
import { signInWithToken } from './support/auth';
import { collectErrors } from './support/console';

/**
 * First load (docs/PERFORMANCE.md, "First load"): until the app runs, the page is the loading
 * screen, with nothing on it that looks tappable; whatever control the app then shows works at the
 * first tap.
 */

/** The HTML as the server sends it for the page's first load. */
async function documentHtml(page: Page, url: string): Promise<string> {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  return (await response?.text()) ?? '';
}

/** Each element the app shows before its scripts run: the loading screen only. */
function expectLoadingScreenOnly(html: string) {
  const body = html.slice(html.indexOf('<body>'));
  expect(body).toContain('<div class="boot" role="status" aria-label="جارٍ التحميل…">');
  expect(body).not.toMatch(/<(a|button|input|select|textarea)\b/);
  expect(body).not.toContain('inert');
}

test('sign-in, home and the customer list arrive as the loading screen, with no control in it', async ({
  page,
  request,
}) => {
  expectLoadingScreenOnly(await documentHtml(page, '/auth/signin'));
  await signInWithToken(page, await adminAuth(request));
  expectLoadingScreenOnly(await documentHtml(page, '/'));
  expectLoadingScreenOnly(await documentHtml(page, '/dashboard/customer'));
});

test('the customer list opens its form at the first tap on «إضافة عميل», as soon as it shows', async ({
  page,
  request,
}) => {
  await signInWithToken(page, await adminAuth(request));
  const errors = collectErrors(page);
  // A slower phone's CPU, and no waiting for the page's load event: the tap comes as soon as the
  // control shows, as a person's would.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/dashboard/customer', { waitUntil: 'commit' });
  // What a person sees, whether or not it is live (an inert copy is not in the accessibility tree).
  const add = page.locator('a:visible', { hasText: 'إضافة عميل' }).first();
  await expect(add).toBeVisible();
  // One tap where it is, at once: no waiting for the control to become live.
  const box = await add.boundingBox();
  if (!box) throw new Error('«إضافة عميل» has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/dashboard\/customer\/new$/);
  await expect(page.getByRole('textbox', { name: 'اسم العميل' })).toBeFocused();
  expect(errors).toEqual([]);
});

test('on sign-in the phone field has the focus as soon as it shows, and typing goes in', async ({ page }) => {
  await page.goto('/auth/signin');
  const phone = page.getByLabel('رقم الجوال');
  await expect(phone).toBeVisible();
  await expect(phone).toBeFocused();
  await page.keyboard.type('0500000000');
  await expect(phone).toHaveValue('0500000000');
});
