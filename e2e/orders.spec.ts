import path from 'node:path';
import { formatSAR, fromHalalas, orderTotals, toHalalas } from '@idara/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, postAs, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow } from './support/layout';
import { toasts } from './support/toasts';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tag = () => String(Math.floor(Math.random() * 1e6));
const item = (page: Page, n: number) => page.getByRole('group', { name: `البند ${n}` });

/** '1,234.50 ر.س' of a decimal string, as the screens show money. */
const sar = (value: string) => formatSAR(toHalalas(value));

async function taxRate(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/settings', { headers: bearer(token) });
  expect(res.ok()).toBe(true);
  return Number((await res.json()).tax);
}

interface Fixture {
  customer: { _id: string; name: string };
  services: { _id: string; name: string; price: string }[];
}

async function fixture(request: APIRequestContext, token: string): Promise<Fixture> {
  const t = tag();
  const customer = await postAs<{ _id: string; name: string }>(request, token, '/api/customer', {
    name: `عميل الطلبات ${t}`,
    type: 'individual',
    phoneNumber: randomPhone(),
  });
  const services = [
    await postAs<{ _id: string; name: string; price: string }>(request, token, '/api/service', {
      name: `تنظيف مكيفات ${t}`,
      price: '150.00',
    }),
    await postAs<{ _id: string; name: string; price: string }>(request, token, '/api/service', {
      name: `تعبئة فريون ${t}`,
      price: '99.99',
    }),
  ];
  return { customer, services };
}

/** Chooses an option of a Mantine select (typing first when `search` is given). */
async function choose(page: Page, input: Locator, option: string, search?: string) {
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

failOnPageErrors();

test.describe('orders', () => {
  test('create through the form with live totals, edit, then new → in progress → completed', async ({
    admin: { page, token },
    request,
  }) => {
    const rate = await taxRate(request, token);
    const { customer, services } = await fixture(request, token);
    const [cleaning, freon] = services;

    await page.goto('/dashboard/order/new');
    await expect(page.getByRole('heading', { name: 'العميل والموقع' })).toBeVisible();

    // Required fields are refused in Arabic on the fields themselves.
    await page.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(page.getByText('اختر العميل')).toBeVisible();
    await expect(item(page, 1).getByText('اختر الخدمة', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/order\/new$/);

    // The customer is found by typing part of the name (the server searches).
    const customerInput = page.getByRole('combobox', { name: 'العميل' });
    await choose(page, customerInput, customer.name, customer.name.split(' ').at(-1));
    await expect(customerInput).toHaveValue(customer.name);

    // Line 1: the service's price is filled in; quantity 2.
    await choose(page, item(page, 1).getByRole('combobox', { name: 'الخدمة' }), cleaning.name, cleaning.name);
    await expect(item(page, 1).getByRole('textbox', { name: 'سعر الوحدة' })).toHaveValue('150.00 ر.س');
    await item(page, 1).getByRole('textbox', { name: 'الكمية' }).fill('2');
    await expect(item(page, 1).getByTestId('line-total')).toHaveText(sar('300.00'));

    // Line 2: a second service, its price changed by hand; quantity 3.
    await page.getByRole('button', { name: 'إضافة خدمة' }).click();
    await choose(page, item(page, 2).getByRole('combobox', { name: 'الخدمة' }), freon.name, freon.name);
    await expect(item(page, 2).getByRole('textbox', { name: 'سعر الوحدة' })).toHaveValue('99.99 ر.س');
    await item(page, 2).getByRole('textbox', { name: 'سعر الوحدة' }).fill('120.5');
    await item(page, 2).getByRole('textbox', { name: 'الكمية' }).fill('3');
    await expect(item(page, 2).getByTestId('line-total')).toHaveText(sar('361.50'));

    // A discount above the subtotal is refused before anything is sent.
    const discount = page.getByRole('textbox', { name: 'الخصم' });
    await discount.fill('1000');
    await expect(page.getByRole('alert').filter({ hasText: 'الخصم أكبر من المجموع' })).toBeVisible();
    await discount.fill('50');

    // Live totals: the domain's arithmetic with the settings' VAT rate.
    const expected = orderTotals(
      [
        { quantity: 2, unitPrice: toHalalas('150.00') },
        { quantity: 3, unitPrice: toHalalas('120.50') },
      ],
      toHalalas('50'),
      rate,
    );
    await expect(page.getByTestId('preview-subtotal')).toHaveText(formatSAR(expected.subtotal));
    await expect(page.getByTestId('preview-discount')).toHaveText(formatSAR(expected.discount));
    await expect(page.getByTestId('preview-net')).toHaveText(formatSAR(expected.net));
    await expect(page.getByTestId('preview-vat')).toHaveText(formatSAR(expected.taxAmount));
    await expect(page.getByTestId('preview-total')).toHaveText(formatSAR(expected.total));
    await expect(page.getByTestId('order-totals-preview')).toContainText(`(${rate}%)`);

    await page.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة الطلب بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    const orderId = page.url().match(ID)?.[0] ?? '';

    // The saved totals (computed by the server) are the ones the form showed.
    await expect(page.getByTestId('order-status')).toHaveText('جديد');
    await expect(page.getByTestId('order-subtotal')).toHaveText(formatSAR(expected.subtotal));
    await expect(page.getByTestId('order-discount')).toHaveText(formatSAR(expected.discount));
    await expect(page.getByTestId('order-vat')).toHaveText(formatSAR(expected.taxAmount));
    await expect(page.getByTestId('order-total')).toHaveText(formatSAR(expected.total));
    await expect(page.getByTestId('order-paid')).toHaveText(formatSAR(0));
    await expect(page.getByTestId('order-invoiced')).toHaveText(formatSAR(0));
    await expect(page.getByTestId('order-outstanding')).toHaveText(formatSAR(0));
    await expect(page.getByTestId('order-uninvoiced')).toHaveText(formatSAR(expected.total));
    const lines = page.getByTestId('order-items').locator('tbody tr');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1)).toContainText(freon.name);
    await expect(lines.nth(1)).toContainText(sar('361.50'));
    await expect(page.getByRole('link', { name: customer.name })).toHaveAttribute(
      'href',
      `/dashboard/customer/${customer._id}`,
    );
    const saved = await (await request.get(`/api/order/${orderId}`, { headers: bearer(token) })).json();
    expect(saved.total).toBe(fromHalalas(expected.total));

    // Edit: three of the first service now; the preview follows before saving.
    await page.getByRole('link', { name: 'تعديل' }).click();
    await expect(page).toHaveURL(/\/dashboard\/order\/edit\//);
    await expect(item(page, 1).getByRole('textbox', { name: 'الكمية' })).toHaveValue('2 قطعة');
    await item(page, 1).getByRole('textbox', { name: 'الكمية' }).fill('3');
    const edited = orderTotals(
      [
        { quantity: 3, unitPrice: toHalalas('150.00') },
        { quantity: 3, unitPrice: toHalalas('120.50') },
      ],
      toHalalas('50'),
      Number(saved.taxRate),
    );
    await expect(page.getByTestId('preview-total')).toHaveText(formatSAR(edited.total));
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(toasts(page).filter({ hasText: 'تم حفظ تعديلات الطلب' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboard/order/${orderId}$`));
    await expect(page.getByTestId('order-total')).toHaveText(formatSAR(edited.total));

    // new → in_progress: only the moves the status allows are offered.
    const header = page.getByRole('main');
    await expect(header.getByRole('button', { name: 'بدء التنفيذ' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'إلغاء الطلب' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'إكمال الطلب' })).toHaveCount(0);
    await header.getByRole('button', { name: 'بدء التنفيذ' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('قيد التنفيذ');
    await expect(header.getByRole('button', { name: 'بدء التنفيذ' })).toHaveCount(0);

    // in_progress → completed; then nothing more is offered, and editing is gone.
    await header.getByRole('button', { name: 'إكمال الطلب' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('مكتمل');
    for (const name of ['بدء التنفيذ', 'إكمال الطلب', 'إلغاء الطلب', 'إعادة فتح', 'تعديل'])
      await expect(header.getByRole('button', { name }).or(header.getByRole('link', { name }))).toHaveCount(
        0,
      );

    // The server refuses an illegal move too.
    const illegal = await request.post(`/api/order/${orderId}/status`, {
      data: { status: 'new' },
      headers: bearer(token),
    });
    expect(illegal.status()).toBe(409);

    // A completed order's edit page says why it cannot be saved.
    await page.goto(`/dashboard/order/edit/${orderId}`);
    await expect(page.getByText('لا يمكن تعديل هذا الطلب')).toBeVisible();
    await expect(page.getByRole('button', { name: 'حفظ التعديلات' })).toBeDisabled();
    await page.goto(`/dashboard/order/${orderId}`);

    // The activity timeline of the order shows its creation.
    await expect(page.getByTestId('activity-timeline')).toContainText('إضافة الطلب رقم');
  });

  test('cancelling asks first; the list filters by status and opens the details', async ({
    admin: { page, token },
    request,
  }) => {
    const { customer, services } = await fixture(request, token);
    const order = await postAs<{ _id: string; number: number }>(request, token, '/api/order', {
      customer: customer._id,
      items: [{ service: services[0]._id, quantity: 1, unitPrice: '150.00' }],
    });

    await page.goto(`/dashboard/order/${order._id}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'إلغاء الطلب' }).click();
    const dialog = page.getByRole('dialog', { name: 'إلغاء الطلب' });
    await expect(dialog).toContainText(`الطلب رقم ${order.number}`);
    await dialog.getByRole('button', { name: 'تراجع' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('order-status')).toHaveText('جديد');

    await main.getByRole('button', { name: 'إلغاء الطلب' }).click();
    await page
      .getByRole('dialog', { name: 'إلغاء الطلب' })
      .getByRole('button', { name: 'إلغاء الطلب' })
      .click();
    await expect(page.getByTestId('order-status')).toHaveText('ملغي');
    await expect(main.getByRole('button', { name: 'إعادة فتح' })).toHaveCount(0);

    // The list, filtered to cancelled orders of this customer, holds it; a row opens the details.
    await page.goto(`/dashboard/order?status=cancelled&customer=${customer._id}`);
    const row = page.getByRole('row', { name: new RegExp(`الطلب رقم ${order.number}`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('ملغي');
    await expect(page.getByTestId('list-count')).toHaveText('سجل واحد');
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/order/${order._id}$`));

    // An order without payments can be deleted from its page, after the usual confirmation.
    await main.getByRole('button', { name: 'حذف' }).click();
    await page.getByRole('dialog', { name: 'تأكيد الحذف' }).getByRole('button', { name: 'حذف' }).click();
    await expect(toasts(page).filter({ hasText: `تم حذف الطلب رقم ${order.number}` })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/order$/);

    // The creation-date filter shows the picked Riyadh day, in Hijri on request.
    await page.goto(
      '/dashboard/order?createdAtFrom=2026-03-04T21%3A00%3A00.000Z&createdAtTo=2026-03-05T20%3A59%3A59.999Z',
    );
    const range = page.getByRole('button', { name: 'فترة الإنشاء', exact: true });
    await expect(range).toHaveText('2026/03/05');
    await page.getByText('هجري', { exact: true }).click();
    await expect(range).toHaveText('16 رمضان 1447 هـ');
    await page.getByText('ميلادي', { exact: true }).click();
    await expect(range).toHaveText('2026/03/05');
  });

  test("the customer's orders tab lists them and starts a new order for that customer", async ({
    admin: { page, token },
    request,
  }) => {
    const { customer, services } = await fixture(request, token);

    await page.goto(`/dashboard/customer/${customer._id}?tab=orders`);
    await expect(page.getByText('لا توجد طلبات لهذا العميل')).toBeVisible();
    const order = await postAs<{ _id: string; number: number }>(request, token, '/api/order', {
      customer: customer._id,
      items: [{ service: services[1]._id, quantity: 2, unitPrice: '99.99' }],
    });
    await page.reload();
    const row = page.getByRole('row', { name: `الطلب رقم ${order.number}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('جديد');

    await page.getByRole('link', { name: 'طلب جديد' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/order/new\\?customer=${customer._id}$`));
    await expect(page.getByRole('combobox', { name: 'العميل' })).toHaveValue(customer.name);
  });
});

test.describe('orders reuse what is known', () => {
  test('picking a customer brings their city and address, never over what the user typed', async ({
    admin: { page, token },
    request,
  }) => {
    const t = tag();
    const cities = (await (await request.get('/api/city?limit=100', { headers: bearer(token) })).json())
      .data as { _id: string; name: string; government: string }[];
    const [first, second] = [cities[0], cities.find((c) => c._id !== cities[0]._id) ?? cities[0]];
    const customer = async (name: string, city: (typeof cities)[number], district: string) =>
      postAs<{ _id: string; name: string }>(request, token, '/api/customer', {
        name,
        phoneNumber: randomPhone(),
        government: city.government,
        city: city._id,
        district,
        street: 'شارع الأمير سلطان',
        buildingNumber: '3150',
        postalCode: '23431',
      });
    const a = await customer(`سعيد الغامدي ${t}`, first, 'الروضة');
    const b = await customer(`منيرة الدوسري ${t}`, second, 'الحمراء');

    await page.goto('/dashboard/order/new');
    const customerBox = page.getByRole('combobox', { name: 'العميل' });
    const cityBox = page.getByRole('combobox', { name: 'المدينة' });
    const address = page.getByRole('textbox', { name: 'العنوان' });
    await choose(page, customerBox, a.name, a.name.split(' ').at(-1));
    await expect(cityBox).toHaveValue(first.name);
    await expect(address).toHaveValue('الروضة، شارع الأمير سلطان، مبنى 3150، الرمز البريدي 23431');

    // Another customer replaces what the first one brought…
    await choose(page, customerBox, b.name, b.name.split(' ').at(-1));
    await expect(cityBox).toHaveValue(second.name);
    await expect(address).toHaveValue('الحمراء، شارع الأمير سلطان، مبنى 3150، الرمز البريدي 23431');

    // …but never what the user wrote.
    await address.fill('موقع المشروع: مخطط 12');
    await choose(page, customerBox, a.name, a.name.split(' ').at(-1));
    await expect(address).toHaveValue('موقع المشروع: مخطط 12');
    await expect(cityBox).toHaveValue(first.name);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test('order form and details: no overflow at 375/768/1280, screenshots', async ({ page, request }) => {
      const { token, user } = await signedInAs(page, request, { role: 'admin', name: 'ريم الشهري' });
      const { customer, services } = await fixture(request, token);
      const cities = await (await request.get('/api/city?limit=1', { headers: bearer(token) })).json();
      const order = await postAs<{ _id: string }>(request, token, '/api/order', {
        customer: customer._id,
        city: cities.data[0]?._id ?? null,
        address: 'حي العليا، شارع التحلية، مبنى 4521',
        items: [
          { service: services[0]._id, quantity: 2, unitPrice: '150.00' },
          { service: services[1]._id, quantity: 1, unitPrice: '99.99' },
        ],
        discount: '25.00',
        assignees: [user._id],
        scheduledAt: '2026-03-05T07:30:00.000Z',
        startDate: '2026-03-05',
        endDate: '2026-03-20',
        notes: 'الاتصال بالعميل قبل الزيارة بساعة.',
      });

      const screens = [
        {
          name: 'order-form',
          path: `/dashboard/order/edit/${order._id}`,
          ready: async () => {
            await expect(item(page, 2).getByRole('combobox', { name: 'الخدمة' })).toHaveValue(
              services[1].name,
            );
            await expect(page.getByTestId('preview-total')).not.toHaveText(formatSAR(0));
          },
        },
        {
          name: 'order-details',
          path: `/dashboard/order/${order._id}`,
          ready: async () => {
            await expect(page.getByTestId('order-items').locator('tbody tr')).toHaveCount(2);
            await expect(page.getByTestId('order-assignees')).toHaveText('ريم الشهري');
          },
        },
        {
          name: 'orders',
          path: `/dashboard/order?customer=${customer._id}`,
          ready: async () => {
            await expect(page.getByRole('row', { name: new RegExp(customer.name) })).toBeVisible();
          },
        },
      ];

      for (const screen of screens) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(screen.path);
        await screen.ready();
        const html = page.locator('html');
        if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);
        for (const width of [375, 768, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await screen.ready();
          await expectNoOverflow(page, screen.name);
          if (width !== 768)
            await page.screenshot({
              path: path.join(OUT_DIR, `${screen.name}-${width}-${scheme}.png`),
              fullPage: true,
            });
        }
      }
    });
  });
}
