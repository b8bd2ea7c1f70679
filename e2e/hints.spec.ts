import { adminAuth, bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';

failOnPageErrors();

// The one app-wide hint (components/hint): row buttons carry `data-hint`, not a tooltip each.
test('row buttons show their hint on hover and on keyboard focus; Escape hides it', async ({
  page,
  request,
}) => {
  const token = await adminAuth(request);
  const name = `عميل التلميحات ${String(Date.now()).slice(-6)}`;
  const created = await request.post('/api/customer', {
    headers: bearer(token),
    data: { name, phoneNumber: randomPhone() },
  });
  expect(created.ok()).toBe(true);
  await signedInAs(page, request, { role: 'admin' });
  await page.goto(`/dashboard/customer?search=${encodeURIComponent(name)}`);
  const row = page.getByRole('row', { name });
  await expect(row).toBeVisible();

  const hint = page.getByRole('tooltip');
  await row.getByRole('button', { name: 'تعديل' }).hover();
  await expect(hint).toHaveText('تعديل');
  await row.getByRole('button', { name: 'حذف' }).hover();
  await expect(hint).toHaveText('حذف');
  await page.mouse.move(0, 0);
  await expect(hint).toHaveCount(0);

  await row.getByRole('button', { name: 'عرض' }).focus();
  await expect(hint).toHaveText('عرض');
  await page.keyboard.press('Escape');
  await expect(hint).toHaveCount(0);
});
