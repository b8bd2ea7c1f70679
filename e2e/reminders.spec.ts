import { expect, test } from '@playwright/test';
import { adminAuth, bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expectNoOverflow, settleLayout } from './support/layout';
import { toasts } from './support/toasts';

test('an admin adds a reminder rule, enables it and sees who would be reminded today', async ({
  page,
  request,
}) => {
  await signedInAs(page, request, { role: 'admin' });
  await page.goto('/settings');
  const section = page.getByTestId('reminder-section');
  await expect(section.getByRole('heading', { name: 'التذكيرات' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'من سيُذكَّر اليوم' })).toBeVisible();
  const name = `تذكير ${Date.now()}`;
  await section.getByLabel('اسم القاعدة').fill(name);
  await section.getByRole('button', { name: 'إضافة القاعدة' }).click();
  await expect(toasts(page).filter({ hasText: 'أُضيفت قاعدة التذكير' })).toBeVisible();
  const rule = section.getByTestId('reminder-rule').filter({ hasText: name });
  await expect(rule).toBeVisible();
  await expect(section.getByLabel('اسم القاعدة')).toHaveValue('');
  const enabled = rule.getByRole('switch', { name: `تفعيل ${name}` });
  await expect(enabled).not.toBeChecked();
  await enabled.click({ force: true });
  await expect(enabled).toBeChecked();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await settleLayout(page);
      await expectNoOverflow(page, `reminders ${scheme} ${width}`);
      await section.screenshot({ path: test.info().outputPath(`reminders-${scheme}-${width}.png`) });
    }
  }

  await rule.getByRole('button', { name: `حذف ${name}` }).click();
  await page.getByRole('button', { name: 'حذف', exact: true }).click();
  await expect(rule).toHaveCount(0);
});

test('reminders stop and resume from the customer page', async ({ page, request }) => {
  const token = await adminAuth(request);
  const created = await request.post('/api/customer', {
    headers: bearer(token),
    data: { name: 'عميل التذكيرات', phoneNumber: randomPhone() },
  });
  expect(created.ok()).toBe(true);
  const customer = (await created.json())._id as string;
  await signedInAs(page, request, { role: 'admin' });
  await page.goto(`/dashboard/customer/${customer}`);
  const toggle = page.getByRole('switch', { name: 'تذكيرات الدفع عبر واتساب' });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(toasts(page).filter({ hasText: 'أُوقفت التذكيرات لهذا العميل' })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('customer-reminders-375.png') });
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
});
