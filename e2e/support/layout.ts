import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's layout has settled: fonts loaded, no finite animation or transition
 * running (spinners and skeleton pulses run forever and are ignored), and the document's size the
 * same across two frames (charts and the sidebar measure their box after a resize).
 */
export async function settleLayout(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const size = () => `${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}`;
        const before = size();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const moving = document
              .getAnimations()
              .some(
                (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity,
              );
            resolve(!moving && size() === before);
          }),
        );
      }),
  );
}

/** The page is no wider than the window once its layout has settled. */
export async function expectNoOverflow(page: Page, label: string): Promise<void> {
  await settleLayout(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label} overflows at ${innerWidth}px`).toBeLessThanOrEqual(innerWidth);
}
