import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, postAs, READER_PERMISSIONS, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { settleLayout } from './support/layout';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;

const REVENUE_CARDS = ['kpi-revenueHijriMonth', 'kpi-revenueGregorianMonth', 'kpi-unpaidBalance'];
const ORDER_CARDS = ['kpi-ordersToday', 'kpi-openOrders'];

/**
 * Orders and payments so the charts have something to draw: two services, an order in progress
 * paid in full (revenue this month), and a new one with nothing paid (unpaid balance).
 */
async function seedActivity(request: APIRequestContext, token: string): Promise<void> {
  const services = [
    await postAs<{ _id: string }>(request, token, '/api/service', {
      name: `صيانة مكيفات ${randomPhone().slice(-4)}`,
      description: '',
      price: '350.00',
      active: true,
    }),
    await postAs<{ _id: string }>(request, token, '/api/service', {
      name: `تنظيف خزانات ${randomPhone().slice(-4)}`,
      description: '',
      price: '200.00',
      active: true,
    }),
  ];
  const customer = await postAs<{ _id: string }>(request, token, '/api/customer', {
    name: 'شركة الواحة للمقاولات',
    type: 'company',
    phoneNumber: randomPhone(),
  });
  const methods = await request.get('/api/paymentMethod?limit=0', { headers: bearer(token) });
  const method = ((await methods.json()) as { data: { _id: string }[] }).data[0];

  const paidOrder = await postAs<{ _id: string; total: string }>(request, token, '/api/order', {
    customer: customer._id,
    items: [
      { service: services[0]._id, quantity: 2, unitPrice: '350.00' },
      { service: services[1]._id, quantity: 1, unitPrice: '200.00' },
    ],
  });
  await postAs(request, token, `/api/order/${paidOrder._id}/status`, { status: 'in_progress' }, 200);
  const payment = await postAs<{ _id: string }>(request, token, '/api/payment', {
    order: paidOrder._id,
    amount: paidOrder.total,
    paymentMethod: method._id,
  });
  // The admin recorded it: approving it alone needs a reason (four eyes).
  await postAs(
    request,
    token,
    `/api/payment/${payment._id}/status`,
    { status: 'approved', overrideReason: 'بيانات الاختبار' },
    200,
  );
  await postAs(request, token, `/api/payment/${payment._id}/status`, { status: 'paid' }, 200);

  await postAs(request, token, '/api/order', {
    customer: customer._id,
    items: [{ service: services[1]._id, quantity: 3, unitPrice: '200.00' }],
  });
}

/** Each chart loads when its place nears the viewport (HomePage's Deferred): bring them all there. */
async function showCharts(page: Page): Promise<void> {
  for (const slot of await page.getByTestId('chart-slot').all()) await slot.scrollIntoViewIfNeeded();
}

/** The dashboard, its cards and its charts (drawn, not just their skeletons). */
async function dashboardReady(page: Page): Promise<void> {
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('kpi-cards')).toBeVisible();
  await showCharts(page);
  // The newest month (drawn last) has the revenue the tests record.
  await expect(page.getByTestId('chart-revenue').locator('.recharts-bar-rectangle').last()).toBeVisible();
  await expect(page.getByTestId('chart-status').locator('.recharts-pie-sector').first()).toBeVisible();
  await expect(page.getByTestId('chart-services').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('recent-activity').locator('li').first()).toBeVisible();
}

/** Nothing wider than the window: the page does not scroll sideways and no element sticks out. */
async function expectNoOverflow(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth, outside } = await page.evaluate(() => {
    const w = window.innerWidth;
    const out: string[] = [];
    for (const el of document.querySelectorAll('main *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > w + 1 || r.left < -1)) {
        out.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}–${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: w, outside: out.slice(0, 5) };
  });
  expect(scrollWidth, `${label}: page wider than the window`).toBeLessThanOrEqual(innerWidth);
  expect(outside, `${label}: elements outside the window`).toEqual([]);
}

/** Cards per row: 1 on a phone, 2–3 on a tablet, 3–6 on a laptop. */
const COLUMNS: Record<number, [number, number]> = { 375: [1, 1], 768: [2, 3], 1280: [3, 6] };

async function kpiColumns(page: Page): Promise<number> {
  return page.getByTestId('kpi-cards').evaluate((grid) => {
    const tops = [...grid.children].map((c) => Math.round(c.getBoundingClientRect().top));
    return tops.filter((t) => t === tops[0]).length;
  });
}

test.describe('home dashboard', () => {
  test('as admin: the cards, the charts and the recent activity show, the cards open their lists', async ({
    page,
    errors,
    request,
  }) => {
    const { token } = await signedInAs(page, request, { role: 'admin', name: 'نورة الدوسري' });
    await seedActivity(request, token);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'مرحباً، نورة الدوسري' })).toBeVisible();
    await dashboardReady(page);

    for (const card of [...ORDER_CARDS, ...REVENUE_CARDS]) await expect(page.getByTestId(card)).toBeVisible();
    // Money is SAR with two decimals; the Hijri card names its month as the API does.
    await expect(page.getByTestId('kpi-revenueGregorianMonth')).toContainText(/[\d,]+\.\d{2} ر\.س/);
    await expect(page.getByTestId('kpi-unpaidBalance')).toContainText(/[\d,]+\.\d{2} ر\.س/);
    const dashboard = (await (await request.get('/api/dashboard', { headers: bearer(token) })).json()) as {
      cards: { revenueHijriMonth: { label: string } };
    };
    await expect(page.getByTestId('kpi-revenueHijriMonth')).toContainText(
      dashboard.cards.revenueHijriMonth.label,
    );
    // The donut names the statuses in Arabic.
    for (const label of ['جديد', 'قيد التنفيذ', 'مكتمل', 'ملغي'])
      await expect(page.getByTestId('chart-status').getByText(label, { exact: true })).toBeVisible();

    // Tooltips: Arabic, amounts in SAR.
    await page.getByTestId('chart-revenue').locator('.recharts-bar-rectangle').last().hover();
    const revenueTip = page.getByTestId('chart-revenue').getByTestId('chart-tooltip');
    await expect(revenueTip).toContainText('الإيرادات');
    await expect(revenueTip).toContainText(/[\d,]+\.\d{2} ر\.س/);
    await page.getByTestId('chart-services').locator('.recharts-bar-rectangle').first().hover();
    const serviceTip = page.getByTestId('chart-services').getByTestId('chart-tooltip');
    await expect(serviceTip).toContainText('الكمية');
    await expect(serviceTip).toContainText(/[\d,]+\.\d{2} ر\.س/);

    // Recent activity links to the records it names: a record's page, or the builder for a form
    // (what comes first depends on which spec ran last).
    const recordLink = page.getByTestId('recent-activity').getByRole('link', { name: 'فتح السجل' }).first();
    await expect(recordLink).toHaveAttribute(
      'href',
      /^\/(dashboard\/(\w+|formBuilder\/edit)|tasks)\/[0-9a-f-]{36}$/,
    );

    await page.getByTestId('kpi-openOrders').click();
    await expect(page).toHaveURL(/\/dashboard\/order\?status=new,in_progress/);
    expect(errors).toEqual([]);
  });

  test('a user without payment permissions sees the order cards but no revenue', async ({
    page,
    request,
  }) => {
    await signedInAs(page, request, { role: 'employee', permissions: READER_PERMISSIONS });
    await page.goto('/');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    for (const card of ORDER_CARDS) await expect(page.getByTestId(card)).toBeVisible();
    await showCharts(page);
    await expect(page.getByTestId('chart-status')).toBeVisible();
    for (const card of REVENUE_CARDS) await expect(page.getByTestId(card)).toHaveCount(0);
    await expect(page.getByTestId('chart-revenue')).toHaveCount(0);
  });

  test('a user without order or payment permissions sees neither cards nor charts', async ({
    page,
    request,
  }) => {
    await signedInAs(page, request, { role: 'employee', permissions: ['customer:read', 'customer:details'] });
    await page.goto('/');
    await expect(page.getByTestId('dashboard')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'الوصول السريع' })).toBeVisible();
    for (const card of [...ORDER_CARDS, ...REVENUE_CARDS])
      await expect(page.getByTestId(card)).toHaveCount(0);
    for (const chart of ['chart-revenue', 'chart-status', 'chart-services', 'recent-activity'])
      await expect(page.getByTestId(chart)).toHaveCount(0);
  });

  test('an error shows a retry that loads the dashboard', async ({ admin: { page } }) => {
    // Fails until the error shows (the API client retries a 5xx once by itself, and the request
    // may start as the session is checked, before the page mounts and asks again).
    let failing = true;
    await page.route('**/api/dashboard', async (route) => {
      if (failing) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"حدث خطأ"}' });
      } else await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('dashboard-error')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await expect(page.getByTestId('kpi-cards')).toBeVisible();
    await expect(page.getByTestId('dashboard-error')).toHaveCount(0);
  });

  test('a fresh system (all zeros) shows zero cards and empty charts', async ({
    admin: { page },
    errors,
  }) => {
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: `2026-${String(i + 1).padStart(2, '0')}`,
      label: `شهر ${i + 1} 2026`,
      amount: '0.00',
    }));
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          cards: {
            ordersToday: 0,
            openOrders: 0,
            unpaidBalance: '0.00',
            revenueHijriMonth: { amount: '0.00', label: 'جمادى الأولى 1448 هـ' },
            revenueGregorianMonth: { amount: '0.00', label: 'نوفمبر 2026' },
          },
          revenueByMonth: months,
          ordersByStatus: [
            { status: 'new', label: 'جديد', count: 0 },
            { status: 'in_progress', label: 'قيد التنفيذ', count: 0 },
            { status: 'completed', label: 'مكتمل', count: 0 },
            { status: 'cancelled', label: 'ملغي', count: 0 },
          ],
          topServices: [],
          recentActivity: [],
        }),
      }),
    );
    await page.goto('/');
    await expect(page.getByTestId('dashboard-empty')).toBeVisible();
    await expect(page.getByTestId('kpi-revenueHijriMonth')).toContainText('0.00 ر.س');
    await expect(page.getByTestId('kpi-revenueHijriMonth')).toContainText('جمادى الأولى 1448 هـ');
    await expect(page.getByTestId('kpi-openOrders')).toContainText('0');
    await showCharts(page);
    await expect(page.getByText('لا توجد طلبات بعد.')).toBeVisible();
    await expect(page.getByText('لا توجد خدمات مطلوبة بعد.')).toBeVisible();
    await expect(page.getByText('لا يوجد نشاط بعد.')).toBeVisible();
    await expect(page.locator('.recharts-surface')).toHaveCount(0);
    await expectNoOverflow(page, 'empty dashboard at 1280px');
    expect(errors).toEqual([]);
  });
});

for (const scheme of SCHEMES) {
  test.describe(`${scheme} mode`, () => {
    failOnPageErrors();
    test.use({ colorScheme: scheme });

    test(`home dashboard at ${WIDTHS.join(', ')} px: screenshots, no overflow, no console errors`, async ({
      page,
      request,
    }) => {
      const { token } = await signedInAs(page, request, { role: 'admin', name: 'ريم الشهري' });
      await seedActivity(request, token);
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto('/');
      await dashboardReady(page);
      const html = page.locator('html');
      if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
      else await expect(html).not.toHaveClass(/\bdark\b/);

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await dashboardReady(page);
        // The sidebar and the charts (they measure their box) settle at the new size.
        await settleLayout(page);
        await expectNoOverflow(page, `home at ${width}px`);
        const columns = await kpiColumns(page);
        const [min, max] = COLUMNS[width];
        expect(columns, `card columns at ${width}px`).toBeGreaterThanOrEqual(min);
        expect(columns, `card columns at ${width}px`).toBeLessThanOrEqual(max);
        await page.screenshot({
          path: path.join(OUT_DIR, `home-dashboard-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
    });
  });
}
