import type { Page } from '@playwright/test';
import { bearer, signIn } from './support/api';
import { signedInAs } from './support/auth';
import { expect, test } from './support/fixtures';
import { toasts } from './support/toasts';

const headerTitle = (page: Page, title: string) =>
  page.getByRole('banner').getByRole('heading', { level: 1, name: title, exact: true });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'القائمة الرئيسية' });

test.describe('profile', () => {
  test('changing the name shows it in the header user menu and it persists', async ({ page, request }) => {
    const { user, token } = await signedInAs(page, request, { role: 'employee', name: 'خالد القحطاني' });
    await page.goto('/account/profile');
    await expect(headerTitle(page, 'الملف الشخصي')).toBeVisible();
    await expect(page.getByRole('button', { name: 'قائمة المستخدم: خالد القحطاني' })).toBeVisible();

    const save = page.getByRole('button', { name: 'حفظ التغييرات' });
    await expect(save).toBeDisabled();
    await page.getByRole('textbox', { name: 'الاسم', exact: true }).fill('خالد بن سعد');
    await expect(save).toBeEnabled();
    await save.click();

    await expect(toasts(page)).toHaveText(['تم حفظ بياناتك']);
    const menu = page.getByRole('button', { name: 'قائمة المستخدم: خالد بن سعد' });
    await expect(menu).toBeVisible();
    await expect(menu).toContainText('خالد بن سعد');
    await expect(save).toBeDisabled();

    // Saved on the server, and shown again after a reload.
    const me = await request.get('/api/auth/me', { headers: bearer(token) });
    expect((await me.json()).name).toBe('خالد بن سعد');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'الاسم', exact: true })).toHaveValue('خالد بن سعد');
    await expect(page.getByRole('button', { name: 'قائمة المستخدم: خالد بن سعد' })).toBeVisible();
    // The phone number is shown read-only in local form.
    await expect(page.getByLabel('رقم الجوال')).toHaveValue(user.phone);
  });

  test('a user sets their own gender; it is saved and shown again', async ({ page, request }) => {
    const { token } = await signedInAs(page, request, { role: 'technician' });
    await page.goto('/account/profile');
    const gender = page.getByRole('radiogroup', { name: 'الجنس' });
    await expect(gender.getByRole('radio', { name: 'ذكر' })).toBeChecked();
    await gender.getByRole('radio', { name: 'أنثى' }).check();
    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await expect(toasts(page)).toHaveText(['تم حفظ بياناتك']);
    expect((await (await request.get('/api/auth/me', { headers: bearer(token) })).json()).gender).toBe(
      'female',
    );
    await page.reload();
    await expect(
      page.getByRole('radiogroup', { name: 'الجنس' }).getByRole('radio', { name: 'أنثى' }),
    ).toBeChecked();
  });

  test('a one-letter name is refused in Arabic', async ({ page, request }) => {
    await signedInAs(page, request, { role: 'employee' });
    await page.goto('/account/profile');
    await page.getByRole('textbox', { name: 'الاسم', exact: true }).fill('خ');
    await page.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await expect(page.getByText('الاسم يجب أن يكون حرفين على الأقل')).toBeVisible();
  });

  test('the sessions list marks this device, and only this one', async ({ page, request }) => {
    const { user } = await signedInAs(page, request, { role: 'employee' });
    // A second session of the same user, elsewhere.
    await signIn(request, user.phone, user.password);
    await page.goto('/account/profile');
    await expect(page.getByRole('heading', { name: 'الأجهزة المسجّل دخولها' })).toBeVisible();

    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'هذا الجهاز' })).toHaveCount(1);
    await expect(page.getByText('هذا الجهاز', { exact: true })).toBeVisible();
    // The other session can be ended; this one cannot.
    await expect(rows.filter({ hasText: 'هذا الجهاز' }).getByRole('button')).toHaveCount(0);
    await expect(rows.filter({ hasNotText: 'هذا الجهاز' }).getByRole('button')).toHaveCount(1);
  });
});

test.describe('settings', () => {
  test('an admin changes the address; it is saved and survives a reload', async ({
    officeSettings: _heldForThisTest,
    admin: { page, token },
    request,
  }) => {
    await page.goto('/settings');
    await expect(headerTitle(page, 'الإعدادات')).toBeVisible();

    const address = page.getByLabel('العنوان', { exact: true });
    const save = page.getByRole('button', { name: 'حفظ الإعدادات' });
    await expect(address).toBeEnabled();
    await expect(save).toBeDisabled();

    const value = `الرياض، حي العليا، شارع ${Math.floor(Math.random() * 10_000)}`;
    await address.fill(value);
    await expect(page.getByText('لديك تغييرات غير محفوظة')).toBeVisible();
    await save.click();
    await expect(toasts(page)).toHaveText(['تم حفظ الإعدادات']);
    await expect(save).toBeDisabled();

    const res = await request.get('/api/settings', { headers: bearer(token) });
    expect((await res.json()).address).toBe(value);

    await page.reload();
    await expect(page.getByLabel('العنوان', { exact: true })).toHaveValue(value);
  });

  test('a tax out of range is refused on the field, never saved as something else', async ({
    admin: { page, token },
    request,
  }) => {
    const before = (await (await request.get('/api/settings', { headers: bearer(token) })).json()).tax;
    await page.goto('/settings');
    const tax = page.getByRole('textbox', { name: 'نسبة ضريبة القيمة المضافة' });
    await tax.fill('150');
    await tax.blur();
    await expect(tax).toHaveValue(/150/);
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await expect(page.getByText('نسبة الضريبة لا تزيد عن 100')).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'تم حفظ الإعدادات' })).toHaveCount(0);
    expect((await (await request.get('/api/settings', { headers: bearer(token) })).json()).tax).toBe(before);
  });

  test('an employee sees the settings read-only', async ({ page, request }) => {
    await signedInAs(page, request, { role: 'employee' });
    await page.goto('/settings');
    await expect(headerTitle(page, 'الإعدادات')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'لا تملك صلاحية تعديل الإعدادات' })).toHaveText(
      'لا تملك صلاحية تعديل الإعدادات، يمكنك الاطلاع عليها فقط.',
    );
    await expect(page.getByLabel('العنوان', { exact: true })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'اسم المنشأة', exact: true })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'إشعار عند إنشاء طلب جديد' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'حفظ الإعدادات' })).toHaveCount(0);
    // The values are still shown.
    await expect(page.getByRole('textbox', { name: 'اسم المنشأة', exact: true })).not.toHaveValue('');
  });
});

test.describe('calendar', () => {
  test('date pickers start the week on Saturday and mark Friday and Saturday as the weekend', async ({
    admin: { page },
  }) => {
    await page.goto('/dashboard/payment');
    await page.getByRole('button', { name: 'فترة التسجيل' }).click();
    const month = page.locator('table.mantine-DatePickerInput-month, table[class*="month"]').first();
    await expect(month).toBeVisible();
    const headers = await month.locator('thead th').allInnerTexts();
    expect(headers[0]).toMatch(/^س/); // السبت
    expect(headers[6]).toMatch(/^ج/); // الجمعة
    // Every weekend cell is in the first (Saturday) or last (Friday) column, and both columns are.
    const columns = await month
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.flatMap((row) =>
          Array.from(row.querySelectorAll('td')).flatMap((td, i) =>
            td.querySelector('[data-weekend]') ? [i] : [],
          ),
        ),
      );
    expect(new Set(columns)).toEqual(new Set([0, 6]));
  });
});

test.describe('route titles', () => {
  const built: [string, string][] = [
    ['/notification', 'الإشعارات'],
    ['/dashboard/task', 'المهام'],
    ['/tasks', 'مهامي'],
    ['/dashboard/formBuilder', 'النماذج'],
    ['/dashboard/order', 'إدارة الطلبات'],
    ['/dashboard/payment', 'إدارة الحسابات'],
    ['/dashboard/customer', 'إدارة العملاء'],
    ['/dashboard/city', 'المدن والمحافظات'],
    ['/dashboard/government/new', 'إضافة منطقة جديدة'],
    ['/dashboard/activity', 'السجلات'],
  ];

  test('each shows its Arabic title in the default layout', async ({ admin: { page } }) => {
    for (const [path, title] of built) {
      await page.goto(path);
      await expect(headerTitle(page, title), path).toBeVisible();
      await expect(page).toHaveTitle(`${title} | إدارة`);
      await expect(sidebar(page)).toBeVisible();
    }
  });

  test('the form builder opens in the blank layout, without the sidebar', async ({ admin: { page } }) => {
    await page.goto('/dashboard/formBuilder/new');
    await expect(page).toHaveTitle('إضافة نموذج جديد | إدارة');
    await expect(page.getByTestId('form-title-input').or(page.getByRole('textbox').first())).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await page.goto('/dashboard/formBuilder');
    await expect(sidebar(page)).toBeVisible();
  });

  test('an id route with an invalid id is a 404 that says so in Arabic with the path', async ({
    admin: { page },
  }) => {
    await page.goto('/dashboard/order/not-an-id');
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-message')).toHaveText(
      'الرابط لا يدل على سجل صالح: /dashboard/order/not-an-id',
    );
  });
});
