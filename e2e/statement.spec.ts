import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminAuth, postAs, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { downloadBy } from './support/downloads';
import { expectTemplateSent } from './support/fake-whatsapp';
import { expect, test } from './support/fixtures';
import { toasts } from './support/toasts';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const suffix = () => String(Math.floor(Math.random() * 1e6));

/** A customer with WhatsApp, an invoice of 2 × 300.00 (690.00 with VAT) and a 90.00 credit note. */
async function customerWithDocuments(page: Page) {
  const token = await adminAuth(page.request);
  const post = <T = { _id: string }>(url: string, data: object = {}) =>
    postAs<T>(page.request, token, url, data);
  const phone = randomPhone();
  const service = await post('/api/service', { name: `صيانة مكيفات ${suffix()}`, price: '300.00' });
  const customer = await post<{ _id: string; name: string }>('/api/customer', {
    name: `مؤسسة الواحة ${suffix()}`,
    phoneNumber: phone,
    whatsappNumber: phone,
  });
  const order = await post('/api/order', {
    customer: customer._id,
    items: [{ service: service._id, quantity: 2, unitPrice: '300.00' }],
  });
  const invoice = await post<{ _id: string; number: string }>(`/api/order/${order._id}/invoice`);
  await post(`/api/invoice/${invoice._id}/credit-note`, { reason: 'خصم', amount: '90.00' });
  return { customer, invoice, phone };
}

test.describe('customer statement', () => {
  test('opened from the customer: period, lines, PDF and sending over WhatsApp with confirmation', async ({
    admin: { page },
    errors,
    request,
  }) => {
    const { customer, invoice, phone } = await customerWithDocuments(page);
    await page.goto(`/dashboard/customer/${customer._id}`);
    await page.getByRole('link', { name: 'كشف حساب' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/customer/${customer._id}/statement$`));
    await expect(page.getByRole('heading', { name: `كشف حساب: ${customer.name}` })).toBeVisible();
    const table = page.getByRole('table', { name: 'حركات كشف الحساب' });
    await expect(table.getByRole('row', { name: new RegExp(invoice.number) })).toContainText('690.00');
    await expect(table.getByRole('row', { name: /CRN-/ })).toContainText('600.00');

    // Last month: nothing yet, the empty state; back to this month.
    const periodSelect = page.getByRole('combobox', { name: 'الفترة' });
    await periodSelect.click();
    await page.getByRole('option', { name: 'الشهر الماضي' }).click();
    await expect(page.getByText('لا توجد حركات في هذه الفترة')).toBeVisible();
    await periodSelect.click();
    await page.getByRole('option', { name: 'هذا الشهر' }).click();
    await expect(table).toBeVisible();

    const download = await downloadBy(page.getByRole('button', { name: 'تنزيل PDF' }));
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    await page.getByRole('button', { name: 'إرسال عبر واتساب' }).click();
    const dialog = page.getByRole('dialog', { name: 'إرسال كشف الحساب' });
    await expect(dialog).toContainText(customer.name);
    await dialog.getByRole('button', { name: 'إرسال', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'أُرسل كشف الحساب إلى العميل' })).toBeVisible();
    await expectTemplateSent(request, phone, 'statement_link');
    expect(errors).toEqual([]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`screens (${scheme})`, async ({ page, request }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signedInAs(page, request, { role: 'admin' });
      const { customer } = await customerWithDocuments(page);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/dashboard/customer/${customer._id}/statement`);
        await expect(page.getByRole('table', { name: 'حركات كشف الحساب' })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(OUT_DIR, `statement-${width}-${scheme}.png`),
          fullPage: true,
        });
      }
    });
  }
});
