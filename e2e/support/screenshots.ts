import { expect, type Locator, type Page } from '@playwright/test';

/**
 * When `dir` is set (a spec's `*_SHOTS` variable), pictures of the page at 375 and 1280 px in light
 * and dark as `${dir}/${name}-${width}-${scheme}.png`, each once `shown` is visible; then the page
 * is back in light at 1280 × 800.
 */
export async function shootSchemes(
  page: Page,
  dir: string | undefined,
  name: string,
  shown: Locator,
  fullPage = false,
): Promise<void> {
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 760 : 800 });
      await expect(shown).toBeVisible();
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}
