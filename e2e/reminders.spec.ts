import { adminAuth, bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { expectNoOverflow, settleLayout } from './support/layout';
import { toasts } from './support/toasts';

test('an admin adds a reminder rule, enables it and sees who would be reminded today', async ({
  admin: { page },
}) => {
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
  // From the keyboard: on a phone the first answer's toast may still lie over the switch.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
});

test('an admin edits a reminder rule: the server refusal shows on the form, the change stays after a reload', async ({
  page,
  request,
}) => {
  const token = await adminAuth(request);
  const name = `تذكير للتعديل ${Date.now()}`;
  // A disabled rule may name a template that cannot remind; enabling it must then be refused.
  const created = await request.post('/api/reminder/rules', {
    headers: bearer(token),
    data: {
      name,
      daysAfterDue: 7,
      repeatEveryDays: 7,
      windowStart: '09:00',
      windowEnd: '17:00',
      template: 'no_such_template',
      enabled: false,
    },
  });
  expect(created.status()).toBe(201);
  await signedInAs(page, request, { role: 'admin' });
  await page.goto('/settings');
  const section = page.getByTestId('reminder-section');
  const rule = section.getByTestId('reminder-rule').filter({ hasText: name });
  await expect(rule).toContainText('بعد 7 أيام من الاستحقاق');

  await rule.getByRole('button', { name: `تعديل ${name}` }).click();
  const form = section.getByTestId('reminder-edit-form');
  await expect(form.getByLabel('اسم القاعدة')).toHaveValue(name);
  await expect(form.getByLabel('بعد الاستحقاق بـ (أيام)')).toHaveValue('7');
  await form.getByRole('switch', { name: 'مفعّلة' }).click({ force: true });
  await form.getByRole('button', { name: 'حفظ التعديل' }).click();
  await expect(form.getByText('القالب «no_such_template» غير معروف في إعدادات واتساب')).toBeVisible();
  await form.screenshot({ path: test.info().outputPath('reminder-edit-refused.png') });

  await form.getByRole('combobox', { name: 'قالب واتساب المعتمد' }).click();
  await page.getByRole('option', { name: 'تذكير بالدفع' }).click();
  await form.getByLabel('بعد الاستحقاق بـ (أيام)').fill('21');

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await settleLayout(page);
      await expectNoOverflow(page, `reminder edit ${scheme} ${width}`);
      // Centred so the sticky header does not cover the form's title in the picture.
      await section
        .getByTestId('reminder-rule-editing')
        .evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: test.info().outputPath(`reminder-edit-${scheme}-${width}.png`) });
    }
  }

  await form.getByRole('button', { name: 'حفظ التعديل' }).click();
  await expect(toasts(page).filter({ hasText: 'حُفظت تعديلات قاعدة التذكير' })).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(rule).toContainText('بعد 21 يوماً من الاستحقاق');
  await page.reload();
  await expect(rule).toContainText('بعد 21 يوماً من الاستحقاق');
  await expect(rule.getByRole('switch', { name: `تفعيل ${name}` })).toBeChecked();

  await rule.getByRole('button', { name: `حذف ${name}` }).click();
  await page.getByRole('button', { name: 'حذف', exact: true }).click();
  await expect(rule).toHaveCount(0);
});
