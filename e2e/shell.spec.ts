import { expect, type Page, test } from '@playwright/test';
import { bearer, createUser } from './support/api';
import { signInViaUi, storedToken } from './support/auth';
import { collectErrors } from './support/console';

test.use({ colorScheme: 'light' });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'القائمة الرئيسية' });

test('the document is right-to-left Arabic and the sign-in page has its Arabic title', async ({ page }) => {
  await page.goto('/auth/signin');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
  await expect(page.getByText('أدخل رقم جوالك وكلمة المرور للمتابعة')).toBeVisible();
  await expect(page).toHaveTitle('تسجيل الدخول | إدارة');
  // The computed direction, not just the attribute: text really flows right to left.
  const direction = await page
    .getByRole('heading', { name: 'تسجيل الدخول' })
    .evaluate((el) => getComputedStyle(el).direction);
  expect(direction).toBe('rtl');
});

test('the sidebar shows an employee only the links their permissions open', async ({ page, request }) => {
  const employee = await createUser(request, { role: 'employee', permissions: ['task:read'] });
  const errors = collectErrors(page);
  await signInViaUi(page, employee.phone, employee.password);
  await expect(page).toHaveURL('/');

  const nav = sidebar(page);
  await expect(nav.getByRole('link')).toHaveText(['الرئيسية', 'مهامي', 'الإشعارات', 'المهام', 'الإعدادات']);
  await expect(nav.locator('a[href="/dashboard/user"]')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'المستخدمون' })).toHaveCount(0);
  // The home page's quick-access cards follow the same rule.
  await expect(page.getByRole('main').locator('a[href="/dashboard/user"]')).toHaveCount(0);
  // A full page load asks the server only for what this user may read: nothing refused.
  await page.reload();
  await expect(nav.getByRole('link')).toHaveCount(5);
  expect(errors).toEqual([]);
});

test('the sidebar shows an admin user management, which opens "إدارة المستخدمين"', async ({
  page,
  request,
}) => {
  const admin = await createUser(request, { role: 'admin' });
  await signInViaUi(page, admin.phone, admin.password);

  const nav = sidebar(page);
  const users = nav.getByRole('link', { name: 'المستخدمون' });
  await expect(users).toHaveAttribute('href', '/dashboard/user');
  for (const label of ['الطلبات', 'العملاء', 'السجلات', 'الإعدادات']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await users.click();
  await expect(page).toHaveURL('/dashboard/user');
  await expect(page.getByRole('banner').getByRole('heading', { name: 'إدارة المستخدمين' })).toBeVisible();
  await expect(users).toHaveAttribute('aria-current', 'page');
});

test('sign-out returns to the sign-in page and forgets the token everywhere', async ({ page, request }) => {
  const user = await createUser(request, { role: 'employee' });
  await signInViaUi(page, user.phone, user.password);
  const before = await storedToken(page);
  expect(before.local).toBeTruthy();
  expect(before.cookie).toBe(before.local);

  await page.getByRole('button', { name: `قائمة المستخدم: ${user.name}` }).click();
  await page.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();

  await expect(page).toHaveURL('/auth/signin');
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
  expect(await storedToken(page)).toEqual({ local: null, cookie: null });
  // The server ended the session too.
  const me = await request.get('/api/auth/me', { headers: bearer(before.local!) });
  expect(me.status()).toBe(401);
  // And a reload stays signed out.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
});

test('the theme toggle puts the dark class on <html> and it survives a reload', async ({ page }) => {
  await page.goto('/auth/signin');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'التبديل إلى الوضع الداكن' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'التبديل إلى الوضع الفاتح' })).toBeVisible();

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'التبديل إلى الوضع الفاتح' })).toBeVisible();
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).not.toBe('rgb(255, 255, 255)');

  // The scheme comes from the page's own head script (inline, allowed by its hash in the CSP),
  // before and without the app's scripts: dark from the first paint, no flash of light.
  const errors = collectErrors(page);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(
    await page.evaluate(
      () => typeof (window as { __IDARA_CONFIG__?: { apiBase?: string } }).__IDARA_CONFIG__?.apiBase,
    ),
  ).toBe('string');
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  await page.unroute('**/assets/*.js');
  await page.reload();

  await page.getByRole('button', { name: 'التبديل إلى الوضع الفاتح' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
});
