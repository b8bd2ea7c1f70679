import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminAuth, bearer, randomPhone } from './support/api';
import { axeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { expectNoOverflow } from './support/layout';

/**
 * The lists' filters on a narrow screen (`ListToolbar`): below 992 px a list with two filters or
 * more shows its search and one «تصفية» button that counts the filters in effect and opens them;
 * wider, the filters lie open as before. Driven on the visits list, whose nine filters were a
 * screen of inputs on a phone.
 */

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');

const toggle = (page: Page) => page.getByTestId('filters-toggle');
const status = (page: Page) => page.getByRole('combobox', { name: 'الحالة' });

test('on a phone the visit filters fold behind «تصفية», which counts them; wide, they lie open', async ({
  admin: { page },
  request,
  errors,
}) => {
  const headers = bearer(await adminAuth(request));
  const tag = String(Math.floor(Math.random() * 1e6));
  const customer = await (
    await request.post('/api/customer', {
      headers,
      data: { name: `مستودعات النخيل ${tag}`, phoneNumber: randomPhone() },
    })
  ).json();
  const visits: { _id: string; number: number }[] = [];
  for (const day of ['2031-03-10', '2031-03-11']) {
    const res = await request.post('/api/visit', {
      headers,
      data: { customer: customer._id, scheduledAt: `${day}T09:00:00+03:00` },
    });
    expect(res.status(), await res.text()).toBe(201);
    visits.push(await res.json());
  }
  const cancel = await request.post(`/api/visit/${visits[1]._id}/status`, {
    headers,
    data: { status: 'cancelled' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/visit');
  // The search stays in sight; every filter is folded away.
  await page.getByRole('searchbox', { name: 'بحث' }).fill(tag);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(toggle(page)).toHaveAccessibleName('تصفية');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(status(page)).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'العميل' })).toBeHidden();

  // The keyboard opens it; the panel it controls holds the filters.
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`[id="${await toggle(page).getAttribute('aria-controls')}"]`);
  await expect(panel.getByRole('combobox', { name: 'الحالة' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'مسح الفلاتر' })).toHaveCount(0);
  await status(page).selectOption('ملغاة');
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`#${visits[1].number}`);
  await expect(toggle(page)).toHaveAccessibleName('تصفية (1)');

  // A reload keeps the filter (it is in the address) and says so on the closed button.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(toggle(page)).toHaveAccessibleName('تصفية (1)');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(status(page)).toBeHidden();
  await toggle(page).click();
  await expect(status(page)).toHaveValue('cancelled');

  // Clearing the filters keeps the search, and the focus on the panel's button.
  await page.getByRole('button', { name: 'مسح الفلاتر' }).click();
  await expect(rows).toHaveCount(2);
  await expect(page).not.toHaveURL(/status=/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(toggle(page)).toHaveAccessibleName('تصفية');
  await expect(toggle(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'مسح الفلاتر' })).toHaveCount(0);

  // Below 992 px the sidebar leaves the list a phone's width: still folded at 768.
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(toggle(page)).toBeVisible();
  await expect(status(page)).toBeVisible();
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(status(page)).toBeHidden();
  // Wide, the filters lie open and nothing folds them.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(status(page)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'التأخير' })).toBeVisible();
  await expect(toggle(page)).toHaveCount(0);
  await status(page).selectOption('ملغاة');
  await expect(rows).toHaveCount(1);

  // A list with a single filter keeps it in sight on a phone, with no button for it.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/formBuilder');
  await expect(page.getByRole('combobox', { name: 'الحالة' })).toBeVisible();
  await expect(toggle(page)).toHaveCount(0);

  // The visits list to look at, light and dark: folded and open at 375 (and checked by axe), at 768 and 1280.
  const filtered = `/dashboard/visit?search=${tag}&status=cancelled`;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(filtered);
      await expect(rows).toHaveCount(1);
      const shots = width === 1280 ? [''] : ['-closed', '-open'];
      for (const shot of shots) {
        if (shot === '-open') {
          await toggle(page).click();
          await expect(page.getByRole('button', { name: 'مسح الفلاتر' })).toBeVisible();
          // The date range's pickers load with the panel's first opening.
          await expect(page.getByRole('button', { name: 'فترة الموعد', exact: true })).toBeVisible();
        }
        await expectNoOverflow(page, `visits ${width}${shot}`);
        // Contrast and names of the folded toolbar and its panel, in each scheme.
        if (width === 375) {
          const found = await axeViolations(page, { exclude: '[data-sonner-toaster]' });
          expect(found, `${scheme} ${shot}`).toEqual([]);
        }
        const file = `list-filters-visits-${width}${shot}-${scheme}.png`;
        await page.screenshot({ path: path.join(OUT_DIR, file), fullPage: true });
      }
    }
  }
  expect(errors).toEqual([]);
});
