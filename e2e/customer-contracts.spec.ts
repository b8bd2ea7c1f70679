import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminAuth, bearer, createUser, randomPhone, type TestUser } from './support/api';
import { signedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { type Screen, shootScreens } from './support/screenshots';
import { limit } from './support/slowdown';
import { toasts } from './support/toasts';

/**
 * Customer contracts (عقود العملاء) and visits (الزيارات) on the resource screens, as the front
 * office uses them: a contract sold from the form plans its visits, shows them on its page and on
 * the customer's tabs, is edited, renewed and cancelled; a one-off visit booked onto a busy
 * technician is said and booked anyway with a reason, then taken through its steps; the lists
 * filter. Every test has its own customer, contract type and technician, and its days some months
 * ahead (a number of months drawn per run), so it shares nothing with specs running beside it.
 */

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const tag = () => String(Math.floor(Math.random() * 1e6));
/** How many months ahead of Riyadh's this one this run's days are. */
const AHEAD = 2 + Math.floor(Math.random() * 6);

/** Day `day` of the month `AHEAD` months after Riyadh's current one, 'YYYY-MM-DD'. */
function dayAhead(day: number): string {
  const now = new Date(Date.now() + 3 * 3_600_000);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + AHEAD, day));
  return month.toISOString().slice(0, 10);
}

/** Riyadh's day `offset` days from today. */
function riyadhDay(offset: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

interface Setup {
  headers: Record<string, string>;
  tag: string;
  type: { _id: string; name: string };
  customer: { _id: string; name: string };
  equipment: { _id: string; name: string; serialNumber: string }[];
  tech: TestUser;
  city: { _id: string; name: string };
}

async function post<T = { _id: string }>(
  request: APIRequestContext,
  headers: object,
  url: string,
  data: object,
) {
  const res = await request.post(url, { headers: headers as Record<string, string>, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/**
 * A contract type of 12 months and 4 visits for 2,400 riyals (billed as its own service), a
 * customer in a city with two pieces of equipment, and a technician: all this test's own.
 */
async function setup(request: APIRequestContext, type = { durationMonths: 12, visits: 4 }): Promise<Setup> {
  const headers = bearer(await adminAuth(request));
  const t = tag();
  const service = await post(request, headers, '/api/service', { name: `صيانة دورية ${t}`, price: '0' });
  const contractType = await post<{ _id: string; name: string }>(request, headers, '/api/contract', {
    name: `صيانة مكيفات ${t}`,
    price: '2400',
    service: service._id,
    ...type,
  });
  const city = (await (await request.get('/api/city?limit=1&sort=name', { headers })).json()).data[0];
  const customer = await post<{ _id: string; name: string }>(request, headers, '/api/customer', {
    name: `مجمع الياسمين ${t}`,
    phoneNumber: randomPhone(),
    city: city._id,
    government: city.government,
  });
  const equipment = [];
  for (const name of ['مكيف سبليت الصالة', 'مكيف شباك المجلس'])
    equipment.push(
      await post<Setup['equipment'][number]>(request, headers, '/api/equipment', {
        name,
        serialNumber: `AC-${t}-${equipment.length}`,
        customer: customer._id,
      }),
    );
  const tech = await createUser(request, { role: 'technician', name: `ماجد الفني ${t}` });
  return { headers, tag: t, type: contractType, customer, equipment, tech, city };
}

/** Opens a select (searched by `typed`) and chooses the option. */
async function choose(page: Page, box: Locator, option: string | RegExp, typed?: string) {
  await box.click();
  if (typed !== undefined) await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** The same in a multiple choice, whose list stays open for more: closed after. */
async function chooseOneMore(page: Page, box: Locator, option: string | RegExp, typed?: string) {
  await choose(page, box, option, typed);
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Opens a picker's calendar on the month `AHEAD` months on and picks `day` of it. */
async function pickDay(picker: Locator, day: number) {
  for (let i = 0; i < AHEAD; i++) await picker.locator('[data-direction="next"]').first().click();
  await picker.locator('table button:not([data-outside])').getByText(String(day), { exact: true }).click();
}

const contractId = (page: Page) => page.url().split('/').pop()!;
/** A record's number as its list row or its link shows it: '#12'. */
const numberIn = (scope: Page | Locator, n: number) => scope.getByText(`#${n}`, { exact: true });

test('the front office sells a contract from the screen, sees its visits, edits, renews and cancels it', async ({
  page,
  request,
  errors,
}) => {
  test.setTimeout(limit(120_000));
  const s = await setup(request);
  await signedInAs(page, request, { role: 'employee', name: `ريم الاستقبال ${s.tag}` });

  await page.goto('/dashboard/customer-contract');
  await page.getByRole('link', { name: 'عقد جديد' }).first().click();
  // The form's first text field takes the focus once the form shows (the pickers before it open lists).
  await expect(page.getByRole('textbox', { name: 'السعر' })).toBeFocused();
  await choose(page, page.getByRole('combobox', { name: 'العميل' }), s.customer.name, s.customer.name);
  // The equipment waits for the customer; the type says what it is and fills the price.
  await choose(page, page.getByRole('combobox', { name: 'نوع العقد' }), s.type.name, s.type.name);
  await expect(page.getByText('12 شهراً · 4 زيارات · 2,400.00 ر.س')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'السعر' })).toHaveValue('2,400.00 ر.س');
  await page.getByRole('button', { name: 'تاريخ البداية' }).click();
  await pickDay(page.getByRole('dialog').last(), 10);
  await chooseOneMore(page, page.getByRole('combobox', { name: 'الفريق' }), s.tech.name, s.tech.name);
  await chooseOneMore(
    page,
    page.getByRole('combobox', { name: 'المعدات' }),
    new RegExp(s.equipment[0].serialNumber),
  );
  // Billing on periods asks for the period; upfront does not.
  await expect(page.getByRole('combobox', { name: 'فترة الفوترة' })).toHaveCount(0);
  await page.getByRole('button', { name: /^حفظ/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/customer-contract\/[0-9a-f-]{36}$/);
  const first = contractId(page);
  const saved = await (await request.get(`/api/customer-contract/${first}`, { headers: s.headers })).json();
  expect(saved).toMatchObject({
    customer: s.customer._id,
    contract: s.type._id,
    startDate: dayAhead(10),
    price: '2400.00',
    billing: 'upfront',
    assignees: [s.tech._id],
    equipment: [s.equipment[0]._id],
    status: 'active',
  });
  await expect(page.getByRole('heading', { name: `العقد رقم ${saved.number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: s.customer.name })).toBeVisible();
  await expect(page.getByText(s.tech.name)).toBeVisible();
  await expect(page.getByText(`مكيف سبليت الصالة — ${s.equipment[0].serialNumber}`)).toBeVisible();
  // Its four planned visits, each opening its page.
  const visits = page.getByTestId('items-visits');
  await expect(visits.getByRole('row')).toHaveCount(5);
  await expect(visits.getByText('مجدولة')).toHaveCount(4);
  await expect(visits.getByRole('link', { name: `#${saved.visits[0].number}` })).toBeVisible();

  // The customer's page lists the contract and its visits in their tabs.
  await page.getByRole('link', { name: s.customer.name }).click();
  await page.getByRole('tab', { name: 'العقود' }).click();
  await expect(page).toHaveURL(/tab=customer-contract/);
  await expect(page.getByRole('link', { name: `#${saved.number}` })).toBeVisible();
  await page.getByRole('tab', { name: 'الزيارات' }).click();
  await expect(page).toHaveURL(/tab=visit/);
  for (const v of saved.visits) await expect(page.getByRole('link', { name: `#${v.number}` })).toBeVisible();

  // An edit: another price and a note.
  await page.goto(`/dashboard/customer-contract/${first}`);
  await page.getByRole('link', { name: 'تعديل' }).click();
  await expect(page.getByRole('textbox', { name: 'السعر' })).toHaveValue('2,400.00 ر.س');
  await page.getByRole('textbox', { name: 'السعر' }).fill('2600');
  await page.getByRole('textbox', { name: 'ملاحظات' }).fill('المفتاح عند حارس المبنى');
  await page.getByRole('button', { name: /^حفظ/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/customer-contract/${first}$`));
  await expect(page.getByText('2,600.00 ر.س')).toBeVisible();
  await expect(page.getByText('المفتاح عند حارس المبنى')).toBeVisible();

  // Renewed: asked first, then the next contract opens, from the day after this one ends.
  await page.getByRole('button', { name: 'تجديد' }).click();
  const question = page.getByRole('dialog', { name: 'تجديد العقد' });
  await expect(question).toContainText('يبدأ في اليوم التالي لنهاية هذا العقد');
  await question.getByRole('button', { name: 'تجديد العقد' }).click();
  await expect(toasts(page).filter({ hasText: 'تم تجديد العقد' })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(first));
  await expect(page).toHaveURL(/\/dashboard\/customer-contract\/[0-9a-f-]{36}$/);
  const renewed = await (
    await request.get(`/api/customer-contract/${contractId(page)}`, { headers: s.headers })
  ).json();
  const after = new Date(`${saved.endDate}T00:00:00Z`);
  after.setUTCDate(after.getUTCDate() + 1);
  expect(renewed).toMatchObject({ startDate: after.toISOString().slice(0, 10), price: '2600.00' });
  await expect(page.getByRole('heading', { name: `العقد رقم ${renewed.number}` })).toBeVisible();

  // Cancelled with a reason: its planned visits are cancelled with it, and nothing more is offered.
  await page.getByRole('button', { name: 'إلغاء العقد' }).click();
  const cancel = page.getByRole('dialog', { name: 'إلغاء العقد' });
  await cancel.getByRole('button', { name: 'إلغاء العقد وزياراته المخططة' }).click();
  await expect(cancel).toContainText('اكتب سبب الإلغاء');
  await cancel.getByRole('textbox', { name: 'سبب الإلغاء' }).fill('انتقل العميل إلى مقر آخر');
  await cancel.getByRole('button', { name: 'إلغاء العقد وزياراته المخططة' }).click();
  await expect(toasts(page).filter({ hasText: 'تم إلغاء العقد وزياراته المخططة' })).toBeVisible();
  await expect(page.locator('[data-status="cancelled"]').first()).toHaveText('ملغى');
  await expect(page.getByTestId('items-visits').getByText('ملغاة')).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'إلغاء العقد' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'تجديد' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'تعديل' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a one-off visit onto a busy technician is said, booked anyway with a reason, then taken through its steps', async ({
  page,
  request,
  errors,
}) => {
  const s = await setup(request);
  const day = dayAhead(20);
  const busy = await post<{ number: number }>(request, s.headers, '/api/visit', {
    customer: s.customer._id,
    scheduledAt: `${day}T10:00:00+03:00`,
    durationMinutes: 60,
    assignees: [s.tech._id],
  });
  const { user } = await signedInAs(page, request, { role: 'employee', name: `سلمى الاستقبال ${s.tag}` });

  await page.goto(`/dashboard/customer/${s.customer._id}?tab=visit`);
  await page.getByRole('link', { name: 'زيارة جديدة' }).click();
  await expect(page.getByRole('textbox', { name: 'المدة بالدقائق' })).toBeFocused();
  // The customer comes from their page.
  await expect(page.getByRole('combobox', { name: 'العميل' })).toHaveValue(s.customer.name);
  await page.getByRole('button', { name: 'موعد الزيارة', exact: true }).click();
  const picker = page.locator('.mantine-DateTimePicker-root').last();
  await pickDay(picker, 20);
  const [hours, minutes] = await picker.getByRole('spinbutton').all();
  await hours.fill('10');
  await minutes.fill('30');
  await picker.locator('select[data-am-pm]').selectOption('ص');
  await picker.locator('.mantine-DateTimePicker-submitButton').click();
  await expect(page.getByRole('button', { name: 'موعد الزيارة', exact: true })).toHaveText(
    `10:30 ص ${day.replaceAll('-', '/')}`,
  );
  await page.getByRole('textbox', { name: 'المدة بالدقائق' }).fill('45');
  await expect(page.getByText('45 دقيقة')).toBeVisible();
  await chooseOneMore(page, page.getByRole('combobox', { name: 'الفريق' }), s.tech.name, s.tech.name);
  await page.getByRole('textbox', { name: 'العنوان' }).fill('حي الياسمين، شارع الأمير سلطان');
  await page.getByRole('button', { name: /^حفظ/ }).click();

  // The server's clash, said in Arabic; a reason books it anyway.
  const clash = page.getByRole('dialog', { name: 'تعارض في مواعيد الفني' });
  await expect(clash.getByTestId('visit-clash')).toContainText(`في الزيارة رقم ${busy.number}`);
  await expect(clash.getByTestId('visit-clash')).toContainText(s.tech.name);
  await clash.getByRole('textbox', { name: 'سبب تجاوز التعارض' }).fill('طلب العميل الموعد نفسه لعطل عاجل');
  await clash.getByRole('button', { name: 'تجاوز التعارض' }).click();
  await expect(page).toHaveURL(/\/dashboard\/visit\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByText('طلب العميل الموعد نفسه لعطل عاجل')).toBeVisible();
  const booked = await (await request.get(`/api/visit/${id}`, { headers: s.headers })).json();
  expect(booked).toMatchObject({
    scheduledAt: new Date(`${day}T10:30:00+03:00`).toISOString(),
    durationMinutes: 45,
    assignees: [s.tech._id],
    overrideReason: 'طلب العميل الموعد نفسه لعطل عاجل',
    customerContract: null,
  });
  await expect(page.getByRole('heading', { name: `الزيارة رقم ${booked.number}` })).toBeVisible();

  // Only the steps that may follow are offered.
  const step = (name: string) => page.getByRole('button', { name, exact: true });
  const status = page.locator('[data-status]').first();
  await expect(status).toHaveText('مجدولة');
  await expect(step('إعادتها إلى المجدولة')).toHaveCount(0);
  await step('في الطريق').click();
  await expect(status).toHaveText('في الطريق');
  await expect(step('في الطريق')).toHaveCount(0);
  await step('وصل الفني').click();
  await expect(status).toHaveText('وصل الفني');
  await step('بدء العمل').click();
  await expect(status).toHaveText('بدأ العمل');
  // Started: done or cancelled only.
  await expect(step('فائتة')).toHaveCount(0);
  await expect(step('إلغاء الزيارة')).toBeVisible();
  await step('إنجاز الزيارة').click();
  await page
    .getByRole('dialog', { name: 'إنجاز الزيارة' })
    .getByRole('button', { name: 'إنجاز الزيارة' })
    .click();
  await expect(status).toHaveText('منجزة');
  // Who finished it and when; a done visit is neither stepped nor edited.
  await expect(page.getByText('أنجزها')).toBeVisible();
  await expect(page.locator('#main-content').getByText(user.name)).toBeVisible();
  await expect(page.getByText('وقت الإنجاز')).toBeVisible();
  await expect(step('إلغاء الزيارة')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'تعديل' })).toHaveCount(0);
  const done = await (await request.get(`/api/visit/${id}`, { headers: s.headers })).json();
  expect([done.status, done.doneBy]).toEqual(['done', user._id]);
  // The list offers to edit the planned visit, not the done one.
  await page.goto(`/dashboard/visit?customer=${s.customer._id}`);
  const row = (n: number) => page.locator('tbody tr').filter({ has: numberIn(page, n) });
  await expect(row(busy.number).getByRole('button', { name: 'تعديل' })).toBeVisible();
  await expect(row(booked.number)).toContainText('منجزة');
  await expect(row(booked.number).getByRole('button', { name: 'تعديل' })).toHaveCount(0);
  // The browser logs the clash's 409 itself; nothing else went wrong.
  expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
});

test('the lists filter: overdue and unassigned visits, contracts ending within 30 days', async ({
  page,
  request,
  errors,
}) => {
  // A one-month type with one visit: a contract started 20 days ago ends within 30 days.
  const s = await setup(request, { durationMonths: 1, visits: 1 });
  const soon = await post<{ number: number }>(request, s.headers, '/api/customer-contract', {
    customer: s.customer._id,
    contract: s.type._id,
    startDate: riyadhDay(-20),
    billing: 'per_visit',
    assignees: [s.tech._id],
  });
  const later = await post<{ number: number }>(request, s.headers, '/api/customer-contract', {
    customer: s.customer._id,
    contract: s.type._id,
    startDate: dayAhead(3),
    billing: 'per_visit',
  });
  const unassigned = await post<{ number: number }>(request, s.headers, '/api/visit', {
    customer: s.customer._id,
    scheduledAt: `${dayAhead(12)}T09:00:00+03:00`,
  });
  await signedInAs(page, request, { role: 'employee' });

  await page.goto(`/dashboard/customer-contract?customer=${s.customer._id}`);
  const contractRows = page.locator('tbody tr');
  await expect(contractRows).toHaveCount(2);
  await page.getByRole('combobox', { name: 'قرب الانتهاء' }).selectOption('تنتهي خلال 30 يوماً');
  await expect(page).toHaveURL(/endingWithin=30/);
  await expect(contractRows).toHaveCount(1);
  await expect(numberIn(contractRows.first(), soon.number)).toBeVisible();
  await expect(numberIn(contractRows, later.number)).toHaveCount(0);

  // The customer's visits: the planned one of the first contract (past, so overdue), the second's, the one-off.
  await page.goto(`/dashboard/visit?customer=${s.customer._id}`);
  const visitRows = page.locator('tbody tr');
  await expect(visitRows).toHaveCount(3);
  await expect(page.getByTestId('overdue')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'التأخير' }).selectOption('المتأخرة فقط');
  await expect(visitRows).toHaveCount(1);
  // Its contract's number links to the contract.
  await expect(visitRows.first().getByRole('link', { name: `#${soon.number}`, exact: true })).toBeVisible();
  await expect(visitRows.first().getByTestId('overdue')).toHaveText('متأخرة');
  await page.getByRole('combobox', { name: 'التأخير' }).selectOption('كل المواعيد');
  await page.getByRole('combobox', { name: 'الفريق' }).selectOption('بلا فريق فقط');
  await expect(visitRows).toHaveCount(2);
  await expect(numberIn(visitRows, unassigned.number)).toBeVisible();
  await page.getByRole('combobox', { name: 'الفريق' }).selectOption('بفريق أو بدونه');
  await choose(page, page.getByRole('combobox', { name: 'الفني' }), s.tech.name, s.tech.name);
  await expect(page).toHaveURL(new RegExp(`assignee=${s.tech._id}`));
  await expect(visitRows).toHaveCount(1);
  expect(errors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`contract and visit screens, ${scheme} mode`, () => {
    failOnPageErrors();
    test.use({ colorScheme: scheme });
    test(`${scheme}: lists, forms, details and the customer's tabs at ${WIDTHS.join(', ')} px, no overflow`, async ({
      page,
      request,
    }) => {
      // Eight screens at three widths, then axe on each: a minute of work on a quiet machine.
      test.setTimeout(limit(180_000));
      const s = await setup(request);
      const contract = await post<{ _id: string; number: number; visits: { _id: string }[] }>(
        request,
        s.headers,
        '/api/customer-contract',
        {
          customer: s.customer._id,
          contract: s.type._id,
          startDate: dayAhead(5),
          assignees: [s.tech._id],
          equipment: s.equipment.map((e) => e._id),
          city: s.city._id,
          address: 'حي الملقا، شارع أنس بن مالك، مبنى 4120',
          billing: 'per_period',
          billingPeriod: 'quarter',
          notes: 'الدخول من البوابة الشرقية، التنسيق مع مدير المرافق قبل الزيارة بيوم',
        },
      );
      // A manager: the pages as the front office has them, and their activity log too.
      await signedInAs(page, request, { role: 'manager' });
      const screens: Screen[] = [
        [
          'contracts',
          `/dashboard/customer-contract?customer=${s.customer._id}`,
          () => expect(page.getByRole('row', { name: `العقد رقم ${contract.number}` })).toBeVisible(),
        ],
        [
          'contract-form',
          `/dashboard/customer-contract/edit/${contract._id}`,
          () => expect(page.getByRole('combobox', { name: 'فترة الفوترة' })).toBeVisible(),
        ],
        [
          'contract',
          `/dashboard/customer-contract/${contract._id}`,
          async () => {
            await expect(page.getByTestId('items-visits').getByRole('row')).toHaveCount(5);
            // Its log says what was sold, in Arabic.
            const log = page.getByTestId('activity-timeline');
            await expect(log).toContainText('الفوترة:');
            await expect(log).toContainText('على فترات');
            await expect(log).toContainText('كل ثلاثة أشهر');
            await expect(log).not.toContainText('حقل آخر');
          },
        ],
        [
          'visits',
          `/dashboard/visit?customer=${s.customer._id}`,
          () => expect(page.locator('tbody tr')).toHaveCount(4),
        ],
        [
          'visit-form',
          '/dashboard/visit/new',
          () => expect(page.getByRole('button', { name: 'موعد الزيارة', exact: true })).toBeVisible(),
        ],
        [
          'visit',
          `/dashboard/visit/${contract.visits[0]._id}`,
          () => expect(page.getByRole('button', { name: 'في الطريق' })).toBeVisible(),
        ],
        [
          'customer-contracts',
          `/dashboard/customer/${s.customer._id}?tab=customer-contract`,
          () => expect(page.getByRole('link', { name: `#${contract.number}` })).toBeVisible(),
        ],
        [
          'customer-visits',
          `/dashboard/customer/${s.customer._id}?tab=visit`,
          () => expect(page.locator('tbody tr')).toHaveCount(4),
        ],
      ];
      await shootScreens(page, OUT_DIR, 'contracts', scheme, screens);
      // Contrast and labels (axe, WCAG 2.1 A and AA) on each, as it rests at the widest.
      for (const [name, url, ready] of screens) {
        await page.goto(url);
        await ready();
        expect(await axeViolations(page, { exclude: '[data-sonner-toaster]' }), name).toEqual([]);
      }
    });
  });
}
