import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical WCAG 2.1 A/AA violations (axe) on the page as it rests: after the fonts and
 * every finite animation and transition (a toast fading in has not its own colours yet; spinners
 * repeat forever and are left). `include` / `exclude` narrow the scan to or away from a part.
 */
export async function axeViolations(page: Page, part: { include?: string; exclude?: string } = {}) {
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (part.include) builder = builder.include(part.include);
  if (part.exclude) builder = builder.exclude(part.exclude);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      nodes: v.nodes.map(
        (n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
      ),
    }));
}
