import type { Page } from '@playwright/test';
import { adminAuth, bearer, createUser, randomPhone } from './support/api';
import { fillSignin } from './support/auth';
import { expect, test } from './support/fixtures';

/** Keyboard and focus: where focus goes when pages open, dialogs close and the panel acts. */
const activeInfo = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName ?? '', id: el?.id ?? '', text: el?.textContent?.trim() ?? '' };
  });

test('a skip link leads into the page; sign-in and opening a form place the focus', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { role: 'admin' });
  await page.goto('/auth/signin');
  await fillSignin(page, user.phone, user.password);
  // After sign-in: the page's heading.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#page-title')).toBeFocused();

  // The first Tab stop of a page is the skip link; it moves focus to the page's content.
  await page.goto('/dashboard/customer');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'تخطَّ إلى المحتوى' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // Opening a form from the list: its first text field.
  await page.getByRole('link', { name: 'إضافة عميل' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/customer\/new$/);
  await expect(page.getByRole('textbox', { name: 'اسم العميل' })).toBeFocused();
});

test('the first opening of a lazily loaded dialog gives focus back to its opener', async ({
  admin: { page },
}) => {
  await page.goto('/dashboard/customer');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  for (const [opener, dialogName] of [
    ['تصدير', 'تصدير العملاء'],
    ['استيراد', 'استيراد العملاء من ملف'],
  ] as const) {
    for (let time = 1; time <= 2; time++) {
      const button = page.getByRole('button', { name: opener, exact: true });
      await button.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button, `${opener}, opening ${time}`).toBeFocused();
    }
  }
});

test.describe('the notifications panel on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a toast never covers its header, and Escape closes it after «تحديد الكل كمقروء»', async ({
    admin: { page },
    request,
  }) => {
    const admin = await adminAuth(request);
    await page.goto('/');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();
    // Someone else adds a customer: a notice for this admin.
    const res = await request.post('/api/customer', {
      headers: bearer(admin),
      data: { name: `عميل التركيز ${Date.now()}`, type: 'individual', phoneNumber: randomPhone() },
    });
    expect(res.status()).toBe(201);
    await expect(bell).not.toHaveAttribute('data-count', '0');

    await bell.click();
    const centre = page.getByTestId('notification-center');
    await expect(centre).toBeVisible();
    const markAll = centre.getByRole('button', { name: 'تحديد الكل كمقروء' });
    await markAll.click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'تم تعليم كل الإشعارات كمقروءة' });
    await expect(toast).toBeVisible();
    // Whatever is drawn at the middle of the panel's heading belongs to the panel.
    const heading = centre.getByRole('heading', { name: 'الإشعارات' });
    const box = await heading.boundingBox();
    if (!box) throw new Error('no heading box');
    const onTop = await page.evaluate(
      ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[data-testid="notification-center"]')),
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop).toBe(true);

    // Focus stayed in the panel, so Escape still closes it and focus returns to the bell.
    await expect(markAll).toBeFocused();
    // Nothing left unread: the button says so (aria-disabled, still focusable). Other tests' customers
    // may notify this admin meanwhile, and then it is rightly enabled again: it agrees with the bell.
    await expect
      .poll(async () => {
        const unread = (await bell.getAttribute('data-count')) !== '0';
        const disabled = (await markAll.getAttribute('aria-disabled')) === 'true';
        return unread !== disabled;
      })
      .toBe(true);
    await expect(markAll).not.toHaveAttribute('disabled');
    await page.keyboard.press('Escape');
    await expect(centre).toBeHidden();
    await expect(bell).toBeFocused();
    expect((await activeInfo(page)).tag).toBe('BUTTON');
  });
});
