import path from 'node:path';
import { rolePresets } from '@idara/domain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { testSeller } from '../apps/api/src/test/test-seller';
import { ADMIN, adminAuth, bearer, createUser, randomPhone, signIn, type TestUser } from './support/api';
import { signedInAs, signInViaUi } from './support/auth';
import { collectErrors } from './support/console';
import { expectTemplateSent } from './support/fake-whatsapp';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow, settleLayout } from './support/layout';
import { limit } from './support/slowdown';
import { toasts } from './support/toasts';

/**
 * Each role preset's day, walked through the screens by a user created with that preset and signed
 * in through the sign-in form: the front office takes a customer from the door to a task for the
 * technician, the technician does it, the accountant takes the money in and reports, the manager
 * looks over it all, the administrator adds a colleague. Along the way the server refuses nothing
 * (no 403 answer), no error toast appears, and each step's button is there.
 */

/** Where the screens are drawn: e2e/screenshots by default, or SCREENS_SHOTS_DIR. */
const OUT_DIR = process.env.SCREENS_SHOTS_DIR ?? path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const t = String(Math.floor(Math.random() * 1e6));

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'القائمة الرئيسية' });
const headerTitle = (page: Page, title: string) =>
  page.getByRole('banner').getByRole('heading', { level: 1, name: title, exact: true });

interface Walk {
  refused: string[];
  errorToasts: string[];
  errors: string[];
}

/**
 * Watches a page for what a preset must never meet: a 403 answer, an error toast (seen the moment
 * it appears, even if it goes before the end), a console error.
 */
async function watch(page: Page): Promise<Walk> {
  const walk: Walk = { refused: [], errorToasts: [], errors: collectErrors(page) };
  page.on('response', (r) => {
    if (r.status() === 403) walk.refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await page.exposeFunction('__idaraErrorToast', (text: string) => walk.errorToasts.push(text));
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const report = (window as unknown as { __idaraErrorToast: (t: string) => void }).__idaraErrorToast;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-sonner-toast][data-type="error"]')) {
        if (seen.has(el)) continue;
        seen.add(el);
        report(el.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  return walk;
}

function endOfDay(walk: Walk) {
  expect(walk.refused, 'answers 403 during the walk').toEqual([]);
  expect(walk.errorToasts, 'error toasts during the walk').toEqual([]);
  // The watcher's own script is refused in the invoice's sandboxed frame (it allows no scripts).
  const errors = walk.errors.filter((e) => !/Blocked script execution in 'about:srcdoc'/.test(e));
  expect(errors, 'console errors during the walk').toEqual([]);
}

/**
 * Follows a sidebar link, as a person would, and waits for the page's title. A name is the whole
 * link's («العملاء», not «عقود العملاء» above it).
 */
async function openFromSidebar(page: Page, link: string | RegExp, title: string) {
  await sidebar(page).getByRole('link', { name: link, exact: true }).first().click();
  await expect(headerTitle(page, title)).toBeVisible();
}

async function choose(page: Page, input: Locator, option: string | RegExp, search?: string) {
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

async function apiPost<T = { _id: string }>(
  request: APIRequestContext,
  token: string,
  url: string,
  data: unknown,
) {
  const res = await request.post(url, { data, headers: bearer(token) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** What each day leaves to the next. */
const day = {
  service: { _id: '', name: `صيانة مكيفات منزلية ${t}` },
  form: { _id: '', title: `زيارة صيانة ${t}` },
  customer: { _id: '', name: `عبدالله الحربي ${t}`, phone: '' },
  order: { _id: '', number: 0 },
  payment: { _id: '', number: 0 },
  task: { title: `صيانة مكيف غرفة المعيشة ${t}` },
  otherTask: { title: `مهمة لغيره ${t}` },
  technician: null as TestUser | null,
};

test.beforeAll(async ({ request }) => {
  const token = await adminAuth(request);
  // Documents are issued only once the office's seller data is filled in (seller.setup.ts does it
  // for a full run; alone, this spec does it itself).
  const state = await (await request.get('/api/einvoicing', { headers: bearer(token) })).json();
  if (!state.seller.ready) {
    const res = await request.put('/api/settings', { headers: bearer(token), data: testSeller });
    expect(res.status(), await res.text()).toBe(200);
  }
  day.service._id = (
    await apiPost(request, token, '/api/service', { name: day.service.name, price: '200.00' })
  )._id;
  day.form._id = (
    await apiPost(request, token, '/api/form', {
      title: day.form.title,
      fields: [
        { key: 'reading', type: 'text', label: 'قراءة ضغط الفريون', required: true },
        { key: 'notes', type: 'textarea', label: 'ملاحظات الفني' },
      ],
    })
  )._id;
  day.technician = await createUser(request, { role: 'technician', name: `ماجد الفني ${t}` });
  // Someone else's task: the technician must not see it.
  const admin = await (await request.get('/api/auth/me', { headers: bearer(token) })).json();
  await apiPost(request, token, '/api/task', { title: day.otherTask.title, assignee: admin._id });
});

test.describe("each preset's day", () => {
  // One day: each person takes over what the one before left.
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(limit(120_000));

  test('administrator: adds a colleague choosing a preset (each says what it is for) and a gender', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, { role: 'admin', name: `مدير النظام ${t}` });
    const walk = await watch(page);
    await signInViaUi(page, user.phone, user.password);

    await openFromSidebar(page, 'المستخدمون', 'إدارة المستخدمين');
    await page.getByRole('link', { name: /إضافة/ }).first().click();
    await expect(page.getByRole('form', { name: 'إضافة مستخدم' })).toBeVisible();

    const name = `نورة العتيبي ${t}`;
    await page.getByRole('textbox', { name: 'الاسم', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(randomPhone());
    await page.getByLabel('كلمة المرور').fill('Secret@12345');
    // The gender is asked: saving without it is refused on the field.
    await page.getByRole('button', { name: 'حفظ المستخدم' }).click();
    await expect(page.getByText('اختر ذكراً أو أنثى')).toBeVisible();
    await page.getByRole('radio', { name: 'أنثى' }).check();

    // The new form starts from the least preset; every preset, technician included, says what it is for.
    const role = page.getByRole('combobox', { name: 'الدور' });
    await expect(role).toHaveValue(rolePresets.technician?.label ?? '');
    await role.click();
    for (const preset of Object.values(rolePresets))
      await expect(
        page.getByRole('option', { name: `${preset.label} ${preset.description}`, exact: true }),
      ).toBeVisible();
    const accountant = rolePresets.accountant;
    await page
      .getByRole('option', { name: `${accountant?.label} ${accountant?.description}`, exact: true })
      .click();
    await expect(page.getByTestId('role-description')).toContainText(accountant?.description ?? '');
    await expect(page.getByTestId('permissions-count')).toContainText(String(accountant?.permissions.length));

    await page.getByRole('button', { name: 'حفظ المستخدم' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة المستخدم بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('أنثى', { exact: true })).toBeVisible();
    await expect(page.getByText('لم تدخل بعد')).toBeVisible();
    const saved = await (
      await request.get(`/api/user/${page.url().match(ID)?.[0]}`, {
        headers: bearer(await adminAuth(request)),
      })
    ).json();
    expect([saved.role, saved.gender]).toEqual(['accountant', 'female']);
    endOfDay(walk);
  });

  test('front office: a customer with city and address, an order for them, a payment, a task for the technician, the WhatsApp inbox', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, { role: 'employee', name: `سلمان الاستقبال ${t}` });
    const walk = await watch(page);
    await signInViaUi(page, user.phone, user.password);

    // ---- A customer walks in ----
    await openFromSidebar(page, 'العملاء', 'إدارة العملاء');
    await page.getByRole('link', { name: /إضافة/ }).first().click();
    await expect(page.getByRole('form', { name: 'إضافة عميل' })).toBeVisible();
    day.customer.phone = randomPhone();
    await page.getByRole('textbox', { name: 'اسم العميل' }).fill(day.customer.name);
    await page.getByRole('textbox', { name: 'رقم الجوال' }).fill(day.customer.phone);
    await page.getByRole('checkbox', { name: 'نفس رقم الجوال' }).check();
    await choose(page, page.getByRole('combobox', { name: 'المدينة' }), 'الرياض', 'الرياض');
    await page.getByRole('textbox', { name: 'الحي' }).fill('النرجس');
    await page.getByRole('textbox', { name: 'الشارع' }).fill('طريق أبي بكر الصديق');
    await page.getByRole('textbox', { name: 'رقم المبنى' }).fill('7421');
    await page.getByRole('button', { name: 'حفظ العميل' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة العميل بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    day.customer._id = page.url().match(ID)?.[0] ?? '';

    // ---- «طلب جديد» from the customer: customer, city and address already there ----
    await page.getByRole('tab', { name: 'الطلبات' }).click();
    await page.getByRole('link', { name: 'طلب جديد' }).click();
    await expect(page.getByRole('form', { name: 'طلب جديد' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'العميل' })).toHaveValue(day.customer.name);
    await expect(page.getByRole('combobox', { name: 'المدينة' })).toHaveValue('الرياض');
    await expect(page.getByRole('textbox', { name: 'العنوان' })).toHaveValue(
      'النرجس، طريق أبي بكر الصديق، مبنى 7421',
    );
    const line = page.getByRole('group', { name: 'البند 1' });
    await choose(page, line.getByRole('combobox', { name: 'الخدمة' }), day.service.name, day.service.name);
    await page.getByRole('button', { name: 'حفظ الطلب' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة الطلب بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    day.order._id = page.url().match(ID)?.[0] ?? '';
    const order = await (
      await request.get(`/api/order/${day.order._id}`, { headers: bearer(await adminAuth(request)) })
    ).json();
    day.order.number = order.number;
    expect(order.address).toBe('النرجس، طريق أبي بكر الصديق، مبنى 7421');
    expect(order.cityName).toBe('الرياض');

    // ---- The customer pays at the desk ----
    await page.getByRole('link', { name: 'إضافة دفعة' }).click();
    await expect(page.getByTestId('order-summary')).toContainText(`طلب رقم ${day.order.number}`);
    await page.getByRole('combobox', { name: 'طريقة الدفع' }).click();
    await page.getByRole('option', { name: 'تحويل بنكي', exact: true }).click();
    await page.getByRole('button', { name: 'حفظ الدفعة' }).click();
    await expect(toasts(page).filter({ hasText: 'تم تسجيل الدفعة بنجاح' })).toBeVisible();
    await expect(page).toHaveURL(ID);
    day.payment._id = page.url().match(ID)?.[0] ?? '';
    // Recording is theirs; approving is the accountant's.
    await expect(page.getByRole('button', { name: 'اعتماد الدفعة' })).toHaveCount(0);

    // ---- A visit for the technician, from the order ----
    await page.goto(`/dashboard/order/${day.order._id}`);
    await page.getByRole('button', { name: 'إضافة مهمة' }).click();
    const dialog = page.getByRole('dialog', { name: 'مهمة جديدة' });
    await dialog.getByRole('textbox', { name: 'عنوان المهمة' }).fill(day.task.title);
    const tech = day.technician?.name ?? '';
    await choose(page, dialog.getByRole('combobox', { name: 'الموظف المكلّف' }), tech, tech.split(' ').at(-1));
    await choose(page, dialog.getByRole('combobox', { name: 'النموذج' }), day.form.title);
    await dialog.getByRole('button', { name: 'إضافة المهمة' }).click();
    await expect(toasts(page).filter({ hasText: 'تمت إضافة المهمة' })).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // ---- The WhatsApp inbox ----
    await openFromSidebar(page, 'صندوق واتساب', 'صندوق واتساب');
    await expect(page.getByText('رسائل واتساب من أرقام لا تطابق أي عميل')).toBeVisible();
    endOfDay(walk);
  });

  test('technician: «مهامي» shows only their task; they open it, fill it in and send it', async ({
    page,
  }) => {
    const tech = day.technician;
    if (!tech) throw new Error('no technician');
    const walk = await watch(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInViaUi(page, tech.phone, tech.password);
    await page.goto('/tasks');
    await expect(headerTitle(page, 'مهامي')).toBeVisible();
    const cards = page.getByTestId('task-card');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(day.task.title);
    await expect(page.getByText(day.otherTask.title)).toHaveCount(0);

    await cards.click();
    const status = page.getByTestId('task-status-badge');
    await expect(status).toHaveText('جديدة');
    await page.getByRole('button', { name: 'بدء المهمة', exact: true }).click();
    await expect(status).toHaveText('قيد التنفيذ');
    await page.getByRole('textbox', { name: 'قراءة ضغط الفريون' }).fill('120 psi');
    await page.getByRole('textbox', { name: 'ملاحظات الفني' }).fill('نُظّف الفلتر وعُبّئ الفريون');
    await page.getByRole('button', { name: 'إرسال', exact: true }).click();
    await page.getByRole('dialog', { name: 'إرسال المهمة' }).getByRole('button', { name: 'إرسال' }).click();
    await expect(toasts(page).filter({ hasText: 'تم إرسال المهمة للمراجعة' })).toBeVisible();
    await expect(status).toHaveText('بانتظار المراجعة');
    // Reviewing is someone else's.
    await expect(page.getByRole('button', { name: 'اعتماد', exact: true })).toHaveCount(0);
    endOfDay(walk);
  });

  test('accountant: approves the payment, takes it as paid, opens the documents, sends a statement over WhatsApp, opens aging and the VAT return', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, {
      role: 'accountant',
      name: `هند المحاسبة ${t}`,
      gender: 'female',
    });
    const walk = await watch(page);
    await signInViaUi(page, user.phone, user.password);

    await openFromSidebar(page, 'الحسابات', 'إدارة الحسابات');
    const payment = await (
      await request.get(`/api/payment/${day.payment._id}`, { headers: bearer(await adminAuth(request)) })
    ).json();
    day.payment.number = payment.number;
    await page
      .getByRole('row', { name: `السند رقم ${payment.number}`, exact: true })
      .getByRole('button', { name: `عرض السند رقم ${payment.number}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`${day.payment._id}$`));
    await page.getByRole('button', { name: 'اعتماد الدفعة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'اعتماد', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'تم اعتماد الدفعة' })).toBeVisible();
    await expect(page.getByTestId('payment-status').first()).toHaveText('معتمدة');
    await page.getByRole('button', { name: 'تسجيل كمدفوعة' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تسجيل كمدفوعة' }).click();
    await expect(toasts(page).filter({ hasText: 'تم تسجيل الدفعة كمدفوعة' })).toBeVisible();
    await expect(page.getByTestId('payment-status').first()).toHaveText('مدفوعة');

    // The documents: the order's invoice is among them.
    await openFromSidebar(page, 'الفواتير', 'الفواتير الإلكترونية');
    await expect(page.getByRole('row').filter({ hasText: day.customer.name }).first()).toBeVisible();

    // A statement to the customer over WhatsApp (the fake Graph API receives it).
    await page.goto(`/dashboard/customer/${day.customer._id}`);
    await page.getByRole('link', { name: 'كشف حساب' }).click();
    await expect(page.getByRole('heading', { name: `كشف حساب: ${day.customer.name}` })).toBeVisible();
    await page.getByRole('button', { name: 'إرسال عبر واتساب' }).click();
    const send = page.getByRole('dialog', { name: 'إرسال كشف الحساب' });
    await send.getByRole('button', { name: 'إرسال', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'أُرسل كشف الحساب إلى العميل' })).toBeVisible();
    await expectTemplateSent(request, day.customer.phone, 'statement_link');

    await openFromSidebar(page, 'أعمار الذمم', 'أعمار الذمم');
    await expect(page.getByTestId('list-count')).toBeVisible();
    await openFromSidebar(page, 'إقرار ضريبة القيمة المضافة', 'إقرار ضريبة القيمة المضافة');
    await expect(page.getByRole('combobox', { name: 'الفترة' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Excel' })).toBeVisible();
    endOfDay(walk);
  });

  test("manager: home, orders, tasks (approves the technician's work), reports", async ({
    page,
    request,
  }) => {
    const user = await createUser(request, { role: 'manager', name: `فهد المدير ${t}` });
    const walk = await watch(page);
    await signInViaUi(page, user.phone, user.password);

    await expect(headerTitle(page, 'الرئيسية')).toBeVisible();
    await openFromSidebar(page, 'الطلبات', 'إدارة الطلبات');
    await expect(page.getByRole('row').filter({ hasText: day.customer.name }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /طلب جديد|إضافة/ }).first()).toBeVisible();

    await openFromSidebar(page, /^المهام/, 'المهام');
    const row = page.getByRole('row').filter({ hasText: day.task.title });
    await expect(row).toContainText('بانتظار المراجعة');
    await row.getByRole('button', { name: /^إجراءات المهمة رقم/ }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'عرض' }).click();
    await page.getByRole('button', { name: 'اعتماد', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'اعتماد المهمة' });
    await approve.getByRole('button', { name: 'اعتماد', exact: true }).click();
    await expect(toasts(page).filter({ hasText: 'تم اعتماد المهمة' })).toBeVisible();
    await expect(page.getByTestId('task-status-badge')).toHaveText('معتمدة');

    await openFromSidebar(page, 'أعمار الذمم', 'أعمار الذمم');
    await expect(page.getByTestId('list-count')).toBeVisible();
    await openFromSidebar(page, 'إقرار ضريبة القيمة المضافة', 'إقرار ضريبة القيمة المضافة');
    endOfDay(walk);
  });
});

test('a woman who records a payment is spoken of in the feminine («سجّلت …»), on her page and in the notice', async ({
  page,
  request,
}) => {
  const token = await adminAuth(request);
  // An approver first: they hear of payments recorded after they exist.
  const approver = await createUser(request, { role: 'accountant', name: `مراجع الدفعات ${t}` });
  const name = `سارة القحطاني ${t}`;
  const sara = await createUser(request, { role: 'employee', name, gender: 'female' });
  expect((await (await request.get(`/api/user/${sara._id}`, { headers: bearer(token) })).json()).gender).toBe(
    'female',
  );

  // Her page speaks of her as a woman.
  const walk = await watch(page);
  await signInViaUi(page, ADMIN.phoneNumber, ADMIN.password);
  await page.goto(`/dashboard/user/${sara._id}`);
  await expect(page.getByText('لم تدخل بعد')).toBeVisible();
  await page.getByRole('button', { name: 'إيقاف', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('لن تتمكن من الدخول وستُنهى جلساتها الحالية');
  await confirm.getByRole('button', { name: 'إلغاء' }).click();

  // She records a payment; the approver is told «سجّلت سارة …».
  const sheToken = (await signIn(request, sara.phone, sara.password)).token;
  const customer = await apiPost(request, token, '/api/customer', {
    name: `عميل ${t}`,
    phoneNumber: randomPhone(),
  });
  const order = await apiPost<{ _id: string; number: number }>(request, token, '/api/order', {
    customer: customer._id,
    items: [{ service: day.service._id, quantity: 1, unitPrice: '200.00' }],
  });
  const methods = await (
    await request.get('/api/lookup/paymentMethods', { headers: bearer(sheToken) })
  ).json();
  await apiPost(request, sheToken, '/api/payment', {
    order: order._id,
    amount: '50.00',
    paymentMethod: methods.data[0]._id,
  });
  const approverToken = (await signIn(request, approver.phone, approver.password)).token;
  let description = '';
  await expect
    .poll(async () => {
      const list = await (
        await request.get('/api/notification?limit=50', { headers: bearer(approverToken) })
      ).json();
      description =
        (list.data as { description: string }[]).find((n) => n.description.includes(name))?.description ?? '';
      return description !== '';
    })
    .toBe(true);
  expect(description).toContain(`سجّلت ${name} دفعة`);
  endOfDay(walk);
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    failOnPageErrors();
    test.use({ colorScheme: scheme });

    test(`the user form (role picker, gender) and the settings' technical details at ${WIDTHS.join(', ')} px: no overflow, screenshots`, async ({
      page,
      request,
    }) => {
      const { user } = await signedInAs(page, request, {
        role: 'admin',
        name: `ريم الشهري ${t}`,
        gender: 'female',
      });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/dashboard/user/new');
        await page.getByRole('radio', { name: 'أنثى' }).check();
        await page.getByRole('combobox', { name: 'الدور' }).click();
        await expect(page.getByRole('option')).toHaveCount(Object.keys(rolePresets).length);
        await expectNoOverflow(page, `user form at ${width}px`);
        await settleLayout(page);
        await page.screenshot({ path: path.join(OUT_DIR, `user-form-roles-${width}-${scheme}.png`) });
        await page.keyboard.press('Escape');
        await page.getByRole('form', { name: 'إضافة مستخدم' }).scrollIntoViewIfNeeded();
        await page.screenshot({
          path: path.join(OUT_DIR, `user-form-${width}-${scheme}.png`),
          fullPage: true,
        });

        await page.goto(`/dashboard/user/${user._id}`);
        await expect(page.getByText('الجنس', { exact: true })).toBeVisible();
        await expectNoOverflow(page, `user details at ${width}px`);

        await page.goto('/settings');
        const technical = page.getByTestId('backup-technical');
        await technical.getByText('معلومات تقنية').click();
        await expect(technical.getByText(/npm run restore/)).toBeVisible();
        await technical.scrollIntoViewIfNeeded();
        await expectNoOverflow(page, `settings with the technical details at ${width}px`);
        await page.getByTestId('backup-section').screenshot({
          path: path.join(OUT_DIR, `settings-technical-${width}-${scheme}.png`),
        });
      }
    });
  });
}
