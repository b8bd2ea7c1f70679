import type { Page } from '@playwright/test';
import { signedInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { toasts } from './support/toasts';

const table = (page: Page) => page.getByRole('table');
const rows = (page: Page) => table(page).locator('tbody tr');
const search = (page: Page) => page.getByRole('searchbox', { name: 'بحث' });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'تأكيد الحذف' });

test.describe('record screens', () => {
  test('a service: validation, create, search, sort, reload, edit, delete, activity', async ({
    page,
    errors,
    request,
  }) => {
    await signedInAs(page, request, { role: 'admin', name: 'مشرف الخدمات' });
    const tag = String(Date.now()).slice(-6);
    const name = `صيانة مكيفات ${tag}`;

    // Create, with a validation error first.
    await page.goto('/dashboard/service/new');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByText('اسم الخدمة مطلوب')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/service\/new$/);
    await page.getByRole('textbox', { name: 'اسم الخدمة' }).fill(name);
    await page.getByRole('textbox', { name: 'السعر' }).fill('250');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'تم الحفظ' })).toBeVisible();
    // A saved service opens its details: a piece, standard-rated unless chosen otherwise.
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('خاضع للنسبة الأساسية', { exact: true })).toBeVisible();
    await expect(page.getByText('قطعة', { exact: true })).toBeVisible();
    await page.goto('/dashboard/service');

    // Arabic-aware search: 'صيانه' (ه) finds 'صيانة' (ة); the search goes into the URL. (Other specs
    // add services too, so the new one need not be on the first page without it.)
    await search(page).fill(`صيانه ${tag}`);
    await expect(page).toHaveURL(/search=/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(name);
    await expect(rows(page).first()).toContainText('250.00 ر.س');

    // Sort by price: asc, kept in the URL.
    await table(page).getByRole('button', { name: 'السعر' }).click();
    await expect(page).toHaveURL(/sort=price/);
    await expect(table(page).getByRole('columnheader', { name: 'السعر' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // Reload: search, sort and the result survive.
    await page.reload();
    await expect(search(page)).toHaveValue(`صيانه ${tag}`);
    await expect(page).toHaveURL(/sort=price/);
    await expect(table(page).getByRole('columnheader', { name: 'السعر' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(rows(page)).toHaveCount(1);

    // Edit through the row's edit button.
    await rows(page).first().getByRole('button', { name: 'تعديل' }).click();
    await expect(page).toHaveURL(/\/dashboard\/service\/edit\//);
    const price = page.getByRole('textbox', { name: 'السعر' });
    await expect(price).toHaveValue(/250\.00/);
    await price.fill('300.5');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.goto('/dashboard/service');
    await search(page).fill(tag);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('300.50 ر.س');

    // Delete with the confirmation dialog.
    await rows(page).first().getByRole('button', { name: 'حذف' }).click();
    await expect(confirmDialog(page)).toBeVisible();
    await confirmDialog(page).getByRole('button', { name: 'حذف' }).click();
    await expect(toasts(page).filter({ hasText: `تم حذف الخدمة «${name}»` })).toBeVisible();
    await expect(page.getByTestId('table-empty')).toBeVisible();

    // The activity log has the create row of this service.
    await page.goto('/dashboard/activity?entity=service&action=create');
    const created = rows(page).filter({ hasText: `إضافة الخدمة «${name}»` });
    await expect(created).toHaveCount(1);
    await expect(created).toContainText('مشرف الخدمات');
    await created.click();
    const drawer = page.getByRole('dialog', { name: 'تفاصيل السجل' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('بعد');
    await expect(drawer).toContainText(name);

    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
  });

  test('a referenced region cannot be deleted: the Arabic refusal is shown', async ({ admin: { page } }) => {
    await page.goto('/dashboard/government');
    await search(page).fill('الرياض');
    const row = rows(page).filter({ hasText: 'منطقة الرياض' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'حذف' }).click();
    await confirmDialog(page).getByRole('button', { name: 'حذف' }).click();
    await expect(toasts(page).filter({ hasText: 'لا يمكن حذف المنطقة «منطقة الرياض»' })).toBeVisible();
    await expect(row).toHaveCount(1);
  });

  test('a contract type says its duration and visits as counted Arabic while typing, and lists them so', async ({
    admin: { page },
  }) => {
    const name = `عقد صيانة سنوي ${String(Date.now()).slice(-6)}`;
    await page.goto('/dashboard/contract/new');
    const months = page.getByRole('textbox', { name: 'مدة العقد بالأشهر' });
    await expect(months).toHaveValue('12');
    await expect(page.getByText('12 شهراً', { exact: true })).toBeVisible();
    await months.fill('2');
    await expect(page.getByText('شهران', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'عدد الزيارات' }).fill('4');
    await expect(page.getByText('4 زيارات', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'اسم العقد' }).fill(name);
    await page.getByRole('textbox', { name: 'السعر' }).fill('1200');
    await page.getByRole('button', { name: 'حفظ', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'تفاصيل العقد' })).toBeVisible();
    await expect(page.getByText('شهران', { exact: true })).toBeVisible();
    await expect(page.getByText('4 زيارات', { exact: true })).toBeVisible();
    await page.goto('/dashboard/contract');
    await search(page).fill(name);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('شهران');
    await expect(rows(page).first()).toContainText('4 زيارات');
  });
});

test('leaving a form with unsaved changes asks first; staying keeps the typing', async ({
  admin: { page },
}) => {
  await page.goto('/dashboard/customer/new');
  await page.getByRole('textbox', { name: 'اسم العميل' }).fill('عميل لم يُحفظ');
  await page
    .getByRole('navigation', { name: 'القائمة الرئيسية' })
    .getByRole('link', { name: 'الخدمات' })
    .click();
  const ask = page.getByRole('dialog', { name: 'تغييرات غير محفوظة' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'البقاء' }).click();
  await expect(page).toHaveURL(/\/dashboard\/customer\/new$/);
  await expect(page.getByRole('textbox', { name: 'اسم العميل' })).toHaveValue('عميل لم يُحفظ');
  await page
    .getByRole('navigation', { name: 'القائمة الرئيسية' })
    .getByRole('link', { name: 'الخدمات' })
    .click();
  await page
    .getByRole('dialog', { name: 'تغييرات غير محفوظة' })
    .getByRole('button', { name: 'مغادرة' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/service$/);
});
