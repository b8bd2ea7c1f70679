import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { bearer, createUser, postAs, randomPhone } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoOverflow, settleLayout } from './support/layout';
import { toasts } from './support/toasts';

/**
 * The customer kept informed: which visit messages a customer declined, seen and changed on their
 * page and form; the rating page a done visit's message links to (a phone first, light and dark);
 * the technician's average rating in the visits report.
 */

const SHOTS = path.join('test-results', 'visit-messages');

async function shots(page: Page, name: string, widths = [375, 768, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await settleLayout(page);
      await expectNoOverflow(page, `${name} ${scheme} ${width}`);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}-${width}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the office sees and changes which visit messages a customer declined', async ({
  admin: { page, token },
  errors,
  request,
}) => {
  const customer = await postAs(request, token, '/api/customer', {
    name: `عميل الرسائل ${randomPhone().slice(-4)}`,
    phoneNumber: randomPhone(),
    messageOptOuts: ['visit_rating'],
  });
  await page.goto(`/dashboard/customer/${customer._id}`);
  const info = page.getByTestId('visit-messages');
  await expect(info.getByText('طلب تقييم الزيارة')).toBeVisible();
  await expect(info.getByText('أوقفها العميل')).toHaveCount(1);
  await shots(page, 'customer-page', [375, 1280]);

  await page.goto(`/dashboard/customer/edit/${customer._id}`);
  const onTheWay = page.getByRole('checkbox', { name: 'الفني في الطريق' });
  await expect(onTheWay).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'طلب تقييم الزيارة' })).not.toBeChecked();
  await onTheWay.click();
  await expect(onTheWay).not.toBeChecked();
  await shots(page, 'customer-form', [375, 1280]);
  await page.getByRole('button', { name: /حفظ/ }).last().click();
  await expect(toasts(page).filter({ hasText: 'تم حفظ تعديلات العميل' })).toBeVisible();
  await expect(page.getByTestId('visit-messages').getByText('أوقفها العميل')).toHaveCount(2);
  const saved = await request.get(`/api/customer/${customer._id}`, { headers: bearer(token) });
  expect((await saved.json()).messageOptOuts).toEqual(['visit_on_the_way', 'visit_rating']);
  expect(errors).toEqual([]);
});

test('a customer rates a done visit from the link in its message, and the report shows it', async ({
  admin: { page, token },
  browser,
  request,
}) => {
  const tag = randomPhone().slice(-4);
  const technician = await createUser(request, { role: 'technician', name: `فهد الفني ${tag}` });
  const customer = await postAs(request, token, '/api/customer', {
    name: `عميل التقييم ${tag}`,
    phoneNumber: randomPhone(),
  });
  const scheduledAt = new Date().toISOString();
  const visit = await postAs(request, token, '/api/visit', {
    customer: customer._id,
    scheduledAt,
    assignees: [technician._id],
    override: { reason: 'اختبار التقييم' },
  });
  await postAs(request, token, `/api/visit/${visit._id}/status`, { status: 'done' }, 200);
  const conversation = await request.get(`/api/whatsapp/customer/${customer._id}`, {
    headers: bearer(token),
  });
  const bodies: string[] = (await conversation.json()).messages.map((m: { body: string }) => m.body);
  const link = bodies.map((b) => /\/rate\/[\w.-]+/.exec(b)?.[0]).find(Boolean);
  expect(link, bodies.join('\n')).toBeTruthy();

  // The customer has no account: a fresh context, no session.
  const context = await browser.newContext({ locale: 'ar-SA' });
  const phone = await context.newPage();
  await phone.goto(link as string);
  await expect(phone.getByRole('heading', { name: 'قيّم زيارتنا' })).toBeVisible();
  await shots(phone, 'rate-page');
  await phone.getByText('ممتازة').click();
  await phone.getByLabel('تعليقك (اختياري)').fill('عمل متقن وفي الموعد');
  await phone.getByRole('button', { name: 'إرسال التقييم' }).click();
  await expect(phone.getByText('سجّلنا تقييمك 5 من 5')).toBeVisible();
  await shots(phone, 'rate-thanks', [375, 1280]);
  await context.close();

  const day = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  await page.goto(`/dashboard/report/visits?from=${day}&to=${day}`);
  const row = page.getByTestId('visits-technician').filter({ hasText: technician.name });
  await expect(row).toContainText('التقييم 5.0 من 5');
  await expect(page.getByTestId('visits-contract-ratings')).toBeVisible();
  await page.getByTestId('visits-contract-ratings').scrollIntoViewIfNeeded();
  await shots(page, 'visits-report-ratings', [375, 1280]);

  // The office prints the report the customer received, from the visit's page.
  await page.goto(`/dashboard/visit/${visit._id}`);
  await expect(page.getByRole('button', { name: 'تقرير الزيارة' })).toBeVisible();
  await shots(page, 'visit-report-button', [375, 1280]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'تقرير الزيارة' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/^تقرير-الزيارة-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await fs.readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
});
