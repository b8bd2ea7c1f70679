import { expect, test } from '@playwright/test';
import { signedInAs } from './support/auth';
import { limit } from './support/slowdown';
import { toasts } from './support/toasts';

test('an admin takes a backup from settings and sees it listed', async ({ page, request }) => {
  await signedInAs(page, request, { role: 'admin' });
  await page.goto('/settings');
  const section = page.getByTestId('backup-section');
  await expect(section.getByRole('heading', { name: 'النسخ الاحتياطي' })).toBeVisible();
  const before = await section.locator('[data-testid="backup-list"] li').count();
  await section.getByRole('button', { name: 'نسخة احتياطية الآن' }).click();
  await expect(toasts(page).filter({ hasText: 'تم إنشاء النسخة الاحتياطية' })).toBeVisible({
    timeout: limit(30_000),
  });
  await expect(section.locator('[data-testid="backup-list"] li')).toHaveCount(before + 1);
  await expect(section.getByText('آخر نسخة احتياطية')).toBeVisible();
  await expect(section.getByText(/ميغابايت|كيلوبايت/).first()).toBeVisible();
});

test('a user without settings:update sees no backup section', async ({ page, request }) => {
  await signedInAs(page, request, { role: 'manager' });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'الإشعارات' })).toBeVisible();
  await expect(page.getByTestId('backup-section')).toHaveCount(0);
});
