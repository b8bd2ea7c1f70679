import fs from 'node:fs';
import path from 'node:path';
import { formatTimeLeft } from '@idara/domain';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { bearer, createUser, postAs, randomPhone, signIn, type TestUser } from './support/api';
import { makePng, signWithMouse } from './support/attachments';
import { signedInAs, signInViaUi } from './support/auth';
import { collectErrors } from './support/console';
import { exportFile } from './support/downloads';
import { expect, test } from './support/fixtures';
import { expectNoOverflow, settleLayout } from './support/layout';
import { limit } from './support/slowdown';
import { toasts } from './support/toasts';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOUR = 3_600_000;
const tag = () => String(Math.floor(Math.random() * 1e6));

/**
 * Light and dark screenshots of the current page (the app follows the system scheme). With
 * `reload: false` the scheme changes live, so what was typed on the page stays.
 */
async function shoot(page: Page, name: string, ready: () => Promise<void>, { reload = true } = {}) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (reload) await page.reload();
    await ready();
    const html = page.locator('html');
    if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
    else await expect(html).not.toHaveClass(/\bdark\b/);
    await settleLayout(page);
    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({ path: path.join(OUT_DIR, `${name}-${width}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

async function overflowAtWidths(page: Page, label: string, ready: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await ready();
    await expectNoOverflow(page, `${label} at ${width}px`);
  }
}

/** Chooses an option of a Mantine select, typing a search first when given. */
async function choose(page: Page, input: Locator, option: string | RegExp, search?: string) {
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

interface Fixture {
  form: { _id: string; title: string };
  customer: { _id: string; name: string };
  order: { _id: string; number: number };
  employee: TestUser;
  employeeToken: string;
}

async function fixture(request: APIRequestContext, token: string): Promise<Fixture> {
  const t = tag();
  const form = await postAs<{ _id: string; title: string }>(request, token, '/api/form', {
    title: `فحص مكيف ${t}`,
    description: 'يعبّئه الفني عند الزيارة',
    fields: [
      { key: 'notes', type: 'text', label: 'ملاحظات الفني', required: false },
      {
        key: 'condition',
        type: 'select',
        label: 'حالة المكيف',
        required: true,
        options: ['جيد', 'يحتاج صيانة', 'معطل'],
      },
      { key: 'photo', type: 'file', label: 'صورة المكيف', required: true },
      { key: 'signature', type: 'signature', label: 'توقيع العميل', required: true },
    ],
  });
  const customer = await postAs<{ _id: string; name: string }>(request, token, '/api/customer', {
    name: `مؤسسة النخيل ${t}`,
    type: 'individual',
    phoneNumber: randomPhone(),
  });
  const service = await postAs(request, token, '/api/service', {
    name: `صيانة مكيفات ${t}`,
    price: '250.00',
  });
  const order = await postAs<{ _id: string; number: number }>(request, token, '/api/order', {
    customer: customer._id,
    items: [{ service: service._id, quantity: 1, unitPrice: '250.00' }],
  });
  const employee = await createUser(request, { role: 'employee', name: `فني الصيانة ${t}` });
  const session = await signIn(request, employee.phone, employee.password);
  return { form, customer, order, employee, employeeToken: session.token };
}

async function employeePage(browser: Browser, user: TestUser) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await signInViaUi(page, user.phone, user.password);
  return { page, errors, context };
}

test.describe('tasks', () => {
  test.setTimeout(limit(240_000));

  test('admin creates and assigns; the employee fills the form on a phone and submits; admin approves and returns', async ({
    page,
    request,
    browser,
  }) => {
    const adminErrors = collectErrors(page);
    const { token } = await signedInAs(page, request, { role: 'admin', name: 'منى المشرفة' });
    const fx = await fixture(request, token);
    const title = `زيارة فحص المكيفات ${tag()}`;

    // ---- Admin: a new task from the tasks screen, with due time, form, order and assignee ----
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard/task');
    await expect(page.getByTestId('list-count')).toBeVisible();
    await page.getByRole('button', { name: 'مهمة جديدة' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'مهمة جديدة' });
    await expect(dialog).toBeVisible();

    // Required fields are refused in Arabic first.
    await dialog.getByRole('button', { name: 'إضافة المهمة' }).click();
    await expect(dialog.getByText('عنوان المهمة مطلوب')).toBeVisible();
    await expect(dialog.getByText('اختر الموظف المكلّف')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'عنوان المهمة' }).fill(title);
    await dialog.getByRole('textbox', { name: 'الوصف' }).fill('فحص المكيفات الثلاثة وتصوير الوحدة الخارجية.');
    await choose(
      page,
      dialog.getByRole('combobox', { name: 'الموظف المكلّف' }),
      fx.employee.name,
      fx.employee.name.split(' ').at(-1),
    );
    await choose(page, dialog.getByRole('combobox', { name: 'النموذج' }), fx.form.title);
    await choose(
      page,
      dialog.getByRole('combobox', { name: 'الطلب' }),
      new RegExp(`#${fx.order.number} — `),
      String(fx.order.number),
    );
    // Choosing the order fills its customer.
    await expect(dialog.getByRole('combobox', { name: 'العميل' })).toHaveValue(fx.customer.name);

    // Due: 10:30 ص, three Riyadh days from now.
    const riyadh = new Date(Date.now() + 3 * HOUR + 3 * 24 * HOUR);
    const [y, m, d] = [riyadh.getUTCFullYear(), riyadh.getUTCMonth(), riyadh.getUTCDate()];
    const expectedDue = new Date(Date.UTC(y, m, d, 7, 30)).toISOString();
    await dialog.getByRole('button', { name: 'موعد التسليم', exact: true }).click();
    const picker = page.locator('.mantine-DateTimePicker-root').last();
    await expect(picker).toBeVisible();
    const today = new Date(Date.now() + 3 * HOUR);
    if (today.getUTCMonth() !== m) await picker.locator('[data-direction="next"]').first().click();
    await picker
      .locator('.mantine-DateTimePicker-day:not([data-outside])')
      .getByText(String(d), { exact: true })
      .click();
    const [hours, minutes] = await picker.getByRole('spinbutton').all();
    await hours.fill('10');
    await minutes.fill('30');
    await picker.locator('select[data-am-pm]').selectOption('ص');
    await picker.locator('.mantine-DateTimePicker-submitButton').click();
    const pad = (n: number) => String(n).padStart(2, '0');
    await expect(dialog.getByRole('button', { name: 'موعد التسليم', exact: true })).toHaveText(
      `10:30 ص ${y}/${pad(m + 1)}/${pad(d)}`,
    );

    await dialog.getByRole('button', { name: 'إضافة المهمة' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة المهمة' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(fx.employee.name);
    await expect(row).toContainText(fx.customer.name);
    await expect(row).toContainText(fx.form.title);
    await expect(row).toContainText(`#${fx.order.number}`);
    await expect(row).toContainText('جديدة');

    const listed = await (
      await request.get(`/api/task?search=${encodeURIComponent(title)}`, { headers: bearer(token) })
    ).json();
    expect(listed.total).toBe(1);
    const formTask = listed.data[0] as { _id: string; number: number; dueAt: string; customer: string };
    expect(new Date(formTask.dueAt).toISOString()).toBe(expectedDue);
    expect(formTask.customer).toBe(fx.customer._id);

    // ---- Bulk assign: a task given to the admin moves to the employee from the list ----
    const admin = await (await request.get('/api/auth/me', { headers: bearer(token) })).json();
    const dueSoon = new Date(Date.now() + 2 * 24 * HOUR + 3 * HOUR + 30 * 60_000).toISOString();
    const plain = await postAs<{ _id: string; number: number; title: string }>(request, token, '/api/task', {
      title: `تسليم فاتورة للعميل ${tag()}`,
      description: 'تسليم نسخة ورقية وتوقيع الاستلام.',
      assignee: admin._id,
      dueAt: dueSoon,
      customer: fx.customer._id,
    });
    const overdue = await postAs<{ _id: string; number: number; title: string }>(
      request,
      token,
      '/api/task',
      {
        title: `متابعة شكوى ${tag()}`,
        assignee: fx.employee._id,
        dueAt: new Date(Date.now() - 5 * HOUR - 20 * 60_000).toISOString(),
      },
    );
    await page.goto(`/dashboard/task?assignee=${admin._id}`);
    const plainRow = page.getByRole('row', { name: new RegExp(`المهمة رقم ${plain.number} `) });
    await expect(plainRow).toBeVisible();
    await plainRow.getByRole('checkbox', { name: `تحديد المهمة رقم ${plain.number}` }).check();
    await page
      .getByRole('region', { name: 'إجراءات التحديد' })
      .getByRole('button', { name: 'إسناد إلى موظف' })
      .click();
    const assign = page.getByRole('dialog', { name: 'إسناد المهام المحددة' });
    await choose(page, assign.getByRole('combobox', { name: 'الموظف' }), fx.employee.name, fx.employee.name);
    await assign.getByRole('button', { name: 'إسناد', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'تم إسناد مهمة واحدة' })).toBeVisible();
    await expect(page.getByTestId('table-empty')).toBeVisible();

    // The list filters by the employee and by status.
    await page.goto(`/dashboard/task?assignee=${fx.employee._id}&status=pending`);
    await expect(page.getByTestId('list-count')).toHaveText('3 سجلات');
    await expect(page.getByRole('row', { name: new RegExp(`المهمة رقم ${overdue.number} `) })).toContainText(
      'متأخرة',
    );

    // Export of the filtered list (CSV with a BOM, Arabic headers and file name).
    await page.getByRole('button', { name: 'تصدير' }).click();
    const exporter = page.getByRole('dialog', { name: 'تصدير المهام' });
    const download = await exportFile(exporter, 'CSV');
    expect(download.suggestedFilename()).toMatch(/^المهام-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('رقم المهمة');
    for (const t of [title, plain.title, overdue.title]) expect(csv).toContain(t);
    await page.keyboard.press('Escape');
    await expect(exporter).toHaveCount(0);

    await overflowAtWidths(page, 'tasks list', async () => {
      await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
    });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await shoot(page, 'tasks-list', async () => {
        await expect(page.getByRole('row', { name: new RegExp(title) })).toBeVisible();
      });
    }

    // ---- Employee on a 375 px phone ----
    const emp = await employeePage(browser, fx.employee);
    const phone = emp.page;
    await phone.goto('/tasks');
    const cards = phone.getByTestId('task-card');
    await expect(cards).toHaveCount(3);
    await expect(phone.getByTestId('overdue-alert')).toContainText('مهمة واحدة');
    const overdueCard = cards.filter({ hasText: overdue.title });
    await expect(overdueCard).toHaveAttribute('data-overdue', 'true');
    await expect(overdueCard.getByTestId('time-left')).toHaveText('متأخر 5 ساعات');
    const plainCard = cards.filter({ hasText: plain.title });
    await expect(plainCard.getByTestId('time-left')).toHaveText(formatTimeLeft(dueSoon).text);
    await expect(plainCard.getByTestId('time-left')).toHaveText('متبقٍ يومان و 3 ساعات');
    const formCard = cards.filter({ hasText: title });
    await expect(formCard).toContainText(fx.customer.name);
    await expect(formCard).toContainText(`#${fx.order.number}`);
    await expect(formCard).toContainText('جديدة');
    await expectNoOverflow(phone, 'my tasks at 375px');
    await shoot(phone, 'tasks-my', async () => {
      await expect(phone.getByTestId('task-card')).toHaveCount(3);
    });

    await formCard.click();
    await expect(phone).toHaveURL(new RegExp(`/tasks/${formTask._id}$`));
    const status = phone.getByTestId('task-status-badge');
    await expect(status).toHaveText('جديدة');
    await expect(phone.getByTestId('form-version')).toHaveText('الإصدار 1');
    await expect(phone.getByTestId('task-description')).toContainText('فحص المكيفات الثلاثة');
    await phone.getByRole('button', { name: 'بدء المهمة', exact: true }).click();
    await expect(status).toHaveText('قيد التنفيذ');

    await phone.getByRole('textbox', { name: 'ملاحظات الفني' }).fill('الوحدة الخارجية تحتاج تنظيف');
    await phone.getByRole('button', { name: 'حفظ كمسودة' }).click();
    await expect(toasts(phone).filter({ hasText: 'تم حفظ المسودة' })).toBeVisible();

    // A photo (a real PNG) and a signature drawn with the mouse.
    await phone.getByTestId('file-input-photo').setInputFiles({
      name: 'unit.png',
      mimeType: 'image/png',
      buffer: makePng(64, 48),
    });
    await expect(phone.getByText('unit.png')).toBeVisible();
    await signWithMouse(phone);
    await expect(phone.getByTestId('signature-image').locator('img')).toBeVisible();

    // The required select is still empty: refused here, with its Arabic message, before sending.
    await phone.getByRole('button', { name: 'إرسال', exact: true }).click();
    const condition = phone.getByRole('combobox', { name: 'حالة المكيف' });
    await expect(phone.getByText('هذا الحقل مطلوب')).toBeVisible();
    await expect(condition).toHaveAttribute('aria-invalid', 'true');
    await expect(condition).toBeFocused();
    await expect(status).toHaveText('قيد التنفيذ');
    await expectNoOverflow(phone, 'task form with an error at 375px');
    await expect(toasts(phone)).toHaveCount(0, { timeout: limit(15_000) });
    await phone.evaluate(() => window.scrollTo(0, 0));
    await shoot(
      phone,
      'task-filling',
      async () => {
        await expect(phone.getByText('هذا الحقل مطلوب')).toBeVisible();
      },
      { reload: false },
    );

    await choose(phone, condition, 'يحتاج صيانة');
    await expect(phone.getByText('هذا الحقل مطلوب')).toHaveCount(0);
    await phone.getByRole('button', { name: 'إرسال', exact: true }).click();
    await phone.getByRole('dialog', { name: 'إرسال المهمة' }).getByRole('button', { name: 'إرسال' }).click();
    await expect(toasts(phone).filter({ hasText: 'تم إرسال المهمة للمراجعة' })).toBeVisible();
    await expect(status).toHaveText('بانتظار المراجعة');
    // Read-only now: no inputs, no buttons to save or send.
    await expect(phone.locator('[data-testid="form-renderer"][data-readonly]')).toBeVisible();
    await expect(phone.getByRole('button', { name: 'إرسال', exact: true })).toHaveCount(0);
    await expect(phone.getByRole('button', { name: 'حفظ كمسودة' })).toHaveCount(0);
    await expect(phone.getByText('يحتاج صيانة')).toBeVisible();
    await overflowAtWidths(phone, 'submitted task page', async () => {
      await expect(status).toHaveText('بانتظار المراجعة');
    });
    await phone.setViewportSize({ width: 375, height: 800 });
    await shoot(phone, 'task-details', async () => {
      await expect(status).toHaveText('بانتظار المراجعة');
      await expect(phone.getByTestId('signature-image').locator('img')).toBeVisible();
    });

    // The server stored the answers and the attachments.
    const stored = await (
      await request.get(`/api/task/${formTask._id}`, { headers: bearer(fx.employeeToken) })
    ).json();
    expect(stored.status).toBe('submitted');
    expect(stored.answers.condition).toBe('يحتاج صيانة');
    expect(stored.answers.notes).toBe('الوحدة الخارجية تحتاج تنظيف');
    expect(stored.attachments.map((a: { field: string }) => a.field).sort()).toEqual(['photo', 'signature']);

    // ---- Admin approves ----
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/tasks/${formTask._id}`);
    const adminStatus = page.getByTestId('task-status-badge');
    await expect(adminStatus).toHaveText('بانتظار المراجعة');
    await expect(page.getByText('يحتاج صيانة')).toBeVisible();
    await page.getByRole('button', { name: 'اعتماد', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'اعتماد المهمة' });
    await approve.getByRole('textbox').fill('عمل ممتاز');
    await approve.getByRole('button', { name: 'اعتماد', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'تم اعتماد المهمة' })).toBeVisible();
    await expect(adminStatus).toHaveText('معتمدة');
    await expect(page.getByTestId('task-review')).toContainText('عمل ممتاز');
    await expect(page.getByTestId('task-review')).toContainText('منى المشرفة');
    await expect(page.getByRole('button', { name: 'اعتماد', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'تعديل' })).toHaveCount(0);

    // ---- Return with a note: the employee sends the plain task, the admin returns it ----
    await postAs(request, fx.employeeToken, `/api/task/${plain._id}/start`, {}, 200);
    await postAs(request, fx.employeeToken, `/api/task/${plain._id}/submit`, { answers: {} }, 200);
    await page.goto(`/tasks/${plain._id}`);
    await expect(adminStatus).toHaveText('بانتظار المراجعة');
    await page.getByRole('button', { name: 'إعادة للتعديل' }).click();
    const back = page.getByRole('dialog', { name: 'إعادة المهمة للتعديل' });
    await back.getByRole('button', { name: 'إعادة للتعديل' }).click();
    await expect(back.getByText('اكتب سبب الإعادة ليعرف الموظف ما يعدّله')).toBeVisible();
    await back.getByRole('textbox').fill('أرفق صورة إيصال الاستلام موقّعة من العميل');
    await back.getByRole('button', { name: 'إعادة للتعديل' }).click();
    await expect(toasts(page).filter({ hasText: 'أُعيدت المهمة إلى الموظف للتعديل' })).toBeVisible();
    await expect(adminStatus).toHaveText('معادة للتعديل');

    await phone.goto(`/tasks/${plain._id}`);
    await expect(phone.getByTestId('returned-note')).toContainText('أرفق صورة إيصال الاستلام');
    await expect(phone.getByTestId('returned-note')).toContainText('منى المشرفة');
    await expect(phone.getByRole('button', { name: 'إرسال', exact: true })).toBeVisible();
    await overflowAtWidths(phone, 'returned task page', async () => {
      await expect(phone.getByTestId('returned-note')).toBeVisible();
    });
    await phone.setViewportSize({ width: 375, height: 800 });
    await shoot(phone, 'task-returned', async () => {
      await expect(phone.getByTestId('returned-note')).toBeVisible();
    });

    // My tasks: the approved one is under «منجزة»; the home card counts the open ones.
    await phone.goto('/tasks?tab=done');
    await expect(phone.getByTestId('task-card')).toHaveCount(1);
    await expect(phone.getByTestId('task-card')).toContainText('معتمدة');
    await overflowAtWidths(phone, 'my tasks', async () => {
      await expect(phone.getByTestId('task-card')).toHaveCount(1);
    });
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto('/');
    const card = phone.getByTestId('my-tasks-card');
    await expect(card.getByTestId('my-tasks-open')).toContainText('2');
    await expect(card.getByTestId('my-tasks-overdue')).toContainText('1');
    await expect(card.getByRole('link', { name: new RegExp(overdue.title) })).toContainText('متأخر 5 ساعات');
    await expectNoOverflow(phone, 'home with my tasks at 375px');
    await shoot(phone, 'tasks-home', async () => {
      await expect(phone.getByTestId('my-tasks-card')).toBeVisible();
    });
    await card.getByRole('link', { name: 'كل مهامي' }).click();
    await expect(phone).toHaveURL(/\/tasks$/);

    expect(emp.errors).toEqual([]);
    await emp.context.close();
    expect(adminErrors).toEqual([]);
  });

  test('whoever sent a task for review is not offered to approve or return it', async ({
    page,
    errors,
    request,
  }) => {
    // A supervisor who also does field work: they may review tasks, but not their own.
    const { user, token } = await signedInAs(page, request, {
      role: 'employee',
      permissions: ['task:read', 'task:details', 'task:create', 'task:update'],
    });
    const own = await postAs<{ _id: string }>(request, token, '/api/task', {
      title: `زيارة أجراها بنفسه ${tag()}`,
      assignee: user._id,
    });
    await postAs(request, token, `/api/task/${own._id}/start`, {}, 200);
    await postAs(request, token, `/api/task/${own._id}/submit`, { answers: {} }, 200);
    await page.goto(`/tasks/${own._id}`);
    await expect(page.getByTestId('task-status-badge')).toHaveText('بانتظار المراجعة');
    await expect(page.getByTestId('own-submission')).toContainText('يعتمدها أو يعيدها للتعديل زميل آخر');
    await expect(page.getByRole('button', { name: 'اعتماد', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'إعادة للتعديل' })).toHaveCount(0);

    // Someone else's submitted task: both are offered.
    const other = await createUser(request, { role: 'technician' });
    const otherToken = (await signIn(request, other.phone, other.password)).token;
    const theirs = await postAs<{ _id: string }>(request, token, '/api/task', {
      title: `زيارة لزميل ${tag()}`,
      assignee: other._id,
    });
    await postAs(request, otherToken, `/api/task/${theirs._id}/start`, {}, 200);
    await postAs(request, otherToken, `/api/task/${theirs._id}/submit`, { answers: {} }, 200);
    await page.goto(`/tasks/${theirs._id}`);
    await expect(page.getByRole('button', { name: 'اعتماد', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'إعادة للتعديل' })).toBeVisible();
    await expect(page.getByTestId('own-submission')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("an order's page lists its tasks and adds one for that order; creating an order can create tasks", async ({
    admin: { page, token },
    errors,
    request,
  }) => {
    const fx = await fixture(request, token);
    const service = await postAs(request, token, '/api/service', {
      name: `تركيب مكيف ${tag()}`,
      price: '400.00',
      form: fx.form._id,
    });

    await page.goto(`/dashboard/order/${fx.order._id}`);
    const section = page.getByTestId('order-tasks');
    await expect(section.getByText('لا توجد مهام لهذا الطلب')).toBeVisible();
    await section.getByRole('button', { name: 'إضافة مهمة' }).click();
    const dialog = page.getByRole('dialog', { name: 'مهمة جديدة' });
    await expect(dialog.getByRole('combobox', { name: 'الطلب' })).toHaveValue(
      new RegExp(`#${fx.order.number} — `),
    );
    await expect(dialog.getByRole('combobox', { name: 'العميل' })).toHaveValue(fx.customer.name);
    await dialog.getByRole('textbox', { name: 'عنوان المهمة' }).fill('معاينة الموقع');
    await choose(
      page,
      dialog.getByRole('combobox', { name: 'الموظف المكلّف' }),
      fx.employee.name,
      fx.employee.name,
    );
    await dialog.getByRole('button', { name: 'إضافة المهمة' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة المهمة' })).toBeVisible();
    await expect(section.getByRole('link', { name: 'معاينة الموقع' })).toBeVisible();
    await section.getByRole('link', { name: 'معاينة الموقع' }).click();
    await expect(page).toHaveURL(ID);
    await expect(page.getByRole('link', { name: `الطلب رقم ${fx.order.number}` })).toBeVisible();

    // Edit in the modal, then delete after the confirmation.
    await page.getByRole('button', { name: 'تعديل' }).click();
    const edit = page.getByRole('dialog', { name: 'تعديل المهمة' });
    await expect(edit.getByRole('textbox', { name: 'عنوان المهمة' })).toHaveValue('معاينة الموقع');
    await expect(edit.getByRole('combobox', { name: 'الموظف المكلّف' })).toHaveValue(fx.employee.name);
    await edit.getByRole('textbox', { name: 'عنوان المهمة' }).fill('معاينة الموقع وقياس الغرف');
    await edit.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(toasts(page).filter({ hasText: 'تم حفظ تعديلات المهمة' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'معاينة الموقع وقياس الغرف' })).toBeVisible();
    await page.getByRole('button', { name: 'حذف' }).click();
    await page.getByRole('dialog', { name: 'تأكيد الحذف' }).getByRole('button', { name: 'حذف' }).click();
    await expect(toasts(page).filter({ hasText: 'تم حذف المهمة رقم' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/task$/);

    // New order with an assignee and «create tasks»: one task per service that has a form.
    await page.goto(`/dashboard/order/new?customer=${fx.customer._id}`);
    await expect(page.getByRole('combobox', { name: 'العميل' })).toHaveValue(fx.customer.name);
    const line = page.getByRole('group', { name: 'البند 1' });
    await choose(page, line.getByRole('combobox', { name: 'الخدمة' }), /تركيب مكيف/, 'تركيب مكيف');
    const createTasks = page.getByRole('checkbox', { name: 'إنشاء مهام للموظفين من نماذج الخدمات' });
    await expect(createTasks).toHaveCount(0);
    await choose(page, page.getByRole('combobox', { name: 'المكلّفون' }), fx.employee.name, fx.employee.name);
    await page.keyboard.press('Escape');
    await createTasks.check();
    await page.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة الطلب بنجاح' })).toBeVisible();
    await expect(toasts(page).filter({ hasText: 'أُنشئت مهمة واحدة' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    const orderTasks = page.getByTestId('order-tasks');
    await expect(orderTasks.locator('tbody tr')).toHaveCount(1);
    await expect(orderTasks).toContainText(fx.employee.name);
    await expect(orderTasks).toContainText(fx.form.title);
    expect(service._id).toBeTruthy();
    expect(errors).toEqual([]);
  });
});
