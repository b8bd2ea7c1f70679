import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Contrast and labels: axe (WCAG 2.1 A and AA rules) finds no serious or critical violation on the
 * screens every office opens first, in light and in dark.
 */
const SCHEMES = ['light', 'dark'] as const;

/**
 * The screen without the toast area: a notice pushed by another spec running beside this one can
 * arrive between the wait for animations and the scan, and be read mid-fade. Pushed toasts are
 * checked at rest in notifications.spec.ts, where the push is the test's own.
 */
const violations = (page: Page) => axeViolations(page, { exclude: '[data-sonner-toaster]' });

for (const scheme of SCHEMES) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test('sign-in', async ({ page }) => {
      await page.goto('/auth/signin');
      await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('home, customer list and order form', async ({ admin: { page } }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await violations(page), 'home').toEqual([]);

      await page.goto('/dashboard/customer');
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      expect(await violations(page), 'customer list').toEqual([]);

      await page.goto('/dashboard/order/new');
      await expect(page.getByRole('button', { name: 'حفظ الطلب' })).toBeVisible();
      expect(await violations(page), 'order form').toEqual([]);
    });
  });
}
