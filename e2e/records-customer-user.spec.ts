import { rolePresets } from '@idara/domain';
import { adminAuth, bearer, createUser, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { toasts } from './support/toasts';

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const suffix = () => String(Math.floor(Math.random() * 1e6));

test.describe('customers', () => {
  test('create a company through the form, edit it, and see both in the activity tab', async ({
    admin: { page },
    errors,
  }) => {
    await page.goto('/dashboard/customer/new');

    await page.getByText('منشأة', { exact: true }).click();
    const name = `شركة الاختبار ${suffix()}`;
    await page.getByRole('textbox', { name: 'اسم المنشأة' }).fill(name);
    await page.getByRole('textbox', { name: 'رقم الجوال', exact: true }).fill(randomPhone());
    await page.getByRole('checkbox', { name: 'نفس رقم الجوال' }).check();

    // An invalid VAT number is refused in Arabic on the field itself.
    const vat = page.getByRole('textbox', { name: 'الرقم الضريبي' });
    await vat.fill('123456');
    await page.getByRole('button', { name: 'حفظ العميل' }).click();
    await expect(page.getByText('الرقم الضريبي يتكون من 15 رقماً ويبدأ وينتهي بالرقم 3')).toBeVisible();
    await expect(vat).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/dashboard\/customer\/new$/);

    await vat.fill('300000000000003');
    await page.getByRole('button', { name: 'حفظ العميل' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة العميل بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('300000000000003')).toBeVisible();

    // Edit the name.
    await page.getByRole('link', { name: 'تعديل' }).click();
    await expect(page).toHaveURL(/\/dashboard\/customer\/edit\//);
    const renamed = `${name} المحدثة`;
    const nameInput = page.getByRole('textbox', { name: 'اسم المنشأة' });
    await expect(nameInput).toHaveValue(name);
    await nameInput.fill(renamed);
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(toasts(page).filter({ hasText: 'تم حفظ تعديلات العميل' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

    // The activity tab shows the creation and the change of name (before → after).
    await page.getByRole('tab', { name: 'سجل النشاط' }).click();
    const timeline = page.getByTestId('activity-timeline');
    await expect(timeline.getByText(`إضافة العميل «${name}»`)).toBeVisible();
    await expect(timeline.getByText(`تعديل العميل «${renamed}»`)).toBeVisible();
    await expect(timeline.getByText(renamed, { exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a duplicate phone number names the existing customer on the field', async ({ page, request }) => {
    const token = await adminAuth(request);
    const phone = randomPhone();
    const existing = `عميل سابق ${suffix()}`;
    const res = await request.post('/api/customer', {
      data: { name: existing, type: 'individual', phoneNumber: phone },
      headers: bearer(token),
    });
    expect(res.status(), await res.text()).toBe(201);

    await signedInAs(page, request, { role: 'admin' });
    await page.goto('/dashboard/customer/new');
    await page.getByRole('textbox', { name: 'اسم العميل' }).fill(`عميل جديد ${suffix()}`);
    const phoneInput = page.getByRole('textbox', { name: 'رقم الجوال', exact: true });
    await phoneInput.fill(phone);
    await page.getByRole('button', { name: 'حفظ العميل' }).click();
    await expect(page.getByText(`رقم الجوال مسجل مسبقاً للعميل «${existing}»`)).toBeVisible();
    await expect(phoneInput).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/dashboard\/customer\/new$/);
  });
  test('find a customer by typing Arabic loosely, then delete it from the list', async ({
    admin: { page, token },
    request,
  }) => {
    const unique = `${Date.now()}`.slice(-6);
    const created = await request.post('/api/customer', {
      headers: bearer(token),
      data: { name: `مؤسسة مكّة ${unique}`, phoneNumber: randomPhone() },
    });
    expect(created.status()).toBe(201);
    await page.goto('/dashboard/customer');
    await page.getByRole('searchbox', { name: 'بحث' }).fill(`مكه ${unique}`);
    const row = page.getByRole('row', { name: new RegExp(`مؤسسة مكّة ${unique}`) });
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(/search=/);
    await row.getByRole('button', { name: 'حذف' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByText(`تم حذف العميل «مؤسسة مكّة ${unique}»`)).toBeVisible();
    await expect(row).toHaveCount(0);
    const gone = await request.get(`/api/customer/${(await created.json())._id}`, { headers: bearer(token) });
    expect(gone.status()).toBe(404);
  });
});

test.describe('users', () => {
  failOnPageErrors();
  test('create a user from the manager preset minus one permission, then a sign-in link', async ({
    admin: { page, token },
    request,
  }) => {
    await page.goto('/dashboard/user/new');

    const name = `موظف جديد ${suffix()}`;
    await page.getByRole('textbox', { name: 'الاسم', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(randomPhone());
    await page.getByLabel('كلمة المرور').fill('Secret@12345');

    await page.getByRole('radio', { name: 'ذكر' }).check();
    await page.getByRole('combobox', { name: 'الدور' }).click();
    // Each preset says what it is for, under its name.
    const manager = rolePresets.manager;
    await page
      .getByRole('option', { name: `${manager?.label} ${manager?.description}`, exact: true })
      .click();
    await expect(page.getByTestId('role-description')).toContainText(manager?.description ?? '');
    const managerPerms = manager?.permissions ?? [];
    await expect(page.getByTestId('permissions-count')).toContainText(String(managerPerms.length));

    const removed = page.getByRole('checkbox', { name: 'العملاء: إضافة', exact: true });
    await expect(removed).toBeChecked();
    await removed.uncheck();
    await expect(page.getByTestId('permissions-count')).toContainText(String(managerPerms.length - 1));

    await page.getByRole('button', { name: 'حفظ المستخدم' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة المستخدم بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    await expect(page.getByRole('heading', { name })).toBeVisible();

    const id = page.url().match(ID)?.[0] ?? '';
    const saved = await (await request.get(`/api/user/${id}`, { headers: bearer(token) })).json();
    expect(saved.role).toBe('manager');
    expect([...saved.permissions].sort()).toEqual(managerPerms.filter((p) => p !== 'customer:create').sort());

    await page.getByRole('button', { name: 'إنشاء رابط دخول' }).click();
    const dialog = page.getByRole('dialog', { name: 'رابط دخول لمرة واحدة' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('signin-link-url')).toHaveValue(/\/auth\/signinWithToken\?token=/);
    await expect(dialog.getByText('صالح لمدة 15 دقيقة')).toBeVisible();
  });
});

test.describe('users beyond reach', () => {
  failOnPageErrors();
  test('a user manager sees no actions on someone holding more, and cannot change their own role', async ({
    page,
    request,
  }) => {
    const manager = ['user:read', 'user:details', 'user:update', 'user:delete', 'customer:read'];
    const { user: me } = await signedInAs(page, request, { role: 'employee', permissions: manager });
    const stronger = await createUser(request, { role: 'accountant' });

    // Their page: no edit, disable, link, reset or delete; a sentence says why.
    await page.goto(`/dashboard/user/${stronger._id}`);
    await expect(page.getByRole('heading', { name: stronger.name })).toBeVisible();
    await expect(page.getByTestId('beyond-reach')).toHaveText(
      'لدى هذا المستخدم صلاحيات لا تملكها، فلا يمكنك تعديله أو حذفه.',
    );
    await expect(page.getByRole('link', { name: 'تعديل', exact: true })).toHaveCount(0);
    for (const name of ['إيقاف', 'إنشاء رابط دخول', 'إعادة تعيين كلمة المرور', 'حذف'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    // Their edit address: an explanation instead of a form.
    await page.goto(`/dashboard/user/edit/${stronger._id}`);
    await expect(page.getByText('لا يمكنك تعديل هذا المستخدم')).toBeVisible();
    await expect(page.getByRole('button', { name: 'حفظ التعديلات' })).toHaveCount(0);

    // Someone holding no more than them is theirs to manage.
    const peer = await createUser(request, { role: 'employee', permissions: ['customer:read'] });
    await page.goto(`/dashboard/user/${peer._id}`);
    await expect(page.getByRole('link', { name: 'تعديل' })).toBeVisible();
    await expect(page.getByTestId('beyond-reach')).toHaveCount(0);

    // Their own form: role and permissions locked, the rest editable.
    await page.goto(`/dashboard/user/edit/${me._id}`);
    await expect(page.getByRole('textbox', { name: 'الاسم', exact: true })).toBeEditable();
    await expect(page.getByRole('combobox', { name: 'الدور' })).toBeDisabled();
    await expect(page.getByText('لا يمكنك تغيير دورك أو صلاحياتك بنفسك').first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'العملاء: عرض القائمة', exact: true })).toBeDisabled();
  });
});
