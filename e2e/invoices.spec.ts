import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminAuth, bearer, invoicedNewCustomer } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow } from './support/layout';
import { toasts } from './support/toasts';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const suffix = () => String(Math.floor(Math.random() * 1e6));

/** An individual's order of 3 × 200.00 (690.00 with VAT), its invoice issued through the API. */
async function issuedInvoice(page: Page) {
  return invoicedNewCustomer(page.request, {
    serviceName: `تنظيف خزانات ${suffix()}`,
    price: '200.00',
    customerName: `سلمان الدوسري ${suffix()}`,
    quantity: 3,
  });
}

test.describe('e-invoices', () => {
  test('the document page: simplified invoice drawn by the server, a credit note with its reason, the list', async ({
    admin: { page },
    errors,
    request,
  }) => {
    const { invoice, order, customer } = await issuedInvoice(page);
    await page.goto(`/dashboard/invoice/${invoice._id}`);
    await expect(page.getByRole('heading', { name: `فاتورة ضريبية مبسطة ${invoice.number}` })).toBeVisible();
    await expect(page.getByText('غير مرتبط بمنصة فاتورة')).toBeVisible();
    const sheet = page.frameLocator('[data-testid="einvoice-document"] iframe');
    await expect(sheet.getByRole('heading', { name: 'فاتورة ضريبية مبسطة' })).toBeVisible();
    await expect(sheet.locator('body')).toContainText(customer.name);
    await expect(sheet.locator('body')).toContainText('690.00 ر.س');

    // A credit note: the reason is required and the amount capped at what the invoice holds.
    await page.getByRole('button', { name: 'إشعار دائن' }).click();
    const dialog = page.getByRole('dialog', { name: `إشعار دائن على الفاتورة ${invoice.number}` });
    await dialog.getByRole('button', { name: 'إصدار إشعار دائن' }).click();
    await expect(dialog.getByText('اكتب سبب الإشعار')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'السبب' }).fill('خصم لتأخر الموعد');
    await dialog.getByRole('textbox', { name: 'المبلغ شامل الضريبة (ر.س)' }).fill('69');
    await dialog.getByRole('button', { name: 'إصدار إشعار دائن' }).click();
    await expect(toasts(page).filter({ hasText: /صدر إشعار دائن رقم CRN-/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /إشعار دائن لفاتورة ضريبية مبسطة CRN-/ })).toBeVisible();
    await expect(page.getByText('السبب: خصم لتأخر الموعد')).toBeVisible();
    const note = page.frameLocator('[data-testid="einvoice-document"] iframe');
    await expect(note.locator('body')).toContainText(`على الفاتورة رقم ${invoice.number}`);
    await expect(note.locator('body')).toContainText('69.00 ر.س');

    // The order now counts 621.00 invoiced; the list shows both documents and nets them.
    const o = await (
      await request.get(`/api/order/${order._id}`, { headers: bearer(await adminAuth(request)) })
    ).json();
    expect(o.invoiced).toBe('621.00');
    await page.goto(`/dashboard/invoice?order=${order._id}`);
    await expect(page.getByRole('row', { name: `فاتورة رقم ${invoice.number}` })).toBeVisible();
    await expect(page.getByRole('row', { name: /إشعار دائن رقم CRN-/ })).toBeVisible();
    await expect(page.getByLabel('إجماليات الفواتير')).toContainText('621.00 ر.س');
    expect(errors).toEqual([]);
  });

  test('the order page: what is invoiced, paid and owed; cancelling an invoiced order issues a credit note with the reason', async ({
    admin: { page },
    errors,
  }) => {
    const { invoice, order } = await issuedInvoice(page);
    await page.goto(`/dashboard/order/${order._id}`);
    await expect(page.getByTestId('order-invoiced')).toHaveText('690.00 ر.س');
    await expect(page.getByTestId('order-paid')).toHaveText('0.00 ر.س');
    await expect(page.getByTestId('order-outstanding')).toHaveText('690.00 ر.س');
    await expect(page.getByTestId('order-uninvoiced')).toHaveCount(0);

    await page.getByRole('button', { name: 'إلغاء الطلب' }).click();
    const dialog = page.getByRole('dialog', { name: `إلغاء الطلب رقم ${order.number}` });
    await expect(dialog).toContainText('690.00 ر.س');
    await dialog.getByRole('button', { name: 'إلغاء الطلب وإصدار الإشعار' }).click();
    await expect(dialog.getByText('اكتب سبب الإلغاء')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'سبب الإلغاء' }).fill('ألغى العميل الطلب قبل التنفيذ');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(OUT_DIR, `order-cancel-credit-${scheme}.png`) });
    }
    await dialog.getByRole('button', { name: 'إلغاء الطلب وإصدار الإشعار' }).click();
    await expect(toasts(page).filter({ hasText: 'تم تغيير حالة الطلب إلى «ملغي»' })).toBeVisible();
    await expect(page.getByTestId('order-invoiced')).toHaveText('0.00 ر.س');
    await expect(page.getByTestId('order-outstanding')).toHaveText('0.00 ر.س');

    // The credit note carries the reason and takes back the whole invoice.
    await page.goto(`/dashboard/invoice?order=${order._id}`);
    await expect(page.getByRole('row', { name: /إشعار دائن رقم CRN-/ })).toContainText('690.00');
    await expect(page.getByLabel('إجماليات الفواتير')).toContainText('0.00 ر.س');
    expect(invoice.number).toMatch(/^INV-/);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  });

  test('a credit note is final: the order shows its value after the notes, nothing uninvoiced and no «إصدار الفاتورة»', async ({
    admin: { page },
    errors,
  }) => {
    const { invoice, order } = await issuedInvoice(page);
    const headers = bearer(await adminAuth(page.request));
    for (const [kind, amount] of [
      ['credit-note', '115.00'],
      ['credit-note', '52.33'],
      ['debit-note', '104.65'],
    ]) {
      const res = await page.request.post(`/api/invoice/${invoice._id}/${kind}`, {
        headers,
        data: { reason: 'تصحيح السعر المتفق عليه', amount },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.goto(`/dashboard/order/${order._id}`);
    await expect(page.getByTestId('order-total')).toHaveText('690.00 ر.س');
    await expect(page.getByTestId('order-adjusted')).toHaveText('62.68 ر.س');
    await expect(page.getByText('الإشعارات الدائنة (صافي)')).toBeVisible();
    await expect(page.getByTestId('order-value')).toHaveText('627.32 ر.س');
    await expect(page.getByTestId('order-invoiced')).toHaveText('627.32 ر.س');
    await expect(page.getByTestId('order-outstanding')).toHaveText('627.32 ر.س');
    await expect(page.getByTestId('order-uninvoiced')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'إصدار الفاتورة' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'فواتير الطلب وإشعاراته' })).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByTestId('order-value').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(OUT_DIR, `order-after-notes-${scheme}.png`) });
    }
    expect(errors).toEqual([]);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`e-invoice screens, ${scheme} mode`, () => {
    failOnPageErrors();
    test.use({ colorScheme: scheme });
    test(`${scheme}: the document page and the list at ${WIDTHS.join(', ')} px, no overflow, screenshots`, async ({
      page,
      request,
    }) => {
      await signedInAs(page, request, { role: 'admin', name: 'ريم الشهري' });
      const { invoice } = await issuedInvoice(page);
      for (const [name, url] of [
        ['einvoice', `/dashboard/invoice/${invoice._id}`],
        ['einvoices', '/dashboard/invoice'],
      ] as const) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(url);
          if (name === 'einvoice')
            await expect(
              page.frameLocator('[data-testid="einvoice-document"] iframe').getByRole('heading'),
            ).toBeVisible();
          else await expect(page.getByRole('row', { name: `فاتورة رقم ${invoice.number}` })).toBeVisible();
          await expectNoOverflow(page, name);
          await page.screenshot({
            path: path.join(OUT_DIR, `${name}-${width}-${scheme}.png`),
            fullPage: true,
          });
        }
      }
    });
  });
}

test.describe('e-invoicing settings', () => {
  test('not connected: the section explains, checks the code, and a wrong OTP is refused in Arabic', async ({
    admin: { page },
    errors,
  }) => {
    await page.goto('/settings');
    const section = page.getByTestId('einvoicing-section');
    await expect(section.getByText('غير مرتبط', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'الربط بمنصة «فاتورة»' }).click();
    await expect(section.getByText('أدخل رمز التحقق المكوّن من 6 أرقام')).toBeVisible();
    const digits = section.locator('input[inputmode="numeric"]');
    for (const [i, d] of [...'999999'].entries()) await digits.nth(i).fill(d);
    await section.getByRole('button', { name: 'الربط بمنصة «فاتورة»' }).click();
    await expect(
      toasts(page).filter({ hasText: 'رمز التحقق (OTP) غير صحيح أو انتهت صلاحيته' }),
    ).toBeVisible();
    await expect(section.getByText('رمز التحقق غير صحيح أو منتهي الصلاحية')).toBeVisible();
    await expect(section.getByText('غير مرتبط', { exact: true })).toBeVisible();
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  });
});
