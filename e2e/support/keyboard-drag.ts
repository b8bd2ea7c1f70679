import type { Page } from '@playwright/test';

/**
 * Space on the focused handle picks it up. dnd-kit's keyboard sensor starts listening for the arrows
 * in a zero-delay timer it sets on that Space, and the browser runs input before timers: an arrow
 * pressed before it runs is lost (or scrolls the page). A timer set after it runs after it, so
 * waiting for one is waiting for the sensor to listen.
 */
export async function pickUp(page: Page): Promise<void> {
  await page.keyboard.press('Space');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
