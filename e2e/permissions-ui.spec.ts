import { allPermissions, rolePresets } from '@idara/domain';
import { expect, type Page, type Request, test } from '@playwright/test';
import { adminAuth, bearer, createUser, randomPhone, signIn } from './support/api';
import { signedInAs, signInWithToken } from './support/auth';
import { routeTable } from './support/route-table';
import { limit } from './support/slowdown';
import { toasts } from './support/toasts';

/**
 * Screens a user may open never greet them with errors: every role preset and a user for every
 * single permission of the catalogue open every page the route table lets them open — no error
 * toast, no request refused or failed. Then the two things presets could not do in the UI.
 */
test.setTimeout(limit(600_000));

const pages = routeTable
  .filter((r) => !r.path.includes(':') && !r.notRequiredAuth)
  .map((r) => ({ path: r.path, needs: [...(r.permissions ?? []), ...(r.listPermissions ?? [])] }));
const COMMON = new Set(['/', '/settings', '/account/profile', '/notification']);

/**
 * Opens each path in one page load (the router's own navigation after the first), and after each
 * waits until no API request is in flight, then reads the toasts and the refusals.
 */
async function openEach(page: Page, label: string, paths: string[]) {
  const refused: string[] = [];
  // Requests of this user's visits still unanswered (a request left over from the previous user's
  // pages is not counted when it settles).
  const inFlight = new Set<Request>();
  const isApi = (url: string) => url.includes('/api/') && !url.includes('/socket.io/');
  page.on('request', (req) => {
    if (isApi(req.url())) inFlight.add(req);
  });
  const settle = (req: Request) => inFlight.delete(req);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (res) => {
    if (isApi(res.url()) && res.status() >= 400)
      refused.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  const quiet = () => inFlight.size === 0;
  const pending = () => [...inFlight].map((r) => new URL(r.url()).pathname);
  for (const [i, p] of paths.entries()) {
    if (i === 0) await page.goto(p);
    else
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, p);
    await expect(page).toHaveURL((u) => u.pathname === p);
    await expect(page.locator('main').first()).toBeVisible();
    // Quiet across a frame: a screen that asks again after its first answer has started by then.
    await expect
      .poll(
        async () => {
          if (!quiet()) return pending();
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
          return pending();
        },
        { message: `${label} on ${p}: requests never answered` },
      )
      .toEqual([]);
    // A live notice of someone else's act (a payment another tester rejected) is not this page's error.
    const errors = await page
      .locator('[data-sonner-toast][data-type="error"]:not(.notification-toast)')
      .allInnerTexts();
    expect(errors, `${label} on ${p}: error toasts`).toEqual([]);
    expect(refused, `${label} on ${p}: refused requests`).toEqual([]);
  }
  page.removeAllListeners('request');
  page.removeAllListeners('requestfinished');
  page.removeAllListeners('requestfailed');
  page.removeAllListeners('response');
}

test('every preset and every single permission opens its pages without an error', async ({
  page,
  request,
}) => {
  const users: {
    label: string;
    role: 'employee' | 'manager' | 'accountant';
    permissions?: string[];
    all: boolean;
  }[] = [
    ...(['manager', 'accountant', 'employee'] as const).map((role) => ({ label: role, role, all: true })),
    ...allPermissions.map((p) => ({ label: p, role: 'employee' as const, permissions: [p], all: false })),
  ];
  let visits = 0;
  for (const u of users) {
    const created = await createUser(request, {
      role: u.role,
      permissions: u.permissions ?? rolePresets[u.role].permissions,
    });
    const held = created.permissions;
    const paths = pages
      .filter((r) => r.needs.every((p) => held.includes(p)))
      .map((r) => r.path)
      .filter((p) => u.all || !COMMON.has(p) || p === '/');
    const session = await signIn(request, created.phone, created.password);
    await page.context().clearCookies();
    await signInWithToken(page, session.token);
    await openEach(page, u.label, paths);
    visits += paths.length;
  }
  expect(visits).toBeGreaterThan(60);
});

test('an employee sees city names, and an order:create holder creates an order in the form', async ({
  page,
  request,
}) => {
  const admin = await adminAuth(request);
  const cities = await (await request.get('/api/city?limit=1', { headers: bearer(admin) })).json();
  const city = cities.data[0] as { _id: string; name: string };
  const tag = String(Math.floor(Math.random() * 1e6));
  const customer = await (
    await request.post('/api/customer', {
      headers: bearer(admin),
      data: { name: `عميل الصلاحيات ${tag}`, type: 'individual', phoneNumber: randomPhone(), city: city._id },
    })
  ).json();
  const service = await (
    await request.post('/api/service', {
      headers: bearer(admin),
      data: { name: `خدمة الصلاحيات ${tag}`, price: '80.00' },
    })
  ).json();

  // The built-in employee preset: the customer list names the city, not «—».
  await signedInAs(page, request, { role: 'employee', permissions: rolePresets.employee.permissions });
  await page.goto(`/dashboard/customer?search=${tag}`);
  const row = page.getByRole('row').filter({ hasText: customer.name });
  await expect(row).toContainText(city.name);

  // Only order:create: the customer and the service can be picked, and the order is saved.
  await page.context().clearCookies();
  await signedInAs(page, request, { role: 'employee', permissions: ['order:create'] });
  await page.goto('/dashboard/order/new');
  const customerInput = page.getByRole('combobox', { name: 'العميل' });
  await customerInput.click();
  await customerInput.fill(tag);
  await page.getByRole('option', { name: customer.name }).first().click();
  const serviceInput = page.getByRole('group', { name: 'البند 1' }).getByRole('combobox', { name: 'الخدمة' });
  await serviceInput.click();
  await serviceInput.fill(tag);
  await page.getByRole('option', { name: service.name }).first().click();
  await page.getByRole('button', { name: 'حفظ الطلب' }).click();
  await expect(toasts(page).filter({ hasText: 'تمت إضافة الطلب بنجاح' })).toBeVisible();
  const orders = await (
    await request.get(`/api/order?customer=${customer._id}`, { headers: bearer(admin) })
  ).json();
  expect(orders.total).toBe(1);
  await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
});
