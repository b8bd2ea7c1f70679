import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signedInAs } from './support/auth';

/**
 * Contrast and labels: axe (WCAG 2.1 A and AA rules) finds no serious or critical violation on the
 * screens every office opens first, in light and in dark.
 */
const SCHEMES = ['light', 'dark'] as const;

async function violations(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  // A toast pushed by another spec may be fading in: its colours mid-transition are not its colours.
  // Wait for every finite animation and transition to end (spinners repeat forever and are left).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      nodes: v.nodes.map(
        (n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
      ),
    }));
}

for (const scheme of SCHEMES) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test('sign-in', async ({ page }) => {
      await page.goto('/auth/signin');
      await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('home, customer list and order form', async ({ page, request }) => {
      await signedInAs(page, request, { role: 'admin' });
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
