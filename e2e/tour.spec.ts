import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { bearer, postAs, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { collectErrors } from './support/console';
import { expectNoOverflow } from './support/layout';
import { routeTable } from './support/route-table';
import { limit } from './support/slowdown';

/**
 * Every route of the route table (spec §2), read from apps/web/src/app/routes.ts so a new route
 * joins the tour by itself, visited at 375, 768 and 1280 px in light and dark: no console errors,
 * no horizontal overflow, a screenshot each (e2e/screenshots/tour/).
 */
const WIDTHS = [375, 768, 1280] as const;
const OUT_DIR = path.join(import.meta.dirname, 'screenshots', 'tour');
const paths = routeTable.map((r) => r.path);
// Pages for signed-out visitors redirect a signed-in user; they are toured signed out elsewhere.
const guestOnly = new Set(['/auth/signin', '/auth/forget-password', '/auth/signinWithToken']);

/** One record of each kind, so every `:id` route shows a real record. */
async function makeRecords(request: APIRequestContext, token: string) {
  const post = (url: string, data: unknown) => postAs(request, token, url, data);
  const get = async (url: string) => (await request.get(url, { headers: bearer(token) })).json();
  const government = (await get('/api/government?limit=1')).data[0];
  const city = (await get(`/api/city?limit=1&government=${government._id}`)).data[0];
  const method = (await get('/api/paymentMethod?limit=1')).data[0];
  const form = await post('/api/form', {
    title: 'نموذج الجولة',
    fields: [{ key: 'state', type: 'select', label: 'الحالة', options: ['جيد', 'سيئ'], required: true }],
  });
  const service = await post('/api/service', {
    name: `خدمة الجولة ${Date.now()}`,
    price: '200',
    form: form._id,
  });
  const contract = await post('/api/contract', {
    name: `عقد الجولة ${Date.now()}`,
    durationMonths: 12,
    visits: 4,
    price: '1200',
    // Sold to customers, it is invoiced as this service.
    service: service._id,
  });
  const customer = await post('/api/customer', {
    name: 'مؤسسة الجولة للتجارة',
    phoneNumber: randomPhone(),
    city: city._id,
    government: government._id,
  });
  const user = await post('/api/user', {
    name: 'موظف الجولة',
    phoneNumber: randomPhone(),
    role: 'employee',
    password: 'Passw0rd!x',
  });
  const order = await post('/api/order', {
    customer: customer._id,
    items: [{ service: service._id, quantity: 1, unitPrice: '200' }],
  });
  const payment = await post('/api/payment', {
    order: order._id,
    amount: '100.00',
    paymentMethod: method._id,
  });
  const equipment = await post('/api/equipment', {
    name: 'مكيف الجولة',
    serialNumber: `TOUR-${Date.now()}`,
    customer: customer._id,
    installedAt: '2026-03-15',
  });
  // A customer's contract, its visits planned far ahead (nothing falls due, nothing is billed).
  const sold = await postAs<{ _id: string; visits: { _id: string }[] }>(
    request,
    token,
    '/api/customer-contract',
    { customer: customer._id, contract: contract._id, startDate: '2033-01-08' },
  );
  const me = (await (await request.get('/api/auth/me', { headers: bearer(token) })).json())._id;
  const task = await post('/api/task', {
    title: 'مهمة الجولة',
    assignee: me,
    form: form._id,
    order: order._id,
  });
  const ids: Record<string, string> = {
    city: city._id,
    government: government._id,
    user: user._id,
    order: order._id,
    payment: payment._id,
    service: service._id,
    contract: contract._id,
    customer: customer._id,
    whatsapp: customer._id,
    formBuilder: form._id,
    paymentMethod: method._id,
    tasks: task._id,
    equipment: equipment._id,
    'customer-contract': sold._id,
    visit: sold.visits[0]._id,
  };
  return (route: string) => {
    const area = route.split('/').filter((p) => p && p !== 'dashboard' && p !== 'edit')[0];
    return route.replace(':id', ids[area] ?? '');
  };
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`tour, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test(`every route at ${WIDTHS.join(', ')} px: no console errors, no overflow`, async ({
      page,
      request,
    }) => {
      test.setTimeout(limit(240_000));
      fs.mkdirSync(OUT_DIR, { recursive: true });
      // Signed out first: the pages for visitors.
      for (const route of guestOnly) {
        const errors = collectErrors(page);
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expectNoOverflow(page, `${route} (${scheme})`);
          await page.screenshot({
            path: path.join(OUT_DIR, `${route.slice(1).replaceAll('/', '_')}-${width}-${scheme}.png`),
          });
        }
        expect(errors, `${route} console errors`).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
      }
      const { token } = await signedInAs(page, request, { role: 'admin', name: 'مدير الجولة' });
      const concrete = await makeRecords(request, token);
      expect(paths.length).toBeGreaterThan(40);
      for (const route of paths.filter((p) => !guestOnly.has(p))) {
        const url = concrete(route);
        const errors = collectErrors(page);
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(url);
        await expect(page.locator('#root')).not.toBeEmpty();
        await page.waitForLoadState('networkidle');
        await expect(page.getByTestId('error-status'), `${url} shows an error page`).toHaveCount(0);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expectNoOverflow(page, `${url} (${scheme})`);
          const name = route.replace(/^\//, '').replaceAll('/', '_').replace(':id', 'id') || 'home';
          await page.screenshot({ path: path.join(OUT_DIR, `${name}-${width}-${scheme}.png`) });
        }
        expect(errors, `${url} console errors`).toEqual([]);
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
      }
    });
  });
}
