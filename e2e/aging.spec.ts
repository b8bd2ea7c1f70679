import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminAuth, bearer, orderAndInvoice, randomPhone } from './support/api';
import { exportFile } from './support/downloads';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow } from './support/layout';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;

/** Two customers sharing a marker (a company and an individual), each owing an issued invoice. */
async function owingCustomers(page: Page) {
  const headers = bearer(await adminAuth(page.request));
  const marker = `أعمار${Date.now() % 1e7}`;
  const service = await (
    await page.request.post('/api/service', { headers, data: { name: `صيانة ${marker}`, price: '100.00' } })
  ).json();
  const made = [];
  for (const [name, type, quantity] of [
    [`شركة ${marker}`, 'company', 4],
    [`فهد ${marker}`, 'individual', 2],
  ] as const) {
    const customer = await (
      await page.request.post('/api/customer', { headers, data: { name, type, phoneNumber: randomPhone() } })
    ).json();
    const { invoice } = await orderAndInvoice(page.request, headers, {
      customer: customer._id,
      service: service._id,
      quantity,
      unitPrice: '100.00',
    });
    made.push({ customer, invoice });
  }
  return { marker, company: made[0], individual: made[1] };
}

failOnPageErrors();

test.describe('receivables aging', () => {
  test('filter, search, drill down to the invoice, export; the home cards link to the screen', async ({
    admin: { page },
  }) => {
    const { marker, company, individual } = await owingCustomers(page);

    // Home: the overdue cards are there and open the screen.
    await page.goto('/');
    await expect(page.getByTestId('kpi-agingOverdue')).toContainText('المتأخرات');
    await expect(page.getByTestId('kpi-agingOver60')).toContainText('عملاء متأخرون أكثر من 60 يوماً');
    await page.getByTestId('kpi-agingOverdue').click();
    await expect(page).toHaveURL(/\/dashboard\/report\/aging$/);
    await expect(page.getByRole('link', { name: 'أعمار الذمم' }).first()).toBeVisible();

    // Search narrows to the two customers; the type filter to the company.
    await page.getByRole('searchbox', { name: 'بحث' }).fill(marker);
    await expect(page.getByRole('row', { name: company.customer.name })).toBeVisible();
    await expect(page.getByRole('row', { name: individual.customer.name })).toBeVisible();
    await expect(page.getByLabel('إجماليات أعمار الذمم')).toContainText('عميلان');
    await page.getByRole('combobox', { name: 'نوع العميل' }).selectOption({ label: 'منشأة' });
    await expect(page.getByRole('row', { name: individual.customer.name })).toHaveCount(0);
    await expect(page.getByRole('row', { name: company.customer.name })).toBeVisible();
    await expect(page.getByLabel('إجماليات أعمار الذمم')).toContainText('عميل واحد');

    // Export the filtered report as CSV: the company's row and a totals row equal to it.
    await page.getByRole('button', { name: 'تصدير' }).click();
    const dialog = page.getByRole('dialog', { name: 'تصدير أعمار الذمم' });
    const download = await exportFile(dialog, 'CSV');
    expect(download.suggestedFilename()).toMatch(/^أعمار الذمم-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(company.customer.name);
    expect(lines[2].split(',').slice(1)).toEqual(lines[1].split(',').slice(1));
    await page.keyboard.press('Escape');

    // Drill down: the open invoice, linking to its page.
    await page.getByRole('row', { name: company.customer.name }).click();
    const drawer = page.getByTestId('aging-drawer');
    await expect(drawer.getByTestId('aging-document')).toHaveCount(1);
    await expect(drawer.getByTestId('aging-drawer-total')).toContainText('460.00');
    await drawer.getByRole('link', { name: company.invoice.number }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/invoice/${company.invoice._id}$`));
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`aging screen, ${scheme} mode`, () => {
    test.use({ colorScheme: scheme });
    test(`${scheme}: the screen and the drill-down at ${WIDTHS.join(', ')} px, no overflow, screenshots`, async ({
      admin: { page },
    }) => {
      const { marker, company } = await owingCustomers(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/dashboard/report/aging?search=${encodeURIComponent(marker)}`);
        await expect(page.getByRole('row', { name: company.customer.name })).toBeVisible();
        await expect(page.getByTestId('aging-total-total')).toBeVisible();
        await expectNoOverflow(page, 'aging');
        await page.screenshot({ path: path.join(OUT_DIR, `aging-${width}-${scheme}.png`), fullPage: true });
        await page.getByRole('row', { name: company.customer.name }).click();
        await expect(page.getByTestId('aging-document')).toHaveCount(1);
        // Slid fully in before the picture is taken.
        await expect(page.getByRole('dialog')).toBeInViewport({ ratio: 1 });
        await page.screenshot({ path: path.join(OUT_DIR, `aging-drawer-${width}-${scheme}.png`) });
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('aging-drawer')).toHaveCount(0);
      }
    });
  });
}
