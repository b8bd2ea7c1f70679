import { signedInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { limit } from './support/slowdown';
import { toasts } from './support/toasts';

test('an admin takes a backup from settings and sees it listed', async ({ admin: { page } }) => {
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

test('server details are for the administrator, under «معلومات تقنية»; anyone else is told to ask them', async ({
  admin: { page },
  request,
}) => {
  await page.goto('/settings');
  const section = page.getByTestId('backup-section');
  const technical = section.getByTestId('backup-technical');
  // Closed until opened: the folder and the restore command are not in view.
  await expect(technical.getByText('npm run restore', { exact: false })).toBeHidden();
  await technical.getByText('معلومات تقنية').click();
  await expect(technical.getByText(/npm run restore/)).toBeVisible();
  await expect(technical.getByText(/idara-e2e-\d+-backups/)).toBeVisible();
  await expect(technical).toContainText('BACKUP_INTERVAL_HOURS');

  // Someone who may change the settings but does not run the server.
  await signedInAs(page, request, {
    role: 'employee',
    permissions: ['settings:update', 'invoice:read'],
  });
  await page.goto('/settings');
  await expect(section.getByRole('heading', { name: 'النسخ الاحتياطي' })).toBeVisible();
  await expect(section.getByTestId('backup-ask-admin')).toContainText('اطلب من مدير النظام');
  await expect(page.getByTestId('backup-technical')).toHaveCount(0);
  await expect(page.getByTestId('einvoicing-technical')).toHaveCount(0);
  for (const internal of [/npm run/, /DATA_DIR|BACKUP_INTERVAL_HOURS|PUBLIC_URL/, /idara-e2e-\d+/])
    await expect(page.locator('main')).not.toContainText(internal);
});
