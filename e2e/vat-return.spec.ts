import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminAuth, postAs, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { exportFile } from './support/downloads';
import { expect, failOnPageErrors, test } from './support/fixtures';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const suffix = () => String(Math.floor(Math.random() * 1e6));

/** An invoice of 2 × 300.00 (690.00 with VAT) and a credit note of 69.00 on it, issued today. */
async function invoiceAndCredit(page: Page) {
  const token = await adminAuth(page.request);
  const post = <T = { _id: string }>(url: string, data: object = {}) =>
    postAs<T>(page.request, token, url, data);
  const service = await post('/api/service', { name: `صيانة مكيفات ${suffix()}`, price: '300.00' });
  const customer = await post<{ _id: string; name: string }>('/api/customer', {
    name: `نورة العتيبي ${suffix()}`,
    phoneNumber: randomPhone(),
  });
  const order = await post('/api/order', {
    customer: customer._id,
    items: [{ service: service._id, quantity: 2, unitPrice: '300.00' }],
  });
  const invoice = await post<{ _id: string; number: string }>(`/api/order/${order._id}/invoice`);
  await post(`/api/invoice/${invoice._id}/credit-note`, { reason: 'خصم', amount: '69.00' });
  return invoice;
}

failOnPageErrors();

test.describe('VAT return', () => {
  test('a month and a Hijri month, a figure down to its documents, and an export', async ({
    admin: { page },
  }) => {
    await invoiceAndCredit(page);
    await page.goto('/dashboard/report/vat');
    await expect(page.getByRole('heading', { name: 'إقرار ضريبة القيمة المضافة' })).toBeVisible();
    await expect(page.getByTestId('vat-purchases-note')).toContainText('المشتريات وضريبة المدخلات خارج نطاق');

    // This Gregorian month: today's documents are in it.
    await page.getByText('شهري').click();
    await expect(page.getByTestId('vat-period-names')).toContainText('هـ');
    const standard = page.getByTestId('vat-figure-standardRated');
    await expect(standard).toBeVisible();
    await expect(page.getByTestId('vat-total')).not.toHaveText('0.00 ر.س');

    // Its standard-rated documents: their sums equal the figure.
    const figureNet =
      (await page
        .getByTestId('vat-figures')
        .getByRole('row')
        .nth(1)
        .getByRole('cell')
        .nth(1)
        .textContent()) ?? '';
    await standard.click();
    const documents = page.getByTestId('vat-documents');
    await expect(documents.getByRole('link').first()).toBeVisible();
    await expect(page.getByTestId('vat-documents-net')).toHaveText(figureNet);
    await page.getByTestId('vat-figure-adjustments').click();
    await expect(documents.getByRole('row').filter({ hasText: 'إشعار دائن' }).first()).toBeVisible();

    // The Hijri month of today: named by its Hijri month, the same documents of today inside it.
    await page.getByText('هجري').click();
    await expect(page.getByLabel('الفترة')).toHaveValue(/هـ$/);
    await expect(page.getByTestId('vat-total')).not.toHaveText('0.00 ر.س');
    await page.getByTestId('vat-figure-standardRated').click();
    const first = documents.getByRole('link').first();
    // The table shows the adjustments' credit notes until the standard-rated invoices replace them.
    await expect(first).toHaveText(/^INV-/);
    const number = (await first.textContent()) ?? '';
    await first.click();
    await expect(page.getByRole('heading', { name: number })).toBeVisible();
    await page.goBack();

    // Export: CSV downloads at once with the period in its name.
    await page.getByTestId('vat-export-csv').click();
    const dialog = page.getByRole('dialog', { name: 'تصدير الإقرار (CSV)' });
    const download = await exportFile(dialog);
    expect(download.suggestedFilename()).toMatch(/^إقرار ضريبة القيمة المضافة .*\.csv$/);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`VAT return screen, ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    test(`${scheme}: at ${WIDTHS.join(', ')} px, no overflow, screenshots`, async ({ page, request }) => {
      await signedInAs(page, request, { role: 'admin', name: 'ريم الشهري' });
      await invoiceAndCredit(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard/report/vat');
        await page.getByTestId('vat-figure-standardRated').click();
        await expect(page.getByTestId('vat-documents').getByRole('link').first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `at ${width}`).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(OUT_DIR, `vat-return-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
    });
  });
}
