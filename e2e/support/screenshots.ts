import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoOverflow } from './layout';

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

/** A screen to look at: its name in the pictures' names, its address, and what shows it is ready. */
export type Screen = [name: string, url: string, ready: () => Promise<void>];

/**
 * Each screen at 375, 768 and 1280 px: opened, ready, no wider than the window, and a full-page
 * picture `${dir}/${prefix}-${name}-${width}-${scheme}.png` to look at.
 */
export async function shootScreens(
  page: Page,
  dir: string,
  prefix: string,
  scheme: 'light' | 'dark',
  screens: Screen[],
): Promise<void> {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url, ready] of screens) {
      await page.goto(url);
      await ready();
      await expectNoOverflow(page, name);
      await page.screenshot({ path: `${dir}/${prefix}-${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
}
