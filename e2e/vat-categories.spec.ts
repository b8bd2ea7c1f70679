import path from 'node:path';
import { formatSAR, type OrderLineInput, orderTotals, toHalalas } from '@idara/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, postAs, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow } from './support/layout';
import { toasts } from './support/toasts';

/**
 * VAT categories and units (packages/domain vat-categories.ts, units.ts) through the screens: a
 * service zero-rated as an export of services and sold by the hour, an order mixing it with a
 * standard-rated line, its invoice, the VAT return; a line's own category; a note on a mixed invoice.
 */

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tag = () => String(Math.floor(Math.random() * 1e6));
const item = (page: Page, n: number) => page.getByRole('group', { name: `البند ${n}` });
const sar = (value: string) => formatSAR(toHalalas(value));
const EXPORT = { vatCategory: 'Z', vatExemptionCode: 'VATEX-SA-33', vatExemptionReason: '' } as const;

async function taxRate(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/settings', { headers: bearer(token) });
  return Number((await res.json()).tax);
}

type Named = { _id: string; name: string };

/** A customer and a standard-rated service sold by the piece at 200.00. */
async function fixture(request: APIRequestContext, token: string) {
  const t = tag();
  const customer = await postAs<Named>(request, token, '/api/customer', {
    name: `عميل التصدير ${t}`,
    phoneNumber: randomPhone(),
  });
  const standard = await postAs<Named>(request, token, '/api/service', {
    name: `صيانة دورية ${t}`,
    price: '200.00',
  });
  return { customer, standard, t };
}

/**
 * A zero-rated export service sold by the hour at `price`, and an order for the fixture's customer
 * of `pieces` × its standard service and `hours` of the export one.
 */
async function mixedOrder(
  request: APIRequestContext,
  token: string,
  { customer, standard, t }: Awaited<ReturnType<typeof fixture>>,
  mix: { service: string; price: string; pieces: number; hours: number; discount?: string },
) {
  const hourly = await postAs<Named>(request, token, '/api/service', {
    name: `${mix.service} ${t}`,
    price: mix.price,
    unit: 'hour',
    ...EXPORT,
  });
  const order = await postAs(request, token, '/api/order', {
    customer: customer._id,
    items: [
      { service: standard._id, quantity: mix.pieces, unitPrice: '200.00' },
      { service: hourly._id, quantity: mix.hours, unitPrice: mix.price },
    ],
    ...(mix.discount ? { discount: mix.discount } : {}),
  });
  return { hourly, order };
}

/** Chooses an option of a Mantine select (typing first when `search` is given). */
async function choose(page: Page, input: Locator, option: string, search?: string) {
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

/** The new order form with the customer chosen. */
async function newOrder(page: Page, customer: Named) {
  await page.goto('/dashboard/order/new');
  // The server searches by a part of the name, as people type it.
  const input = page.getByRole('combobox', { name: 'العميل' });
  await choose(page, input, customer.name, customer.name.split(' ').at(-1));
}

failOnPageErrors();

test.describe('VAT categories and units', () => {
  test('an hourly export of services: service form, a mixed order, its invoice and the VAT return', async ({
    admin: { page, token },
    request,
  }) => {
    const rate = await taxRate(request, token);
    const { customer, standard, t } = await fixture(request, token);
    const name = `استشارات هندسية للخارج ${t}`;

    // The service: sold by the hour; a category's reason list follows the category.
    await page.goto('/dashboard/service/new');
    await page.getByRole('textbox', { name: 'اسم الخدمة' }).fill(name);
    await page.getByRole('textbox', { name: 'السعر' }).fill('300');
    await choose(page, page.getByRole('combobox', { name: 'وحدة البيع' }), 'ساعة');
    const category = page.getByRole('combobox', { name: 'فئة ضريبة القيمة المضافة' });
    await expect(category).toHaveValue('خاضع للنسبة الأساسية');
    await expect(page.getByRole('combobox', { name: 'سبب الإعفاء أو النسبة الصفرية' })).toHaveCount(0);
    // Out of scope: its one code is chosen, and the office writes its reason.
    await choose(page, category, 'خارج نطاق الضريبة');
    await expect(page.getByRole('combobox', { name: 'سبب عدم الخضوع' })).toHaveValue(
      'خارج نطاق الضريبة (يُكتب السبب)',
    );
    await expect(page.getByRole('textbox', { name: 'السبب كما يُكتب في الفاتورة' })).toBeVisible();
    // Zero-rated: the reason is cleared and must be chosen from ZATCA's list.
    await choose(page, category, 'خاضع للنسبة الصفرية');
    const reason = page.getByRole('combobox', { name: 'سبب الإعفاء أو النسبة الصفرية' });
    await expect(reason).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'السبب كما يُكتب في الفاتورة' })).toHaveCount(0);
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByText('اختر سبب الإعفاء أو النسبة الصفرية من قائمة هيئة الزكاة')).toBeVisible();
    await choose(page, reason, 'تصدير الخدمات', 'تصدير');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'تم الحفظ' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    const card = page.getByRole('main');
    await expect(card.getByText('ساعة', { exact: true })).toBeVisible();
    await expect(card.getByText('خاضع للنسبة الصفرية', { exact: true })).toBeVisible();
    await expect(card.getByText('تصدير الخدمات', { exact: true })).toBeVisible();
    await page.goto('/dashboard/service');
    await page.getByRole('searchbox', { name: 'بحث' }).fill(t);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('صفرية');
    await expect(row).toContainText('ساعة');

    // The order: two hours of standard work, and an hour and a half of the export.
    await newOrder(page, customer);
    await choose(page, item(page, 1).getByRole('combobox', { name: 'الخدمة' }), standard.name, standard.name);
    await item(page, 1).getByRole('textbox', { name: 'الكمية' }).fill('2');
    await expect(item(page, 1).getByTestId('line-tax')).toContainText('أساسية');
    await page.getByRole('button', { name: 'إضافة خدمة' }).click();
    await choose(page, item(page, 2).getByRole('combobox', { name: 'الخدمة' }), name, name);
    const hours = item(page, 2).getByRole('textbox', { name: 'الكمية' });
    await hours.fill('1.5');
    await expect(hours).toHaveValue('1.5 ساعة');
    await expect(item(page, 2).getByTestId('line-total')).toHaveText(sar('450.00'));
    await expect(item(page, 2).getByTestId('line-tax')).toContainText('صفرية');
    await expect(item(page, 2).getByTestId('line-tax')).toContainText('تصدير الخدمات');

    // The preview: VAT on the standard-rated line alone, the domain's arithmetic.
    const lines: OrderLineInput[] = [
      { quantity: 2, unitPrice: toHalalas('200.00') },
      { quantity: 1.5, unitPrice: toHalalas('300.00'), ...EXPORT },
    ];
    const expected = orderTotals(lines, 0, rate);
    expect(expected.taxAmount).toBe(orderTotals([lines[0]], 0, rate).taxAmount);
    await expect(page.getByTestId('preview-subtotal')).toHaveText(formatSAR(expected.subtotal));
    await expect(page.getByTestId('preview-vat')).toHaveText(formatSAR(expected.taxAmount));
    await expect(page.getByTestId('preview-vat-S')).toHaveText(formatSAR(expected.taxAmount));
    await expect(page.getByTestId('preview-vat-Z')).toHaveText(formatSAR(0));
    await expect(page.getByTestId('preview-total')).toHaveText(formatSAR(expected.total));

    await page.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة الطلب بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    const rows = page.getByTestId('order-items').locator('tbody tr');
    await expect(rows.nth(0)).toContainText('أساسية');
    await expect(rows.nth(1)).toContainText('صفرية');
    await expect(rows.nth(1)).toContainText('1.5 ساعة');
    await expect(rows.nth(1).locator('[data-category="Z"]')).toHaveAttribute('title', 'تصدير الخدمات');
    await expect(page.getByTestId('order-vat')).toHaveText(formatSAR(expected.taxAmount));
    await expect(page.getByTestId('order-total')).toHaveText(formatSAR(expected.total));

    // The invoice shows each line's category and the zero-rated group's reason.
    await page.getByRole('button', { name: 'إصدار الفاتورة' }).click();
    await page
      .getByRole('dialog', { name: 'إصدار الفاتورة الضريبية' })
      .getByRole('button', { name: 'إصدار الفاتورة' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/invoice\//);
    const heading = page.getByRole('heading', { name: /فاتورة ضريبية مبسطة INV-/ });
    await expect(heading).toBeVisible();
    const number = ((await heading.textContent()) ?? '').match(/INV-\S+/)?.[0] ?? '';
    const sheet = page.frameLocator('[data-testid="einvoice-document"] iframe').locator('body');
    for (const text of ['أساسية', 'صفرية', 'تصدير الخدمات', 'VATEX-SA-33', 'ساعة'])
      await expect(sheet).toContainText(text);

    // The VAT return of this month: the export is in the zero-rated figure, down to this invoice.
    await page.goto('/dashboard/report/vat');
    await page.getByText('شهري').click();
    await page.getByTestId('vat-figure-zeroRated').click();
    const document = page.getByTestId('vat-documents').getByRole('row').filter({ hasText: number });
    await expect(document).toContainText(sar('450.00'));
    const zeroRated = page.getByTestId('vat-figures').getByRole('row').nth(2);
    await expect(zeroRated.getByRole('cell').nth(1)).not.toHaveText(formatSAR(0));
    await expect(page.getByTestId('vat-figure-outOfScope')).toBeVisible();
  });

  test('a fraction of a piece is refused in Arabic, by the form and by the server', async ({
    admin: { page, token },
    request,
  }) => {
    const { customer, standard } = await fixture(request, token);
    await newOrder(page, customer);
    await choose(page, item(page, 1).getByRole('combobox', { name: 'الخدمة' }), standard.name, standard.name);
    const quantity = item(page, 1).getByRole('textbox', { name: 'الكمية' });
    await quantity.fill('1.5');
    await expect(quantity).toHaveValue('1.5 قطعة');
    await expect(item(page, 1).getByText('الكمية بوحدة «قطعة» عدد صحيح')).toBeVisible();
    await expect(item(page, 1).getByTestId('line-total')).toHaveText('—');
    await page.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(quantity).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard\/order\/new$/);

    // The server says the same on the same field.
    const res = await request.post('/api/order', {
      headers: bearer(token),
      data: {
        customer: customer._id,
        items: [{ service: standard._id, quantity: 1.5, unitPrice: '200.00' }],
      },
    });
    expect(res.status()).toBe(422);
    expect((await res.json()).fieldErrors['items.0.quantity']).toContain('الكمية بوحدة «قطعة» عدد صحيح');
  });

  test("a line's own category: chosen on the line, sent, kept on edit, and given back to the service", async ({
    admin: { page, token },
    request,
  }) => {
    const rate = await taxRate(request, token);
    const { customer, standard } = await fixture(request, token);
    await newOrder(page, customer);
    const line = item(page, 1);
    await choose(page, line.getByRole('combobox', { name: 'الخدمة' }), standard.name, standard.name);
    const vat = orderTotals([{ quantity: 1, unitPrice: toHalalas('200.00') }], 0, rate).taxAmount;
    await expect(page.getByTestId('preview-vat')).toHaveText(formatSAR(vat));

    // This visit is an export: zero-rated on this line only; the reason is required.
    await line.getByRole('button', { name: 'تغيير فئة الضريبة' }).click();
    await choose(page, line.getByRole('combobox', { name: 'فئة الضريبة لهذا البند' }), 'خاضع للنسبة الصفرية');
    await page.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(line.getByText('اختر سبب الإعفاء أو النسبة الصفرية من قائمة هيئة الزكاة')).toBeVisible();
    const reason = line.getByRole('combobox', { name: 'سبب الإعفاء أو النسبة الصفرية' });
    await choose(page, reason, 'تصدير الخدمات', 'تصدير');
    await expect(page.getByTestId('preview-vat')).toHaveText(formatSAR(0));
    await page.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة الطلب بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    const orderId = page.url().match(ID)?.[0] ?? '';
    await expect(page.getByTestId('order-items').locator('tbody tr').first()).toContainText('صفرية');
    const saved = await (await request.get(`/api/order/${orderId}`, { headers: bearer(token) })).json();
    expect(saved.items[0]).toMatchObject(EXPORT);

    // Editing keeps the line's own choice open; «اتّباع فئة الخدمة» gives the line back its service's.
    await page.goto(`/dashboard/order/edit/${orderId}`);
    await expect(line.getByRole('combobox', { name: 'فئة الضريبة لهذا البند' })).toHaveValue(
      'خاضع للنسبة الصفرية',
    );
    await line.getByRole('button', { name: 'اتّباع فئة الخدمة (أساسية)' }).click();
    await expect(line.getByTestId('line-tax')).toContainText('أساسية');
    await expect(page.getByTestId('preview-vat')).toHaveText(formatSAR(vat));
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(toasts(page).filter({ hasText: 'تم حفظ تعديلات الطلب' })).toBeVisible();
    await expect(page.getByTestId('order-vat')).toHaveText(formatSAR(vat));
    const back = await (await request.get(`/api/order/${orderId}`, { headers: bearer(token) })).json();
    expect(back.items[0].vatCategory).toBe('S');
  });

  test('a credit note on an invoice of two categories names the category it corrects', async ({
    admin: { page, token },
    request,
  }) => {
    const { order } = await mixedOrder(request, token, await fixture(request, token), {
      service: 'تدريب عن بعد للخارج',
      price: '100.00',
      pieces: 1,
      hours: 2.5,
    });
    const invoice = await postAs<{ _id: string; number: string }>(
      request,
      token,
      `/api/order/${order._id}/invoice`,
    );

    await page.goto(`/dashboard/invoice/${invoice._id}`);
    await page.getByRole('button', { name: 'إشعار دائن' }).click();
    const dialog = page.getByRole('dialog', { name: `إشعار دائن على الفاتورة ${invoice.number}` });
    await dialog.getByRole('textbox', { name: 'السبب' }).fill('خصم على الزيارة');
    await dialog.getByRole('textbox', { name: 'المبلغ شامل الضريبة (ر.س)' }).fill('23');
    await dialog.getByRole('button', { name: 'إصدار إشعار دائن' }).click();
    await expect(dialog.getByText('اختر فئة الضريبة التي يصححها الإشعار')).toBeVisible();
    const categories = dialog.getByRole('combobox', { name: 'فئة الضريبة' });
    await categories.click();
    // Only the invoice's own categories are offered.
    await expect(page.getByRole('option')).toHaveText(['خاضع للنسبة الأساسية', 'خاضع للنسبة الصفرية']);
    await page.getByRole('option', { name: 'خاضع للنسبة الأساسية' }).click();
    await dialog.getByRole('button', { name: 'إصدار إشعار دائن' }).click();
    await expect(toasts(page).filter({ hasText: /صدر إشعار دائن رقم CRN-/ })).toBeVisible();
    const note = page.frameLocator('[data-testid="einvoice-document"] iframe').locator('body');
    await expect(note).toContainText(`على الفاتورة رقم ${invoice.number}`);
    await expect(note).toContainText('أساسية');
    await expect(note).toContainText(sar('23.00'));
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`VAT categories, ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test(`${scheme}: service form, mixed order form and details at 375/768/1280, screenshots`, async ({
      page,
      request,
    }) => {
      const { token } = await signedInAs(page, request, { role: 'admin', name: 'ريم الشهري' });
      const { hourly, order } = await mixedOrder(request, token, await fixture(request, token), {
        service: 'استشارات هندسية للخارج',
        price: '300.00',
        pieces: 2,
        hours: 1.5,
        discount: '50.00',
      });
      const screens: {
        name: string;
        path: string;
        prepare?: () => Promise<void>;
        ready: () => Promise<void>;
      }[] = [
        {
          name: 'service-form-zero-rated',
          path: `/dashboard/service/edit/${hourly._id}`,
          ready: () =>
            expect(page.getByRole('combobox', { name: 'سبب الإعفاء أو النسبة الصفرية' })).toHaveValue(
              'تصدير الخدمات',
            ),
        },
        {
          name: 'order-form-mixed',
          path: `/dashboard/order/edit/${order._id}`,
          ready: () => expect(page.getByTestId('preview-vat-Z')).toHaveText(formatSAR(0)),
        },
        {
          // The second line's own category opened: category and reason beside each other.
          name: 'order-form-line-tax',
          path: `/dashboard/order/edit/${order._id}`,
          prepare: () => item(page, 2).getByRole('button', { name: 'تغيير فئة الضريبة' }).click(),
          ready: () =>
            expect(
              item(page, 2).getByRole('combobox', { name: 'سبب الإعفاء أو النسبة الصفرية' }),
            ).toHaveValue('تصدير الخدمات'),
        },
        {
          name: 'service-details-zero-rated',
          path: `/dashboard/service/${hourly._id}`,
          ready: () => expect(page.getByText('تصدير الخدمات', { exact: true })).toBeVisible(),
        },
        {
          name: 'order-details-mixed',
          path: `/dashboard/order/${order._id}`,
          ready: () => expect(page.getByTestId('order-vat-Z')).toHaveText(formatSAR(0)),
        },
      ];
      // Each width loads the page afresh: a resized page may still be moving its sidebar.
      for (const screen of screens) {
        for (const width of [375, 768, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(screen.path);
          await screen.prepare?.();
          await screen.ready();
          await expectNoOverflow(page, `${screen.name} at ${width}`);
          await page.screenshot({
            path: path.join(OUT_DIR, `${screen.name}-${width}-${scheme}.png`),
            fullPage: true,
          });
        }
      }
    });
  });
}
