import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminAuth, bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { collectErrors } from './support/console';
import { downloadBy } from './support/downloads';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow } from './support/layout';
import { limit } from './support/slowdown';
import { toasts } from './support/toasts';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const suffix = () => String(Math.floor(Math.random() * 1e6));

interface Fixture {
  customerId: string;
  customerName: string;
  orderId: string;
  orderNumber: number;
}

/**
 * Records a payment of `amount` (VAT included) on the order by the first active payment method, as
 * the holder of `token`, through the API; returns the created payment.
 */
async function recordPayment(
  request: APIRequestContext,
  token: string,
  orderId: string,
  amount: string,
  more: Record<string, unknown> = {},
): Promise<{ _id: string }> {
  const methods = await (
    await request.get('/api/paymentMethod?active=true', { headers: bearer(token) })
  ).json();
  const res = await request.post('/api/payment', {
    headers: bearer(token),
    data: { order: orderId, amount, paymentMethod: methods.data[0]._id, ...more },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/**
 * A company customer and an order of 2 × 500.00 through the API as the admin: net 1,000.00,
 * VAT 15% 150.00, total (and balance) 1,150.00.
 */
async function createOrder(request: APIRequestContext): Promise<Fixture> {
  const token = await adminAuth(request);
  const headers = bearer(token);
  const service = await request.post('/api/service', {
    headers,
    data: { name: `صيانة مكيفات ${suffix()}`, price: '500.00', active: true },
  });
  expect(service.status(), await service.text()).toBe(201);
  const customerName = `مؤسسة النخيل للمقاولات ${suffix()}`;
  // A VAT-registered company with its national address: its invoice is a standard tax invoice.
  const [city] = (await (await request.get('/api/city?limit=1', { headers })).json()).data;
  const customer = await request.post('/api/customer', {
    headers,
    data: {
      name: customerName,
      type: 'company',
      phoneNumber: randomPhone(),
      vatNumber: '310123456700003',
      city: city._id,
      government: city.government,
      buildingNumber: '1111',
      street: 'طريق الملك فهد',
      district: 'العليا',
      postalCode: '12211',
    },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = (await customer.json())._id as string;
  const order = await request.post('/api/order', {
    headers,
    data: {
      customer: customerId,
      items: [{ service: (await service.json())._id, quantity: 2, unitPrice: '500.00' }],
      address: 'الرياض، حي العليا',
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const o = await order.json();
  expect(o.total).toBe('1150.00');
  expect(o.balance).toBe('1150.00');
  return { customerId, customerName, orderId: o._id, orderNumber: o.number };
}

async function choosePaymentMethod(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'طريقة الدفع' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** PDF page objects (`/Type /Page`, not the `/Pages` tree nodes). */
function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

test.describe('payments and invoices', () => {
  test('record a payment through the form, approve it, mark it paid; invoice QR, print view and PDF', async ({
    page,
    request,
  }) => {
    test.setTimeout(limit(90_000));
    const errors = collectErrors(page);
    const fx = await createOrder(request);
    const { token } = await signedInAs(page, request, { role: 'admin' });

    // The form opens on the order from ?order=, with its balance as the amount.
    await page.goto(`/dashboard/payment/new?order=${fx.orderId}`);
    const summary = page.getByTestId('order-summary');
    await expect(summary).toContainText(`طلب رقم ${fx.orderNumber}`);
    await expect(summary).toContainText(fx.customerName);
    await expect(page.getByTestId('order-balance')).toHaveText('1,150.00 ر.س');
    const amount = page.getByRole('textbox', { name: 'المبلغ (شامل الضريبة)' });
    await expect(amount).toHaveValue(/1,150\.00/);

    // Without a payment method the form refuses in Arabic on the field.
    await page.getByRole('button', { name: 'حفظ الدفعة' }).click();
    await expect(page.getByText('اختر طريقة الدفع')).toBeVisible();

    await amount.fill('575');
    await expect(page.getByTestId('overpay-warning')).toHaveCount(0);
    await choosePaymentMethod(page, 'تحويل بنكي');
    await page.getByRole('textbox', { name: 'ملاحظات' }).fill('حوالة رقم 8841');
    await page.getByRole('button', { name: 'حفظ الدفعة' }).click();
    await expect(toasts(page).filter({ hasText: 'تم تسجيل الدفعة بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    const paymentId = page.url().match(ID)?.[0] ?? '';

    const saved = await (await request.get(`/api/payment/${paymentId}`, { headers: bearer(token) })).json();
    expect(saved.amount).toBe('575.00');
    expect(saved.status).toBe('pending');
    expect(saved.order.balance).toBe('575.00');

    // A recorded payment is a receipt: no tax invoice until money is received.
    await expect(page.getByText('لم تصدر الفاتورة الضريبية بعد')).toBeVisible();
    // A receipt of the order: what the customer still owes on it, invoiced or not yet.
    await expect(page).toHaveTitle(/سند القبض/);
    await expect(page.getByTestId('receipt-owed')).toHaveText('1,150.00 ر.س');
    await expect(page.getByTestId('payment-status').first()).toHaveText('بانتظار الموافقة');

    // Four eyes: this admin recorded it, so approving asks why no colleague reviewed it.
    await page.getByRole('button', { name: 'اعتماد الدفعة' }).click();
    const override = page.getByRole('dialog', { name: /اعتماد دفعة سجّلتها بنفسك/ });
    await override.getByRole('button', { name: 'اعتماد' }).click();
    await expect(override.getByText('اكتب سبب الاعتماد دون مراجعة زميل')).toBeVisible();
    await override
      .getByRole('textbox', { name: 'سبب الاعتماد دون مراجعة زميل' })
      .fill('المحاسب الآخر في إجازة');
    await override.getByRole('button', { name: 'اعتماد' }).click();
    await expect(toasts(page).filter({ hasText: 'تم اعتماد الدفعة' })).toBeVisible();
    await expect(page.getByTestId('payment-status').first()).toHaveText('معتمدة');
    await expect(page.getByRole('button', { name: 'اعتماد الدفعة' })).toHaveCount(0);

    await page.getByRole('button', { name: 'تسجيل كمدفوعة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تسجيل كمدفوعة' }).click();
    await expect(toasts(page).filter({ hasText: 'تم تسجيل الدفعة كمدفوعة' })).toBeVisible();
    await expect(page.getByTestId('payment-status').first()).toHaveText('مدفوعة');
    await expect(page.getByRole('button', { name: 'تسجيل كمدفوعة' })).toHaveCount(0);
    const order = await (await request.get(`/api/order/${fx.orderId}`, { headers: bearer(token) })).json();
    expect(order.paid).toBe('575.00');
    expect(order.invoiced).toBe('1150.00');
    await expect(page.getByTestId('receipt-owed')).toHaveText('575.00 ر.س');

    // Paid: the order's standard tax invoice is issued, drawn by the server, with seller, buyer, VAT, words and QR.
    const sheet = page.frameLocator('[data-testid="einvoice-document"] iframe');
    await expect(sheet.getByRole('heading', { name: 'فاتورة ضريبية' })).toBeVisible();
    await expect(sheet.locator('body')).toContainText('300000000000003');
    await expect(sheet.locator('body')).toContainText(fx.customerName);
    await expect(sheet.locator('body')).toContainText('310123456700003');
    await expect(sheet.locator('body')).toContainText('1,150.00 ر.س');
    await expect(sheet.locator('body')).toContainText('ألف ومئة وخمسون ريالاً');
    const qr = sheet.getByAltText(/رمز الاستجابة السريعة/);
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,.{200,}/);
    const paidDetails = await (
      await request.get(`/api/payment/${paymentId}`, { headers: bearer(token) })
    ).json();
    expect(paidDetails.invoice).toMatchObject({ kind: 'invoice', scope: 'standard' });

    // The print view shows the document only: no sidebar, header or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('einvoice-document')).toBeVisible();
    await expect(page.locator('.mantine-AppShell-navbar')).toBeHidden();
    await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
    await expect(page.getByRole('button', { name: 'طباعة' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'تحميل الفاتورة PDF' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('button', { name: 'طباعة' })).toBeVisible();

    // The PDF: a real one-page PDF under its Arabic name.
    const download = await downloadBy(page.getByRole('button', { name: 'تحميل الفاتورة PDF' }));
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^فاتورة-${paidDetails.invoice.number}(-\\d{4}-\\d{2}-\\d{2})?\\.pdf$`),
    );
    const pdf = fs.readFileSync((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(1);

    // The list: the row, its status, and the totals of the filtered rows.
    await page.goto(`/dashboard/payment?customer=${fx.customerId}`);
    const row = page.getByRole('row', { name: `السند رقم ${saved.number}`, exact: true });
    await expect(row).toBeVisible();
    await expect(row).toContainText('مدفوعة');
    await expect(row).toContainText(fx.customerName);
    await expect(page.getByTestId('totals-amount')).toHaveText('575.00 ر.س');
    await expect(page.getByTestId('totals-tax')).toHaveText('75.00 ر.س');
    await page.getByRole('combobox', { name: 'الحالة' }).selectOption({ label: 'مرفوضة' });
    await expect(page.getByTestId('table-empty')).toBeVisible();
    await expect(page.getByTestId('totals-amount')).toHaveText('0.00 ر.س');

    // The customer's payments tab links to the invoice.
    await page.goto(`/dashboard/customer/${fx.customerId}?tab=payments`);
    await page.getByRole('link', { name: `السند رقم ${saved.number}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${paymentId}$`));
    expect(errors).toEqual([]);
  });

  test('more than the balance is warned about in the form and saved only after confirmation', async ({
    page,
    errors,
    request,
  }) => {
    const fx = await createOrder(request);
    const { token } = await signedInAs(page, request, { role: 'admin' });

    // From the order's payments card: no payments yet, "add payment" opens the form on this order.
    await page.goto(`/dashboard/order/${fx.orderId}`);
    const card = page.getByTestId('order-payments');
    await expect(card.getByText('لا توجد دفعات لهذا الطلب')).toBeVisible();
    await card.getByRole('link', { name: 'إضافة دفعة' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/new\\?order=${fx.orderId}$`));
    const amount = page.getByRole('textbox', { name: 'المبلغ (شامل الضريبة)' });
    await expect(amount).toHaveValue(/1,150\.00/);
    await amount.fill('2000');
    await expect(page.getByTestId('overpay-warning')).toContainText('1,150.00 ر.س');
    await expect(page.getByTestId('overpay-warning')).toContainText('850.00 ر.س');
    await choosePaymentMethod(page, 'نقدي');

    // The server answers 409 overpay: the confirm dialog asks; "review" keeps the form.
    await page.getByRole('button', { name: 'حفظ الدفعة' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('overpay-confirm')).toContainText('1,150.00 ر.س');
    await dialog.getByRole('button', { name: 'مراجعة المبلغ' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/payment\/new/);
    const none = await (
      await request.get(`/api/payment?order=${fx.orderId}`, { headers: bearer(token) })
    ).json();
    expect(none.total).toBe(0);

    // Confirmed: saved with allowOverpay.
    await page.getByRole('button', { name: 'حفظ الدفعة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'نعم، سجّل الدفعة' }).click();
    await expect(toasts(page).filter({ hasText: 'تم تسجيل الدفعة بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    const list = await (
      await request.get(`/api/payment?order=${fx.orderId}`, { headers: bearer(token) })
    ).json();
    expect(list.total).toBe(1);
    expect(list.data[0].amount).toBe('2000.00');

    // The order's card lists it, with a link to its invoice.
    await page.goto(`/dashboard/order/${fx.orderId}`);
    await expect(card.getByRole('link', { name: `السند رقم ${list.data[0].number}` })).toBeVisible();
    await expect(card).toContainText('2,000.00 ر.س');
    await expect(card).toContainText('بانتظار الموافقة');
    // The browser logs the expected 409 answer itself; nothing else may go wrong.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });

  test('rejecting asks for a reason and shows it on the invoice', async ({ page, request }) => {
    const fx = await createOrder(request);
    const token = await adminAuth(request);
    const payment = await recordPayment(request, token, fx.orderId, '100.00');
    await signedInAs(page, request, { role: 'admin' });
    await page.goto(`/dashboard/payment/${payment._id}`);

    await page.getByRole('button', { name: 'رفض الدفعة' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'رفض الدفعة' }).click();
    await expect(dialog.getByText('اكتب سبب الرفض')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'سبب الرفض' }).fill('لم يصل المبلغ إلى الحساب');
    await dialog.getByRole('button', { name: 'رفض الدفعة' }).click();
    await expect(toasts(page).filter({ hasText: 'تم رفض الدفعة' })).toBeVisible();
    await expect(page.getByTestId('payment-status').first()).toHaveText('مرفوضة');
    await expect(page.getByTestId('rejection-reason')).toContainText('لم يصل المبلغ إلى الحساب');
  });
});

test.describe('payments: edit and permissions', () => {
  test('a pending payment is edited through the form; it stays a receipt', async ({
    page,
    errors,
    request,
  }) => {
    const fx = await createOrder(request);
    const token = await adminAuth(request);
    const payment = await recordPayment(request, token, fx.orderId, '1000.00');
    await signedInAs(page, request, { role: 'admin' });
    await page.goto(`/dashboard/payment/edit/${payment._id}`);

    // Editing, the payment's own amount counts as available: 150.00 left + 1,000.00 of its own.
    await expect(page.getByTestId('order-balance')).toHaveText('1,150.00 ر.س');
    const amount = page.getByRole('textbox', { name: 'المبلغ (شامل الضريبة)' });
    await expect(amount).toHaveValue(/1,000\.00/);
    await expect(page.getByRole('combobox', { name: 'الطلب' })).toBeDisabled();
    await amount.fill('1150');
    await expect(page.getByTestId('overpay-warning')).toHaveCount(0);
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(toasts(page).filter({ hasText: 'تم حفظ تعديلات الدفعة' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${payment._id}$`));
    await expect(page.getByText('لم تصدر الفاتورة الضريبية بعد')).toBeVisible();
    expect(
      (await (await request.get(`/api/payment/${payment._id}`, { headers: bearer(token) })).json()).amount,
    ).toBe('1150.00');
    expect(errors).toEqual([]);
  });

  test('without payment:approve and payment:update the invoice offers no status moves', async ({
    page,
    request,
  }) => {
    const fx = await createOrder(request);
    const token = await adminAuth(request);
    const payment = await recordPayment(request, token, fx.orderId, '100.00');
    await signedInAs(page, request, { permissions: ['payment:read', 'payment:details'] });
    await page.goto(`/dashboard/payment/${payment._id}`);
    await expect(page.getByText('لم تصدر الفاتورة الضريبية بعد')).toBeVisible();
    await expect(page.getByRole('button', { name: 'طباعة' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'اعتماد الدفعة' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'رفض الدفعة' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'تعديل' })).toHaveCount(0);
    // No order permission: the order number is plain text, not a link.
    await expect(page.getByRole('link', { name: /طلب رقم/ })).toHaveCount(0);
  });
});

const WIDTHS = [375, 768, 1280] as const;
const SHOT_WIDTHS = new Set<number>([375, 1280]);

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`payment screens, ${scheme} mode`, () => {
    failOnPageErrors();
    test.use({ colorScheme: scheme });

    const screens: { name: string; open: (page: Page, fx: Fixture, token: string) => Promise<void> }[] = [
      {
        name: 'payment-form',
        open: async (page, fx) => {
          await page.goto(`/dashboard/payment/new?order=${fx.orderId}`);
          await expect(page.getByTestId('order-balance')).toHaveText('1,150.00 ر.س');
          await expect(page.getByRole('textbox', { name: 'المبلغ (شامل الضريبة)' })).toHaveValue(/1,150/);
        },
      },
      {
        name: 'payments',
        open: async (page, fx, token) => {
          for (const amount of ['400.00', '750.00']) {
            await recordPayment(page.request, token, fx.orderId, amount, { dueDate: '2026-12-31' });
          }
          await page.goto(`/dashboard/payment?customer=${fx.customerId}`);
          await expect(page.getByTestId('totals-amount')).toHaveText('1,150.00 ر.س');
        },
      },
      {
        name: 'invoice',
        open: async (page, fx, token) => {
          const { _id: id } = await recordPayment(page.request, token, fx.orderId, '1150.00');
          // Recorded by this admin: approving it alone needs a reason (four eyes).
          for (const data of [
            { status: 'approved', overrideReason: 'بيانات الاختبار' },
            { status: 'paid' },
          ]) {
            const moved = await page.request.post(`/api/payment/${id}/status`, {
              headers: bearer(token),
              data,
            });
            expect(moved.status(), await moved.text()).toBe(200);
          }
          await page.goto(`/dashboard/payment/${id}`);
          await expect(
            page
              .frameLocator('[data-testid="einvoice-document"] iframe')
              .getByRole('heading', { name: 'فاتورة ضريبية' }),
          ).toBeVisible();
        },
      },
    ];

    for (const screen of screens) {
      test(`${screen.name}: no overflow at ${WIDTHS.join(', ')} px, screenshots`, async ({
        page,
        request,
      }) => {
        const fx = await createOrder(request);
        const { token } = await signedInAs(page, request, { role: 'admin', name: 'ريم الشهري' });
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await screen.open(page, fx, token);
        const html = page.locator('html');
        if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);

        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          await expectNoOverflow(page, screen.name);
          if (SHOT_WIDTHS.has(width)) {
            await page.screenshot({
              path: path.join(OUT_DIR, `${screen.name}-${width}-${scheme}.png`),
              fullPage: true,
            });
          }
        }
      });
    }
  });
}
