import { toArabicDigits, toLatinDigits } from '@idara/domain';
import { expect, type Page } from '@playwright/test';

/**
 * Picks `day` (YYYY-MM-DD) in the day picker labelled `label` as a person does, however far from
 * today: the header up to the decade, the decades towards the year, then its month and day
 * (the Arabic calendar may write its numbers in either digits).
 */
export async function pickDay(page: Page, label: string, day: string): Promise<void> {
  const [year, month, date] = day.split('-').map(Number);
  const button = page.getByRole('button', { name: label, exact: true });
  // The field in the middle of the window, as a person would have it: the calendar hides itself once
  // its field is scrolled out of view (Mantine's hideDetached), which a click scrolling a year or a
  // day into view could do to a field left at the window's edge.
  await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await button.click();
  // The dropdown this button opened, by the id it names: the picker chosen just before may still be
  // closing, and a person's clicks go to the calendar in front of them, not to that one.
  await expect(button).toHaveAttribute('aria-controls', /.+/);
  const calendar = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  await expect(calendar).toBeVisible();
  const level = calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel');
  await level.click();
  await level.click();
  await expect(calendar.locator('.mantine-DatePickerInput-yearsList')).toBeVisible();
  const yearButton = calendar.getByRole('button', {
    name: new RegExp(`^(${year}|${toArabicDigits(year)})$`),
  });
  // The decades onwards towards the year: the calendar opens where it was last left, which may lie
  // after the year as well as before it.
  for (let i = 0; i < 30 && (await yearButton.count()) === 0; i++) {
    const decade = (await level.textContent()) ?? '';
    const first = Number(toLatinDigits(decade).match(/\d{4}/)?.[0]);
    if (!Number.isFinite(first)) throw new Error(`the calendar's header reads «${decade}», not a decade`);
    const direction = year < first ? 'previous' : 'next';
    await calendar
      .locator(`.mantine-DatePickerInput-calendarHeaderControl[data-direction="${direction}"]`)
      .click();
    await expect(level).not.toHaveText(decade);
  }
  // Each level's own list, shown before it is clicked: the next click must not land on the level
  // still on screen (a year for a month, a month for a day).
  await yearButton.click();
  const months = calendar.locator('.mantine-DatePickerInput-monthsList');
  await expect(months).toBeVisible();
  await months
    .locator('button')
    .nth(month - 1)
    .click();
  const days = calendar.locator('table.mantine-DatePickerInput-month');
  await expect(days).toBeVisible();
  await days
    .locator('tbody button:not([data-outside])')
    .nth(date - 1)
    .click();
}
