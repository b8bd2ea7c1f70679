import { expect, type Page, type Request, test } from '@playwright/test';
import { ADMIN, adminAuth, bearer, createUser, revokeToken } from './support/api';
import { fillSignin, signedInAs, signInViaUi, storedToken } from './support/auth';
import { settleLayout } from './support/layout';
import { toasts } from './support/toasts';

const signinHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' });

/** pathname + search + hash of the page's current URL. */
const fullPath = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
};

test.describe('signed out', () => {
  test('a protected page sends to sign-in with the full path, and sign-in goes back to it', async ({
    page,
  }) => {
    await page.goto('/dashboard/user?page=2#top');
    await expect(signinHeading(page)).toBeVisible();
    expect(fullPath(page)).toBe(`/auth/signin?redirect=${encodeURIComponent('/dashboard/user?page=2#top')}`);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/user?page=2#top');

    await fillSignin(page, ADMIN.phoneNumber, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard\/user\?page=2#top$/);
    expect(fullPath(page)).toBe('/dashboard/user?page=2#top');
    await expect(page.getByRole('banner').getByRole('heading', { name: 'إدارة المستخدمين' })).toBeVisible();
  });

  test('sign-in without a redirect goes home', async ({ page }) => {
    await page.goto('/auth/signin');
    await fillSignin(page, ADMIN.phoneNumber, ADMIN.password);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: /^مرحباً، / })).toBeVisible();
  });

  test('a redirect to another host is ignored: sign-in goes home', async ({ page }) => {
    await page.goto(`/auth/signin?redirect=${encodeURIComponent('//evil.example')}`);
    await expect(signinHeading(page)).toBeVisible();
    await fillSignin(page, ADMIN.phoneNumber, ADMIN.password);
    await expect(page).toHaveURL('/');
    expect(new URL(page.url()).host).toMatch(/^localhost:\d+$/);
    await expect(page.getByRole('heading', { name: /^مرحباً، / })).toBeVisible();
  });

  test('an unknown path shows the 404 screen with the path', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-message')).toHaveText('لا توجد صفحة بهذا العنوان: /no/such/page');
    await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
    await expect(page).toHaveURL('/no/such/page');
  });
});

test.describe('signed in', () => {
  test('the sign-in page sends a signed-in user home', async ({ page, request }) => {
    const { user } = await signedInAs(page, request, { role: 'employee' });
    await page.goto('/auth/signin');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: `مرحباً، ${user.name}` })).toBeVisible();
  });

  test('a page without the permission shows the 403 screen whose button goes home', async ({
    page,
    request,
  }) => {
    const { user } = await signedInAs(page, request, { role: 'employee', permissions: ['task:read'] });
    await page.goto('/dashboard/user');
    await expect(page.getByTestId('error-status')).toHaveText('403');
    await expect(page.getByTestId('error-message')).toHaveText('ليس لديك صلاحية للوصول إلى هذه الصفحة');
    await expect(page).toHaveURL('/dashboard/user');

    await page.getByRole('link', { name: 'العودة إلى الرئيسية' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: `مرحباً، ${user.name}` })).toBeVisible();
  });

  test('a page the user may open is not a 403', async ({ page, request }) => {
    await signedInAs(page, request, { role: 'employee', permissions: ['task:read'] });
    await page.goto('/tasks');
    await expect(page.getByRole('banner').getByRole('heading', { name: 'مهامي' })).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveCount(0);
  });

  test('a revoked token: the next navigation lands on sign-in without an error toast', async ({
    page,
    request,
  }) => {
    const { user, token } = await signedInAs(page, request, { role: 'employee' });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `مرحباً، ${user.name}` })).toBeVisible();
    // The header's bell loads after the page and asks the server for its counter: revoke only once
    // the page has settled, so the navigation below is what meets the revoked token.
    await expect(page.getByRole('button', { name: /^الإشعارات/ })).toBeVisible();
    await page.waitForLoadState('networkidle');

    await revokeToken(request, token);
    // Every answer from here on could raise a toast: the test waits for all of them to arrive.
    const pending = new Set<Request>();
    page.on('request', (r) => pending.add(r));
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('requestfailed', (r) => pending.delete(r));
    await page
      .getByRole('navigation', { name: 'القائمة الرئيسية' })
      .getByRole('link', { name: 'الإعدادات' })
      .click();

    await expect(signinHeading(page)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/auth/signin');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings');
    expect(await storedToken(page)).toEqual({ local: null, cookie: null });
    // Once every answer is in and the layout has settled (a toast slides in), none has appeared.
    await expect.poll(() => pending.size).toBe(0);
    await settleLayout(page);
    await expect(toasts(page)).toHaveCount(0);
  });
});

test.describe('route rules from the build metadata', () => {
  test('version.json carries the rules, and a rule redirects before the guards run', async ({
    page,
    request,
  }) => {
    const meta = await (await request.get('/version.json')).json();
    expect(meta.rules['/login']).toEqual({ redirect: '/auth/signin' });

    await page.goto('/login?from=old-link');
    await expect(signinHeading(page)).toBeVisible();
    expect(fullPath(page)).toBe('/auth/signin?from=old-link');

    // signed out, /dashboard → / → the guard sends to sign-in with redirect=/
    await page.goto('/dashboard');
    await expect(signinHeading(page)).toBeVisible();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/');
  });
});

test('the built server refuses in Arabic where zod speaks for itself (a missing part of an address)', async ({
  request,
}) => {
  const token = await adminAuth(request);
  const res = await request.put('/api/settings', { headers: bearer(token), data: { sellerAddress: {} } });
  expect(res.status()).toBe(422);
  const { fieldErrors } = (await res.json()) as { fieldErrors: Record<string, string> };
  expect(Object.keys(fieldErrors).length).toBeGreaterThan(0);
  for (const [field, message] of Object.entries(fieldErrors)) {
    expect(message, field).toMatch(/[\u0600-\u06FF]/);
    expect(message, field).not.toMatch(/Invalid input|expected|received/);
  }
});

test.describe('a stored session opens as the user it last was, then as the server says', () => {
  test('a page granted since the last visit opens on reload; one taken away is refused', async ({
    page,
    request,
  }) => {
    const employee = await createUser(request, { role: 'employee', permissions: ['task:read'] });
    await signInViaUi(page, employee.phone, employee.password);
    await expect(page).toHaveURL('/');
    const admin = await adminAuth(request);
    const setPermissions = async (permissions: string[]) => {
      const res = await request.put(`/api/user/${employee._id}`, {
        headers: bearer(admin),
        data: { permissions },
      });
      expect(res.status()).toBe(200);
    };

    // Granted while away: the remembered user lacks it, and the page waits for the check, not a redirect.
    await setPermissions(['task:read', 'user:read']);
    // Whether the refusal ever shows on the way, however briefly.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('ليس لديك صلاحية')) (window as any).sawRefusal = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // The session check held back, as on a slow network, until the page's code is here and drawn.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/me', async (route) => {
      await held;
      await route.continue();
    });
    const pageCode = page.waitForResponse((r) => /\/assets\/UserListPage-/.test(r.url()));
    await page.goto('/dashboard/user');
    await pageCode;
    // Ten frames drawn with the code here: time enough for the app to show whatever it would.
    await page.evaluate(async () => {
      for (let i = 0; i < 10; i++) await new Promise((r) => requestAnimationFrame(r));
    });
    expect(await page.evaluate(() => (window as any).sawRefusal ?? false)).toBe(false);
    release();
    await expect(page.getByRole('banner').getByRole('heading', { name: 'إدارة المستخدمين' })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/dashboard/user');
    expect(await page.evaluate(() => (window as any).sawRefusal ?? false)).toBe(false);
    await page.unroute('**/api/auth/me');

    // Taken away while away: the remembered user still has it, and the server's answer prevails.
    await setPermissions(['task:read']);
    await page.reload();
    await expect(page.getByText('ليس لديك صلاحية للوصول إلى هذه الصفحة')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'القائمة الرئيسية' }).locator('a[href="/dashboard/user"]'),
    ).toHaveCount(0);
  });
});
