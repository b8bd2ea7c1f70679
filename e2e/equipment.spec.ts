import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminAuth, bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { type Screen, shootScreens } from './support/screenshots';
import { toasts } from './support/toasts';

/**
 * The equipment register (معدات العملاء), built on the typed resource kinds: a customer picked by
 * searching the server, calendar days with their Hijri dates, a day-range and a customer filter, and
 * the customer's page listing their equipment.
 */

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const suffix = () => String(Math.floor(Math.random() * 1e6));

async function newCustomer(page: Page, name: string) {
  const headers = bearer(await adminAuth(page.request));
  const res = await page.request.post('/api/customer', {
    headers,
    data: { name, phoneNumber: randomPhone() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; name: string };
}

async function newEquipment(page: Page, data: Record<string, unknown>) {
  const headers = bearer(await adminAuth(page.request));
  const res = await page.request.post('/api/equipment', { headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; name: string; serialNumber: string };
}

test('the front office registers a customer’s air conditioner: customer searched, day with its Hijri date, then on the customer’s page', async ({
  page,
  errors,
  request,
}) => {
  const customer = await newCustomer(page, `هيفاء الدوسري ${suffix()}`);
  const serial = `CR-${suffix()}`;
  await signedInAs(page, request, { role: 'employee' });

  await page.goto('/dashboard/equipment');
  await page.getByRole('link', { name: 'إضافة معدّة' }).first().click();
  await page.getByLabel('اسم المعدّة').fill('مكيف سبليت كارير');
  await page.getByLabel('الرقم التسلسلي').fill(serial);
  await page.getByRole('combobox', { name: 'العميل' }).fill(customer.name.split(' ').slice(0, 2).join(' '));
  await page.getByRole('option', { name: customer.name }).click();
  await page.getByRole('button', { name: 'تاريخ التركيب' }).click();
  const month = page.locator('table[class*="month"]').first();
  await month.locator('tbody button:not([data-outside])').nth(14).click();
  // The picked day's Umm al-Qura date shows under the picker.
  await expect(page.getByText(/^\d{1,2} \D+ 14\d\d هـ$/).first()).toBeVisible();
  await page.getByRole('button', { name: /^حفظ/ }).click();

  await expect(page).toHaveURL(/\/dashboard\/equipment\/[0-9a-f-]{36}$/);
  await expect(page.getByText(serial, { exact: true })).toBeVisible();
  const link = page.getByRole('link', { name: customer.name });
  await expect(link).toBeVisible();
  await expect(page.getByText(/ هـ$/).first()).toBeVisible();
  const id = page.url().split('/').pop()!;
  const saved = await (
    await page.request.get(`/api/equipment/${id}`, { headers: bearer(await adminAuth(page.request)) })
  ).json();
  expect(saved.installedAt).toMatch(/^\d{4}-\d{2}-15$/);
  expect(saved.customerName).toBe(customer.name);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/customer/${customer._id}`));
  await page.getByRole('tab', { name: 'المعدات' }).click();
  await expect(page).toHaveURL(/tab=equipment/);
  await expect(page.getByRole('link', { name: 'مكيف سبليت كارير' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the list filters by customer and by installation days; a day-range link shows only those days', async ({
  page,
  errors,
  request,
}) => {
  const customer = await newCustomer(page, `مستوصف الشفاء ${suffix()}`);
  for (const [name, day] of [
    ['ثلاجة أدوية', '2026-05-10'],
    ['مكيف مركزي', '2026-05-20'],
    ['مولد احتياطي', '2026-06-02'],
  ])
    await newEquipment(page, {
      name,
      serialNumber: `EQ-${suffix()}`,
      customer: customer._id,
      installedAt: day,
    });
  await signedInAs(page, request, { role: 'admin' });

  await page.goto(
    `/dashboard/equipment?customer=${customer._id}&installedAtFrom=2026-05-01&installedAtTo=2026-05-31`,
  );
  await expect(page.getByRole('row', { name: /ثلاجة أدوية/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /مكيف مركزي/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /مولد احتياطي/ })).toHaveCount(0);
  // The customer filter names the customer (from the rows, without asking the server again).
  await expect(page.getByRole('combobox', { name: 'العميل' })).toHaveValue(customer.name);
  // The day range reads back as the days chosen.
  await expect(page.getByRole('button', { name: 'فترة التركيب', exact: true })).toHaveText(
    '2026/05/01 – 2026/05/31',
  );
  expect(errors).toEqual([]);
});

test('a customer who has equipment is not deleted: the office is told why, and the customer stays', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(page, `فهد الشمري ${suffix()}`);
  await newEquipment(page, { name: 'سخان مركزي', serialNumber: `WH-${suffix()}`, customer: customer._id });
  await signedInAs(page, request, { role: 'admin' });
  await page.goto(`/dashboard/customer/${customer._id}`);
  await page.getByRole('button', { name: 'حذف' }).first().click();
  await page.getByRole('dialog', { name: 'تأكيد الحذف' }).getByRole('button', { name: 'حذف' }).click();
  await expect(
    toasts(page).filter({ hasText: `لا يمكن حذف العميل «${customer.name}» لارتباطه بـ 1 من المعدات` }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: customer.name })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`equipment screens, ${scheme} mode`, () => {
    failOnPageErrors();
    test.use({ colorScheme: scheme });
    test(`${scheme}: list, form, details and the customer's tab at ${WIDTHS.join(', ')} px, no overflow`, async ({
      page,
      request,
    }) => {
      const customer = await newCustomer(page, `شركة الواحة للمقاولات ${suffix()}`);
      const piece = await newEquipment(page, {
        name: 'مضخة مياه جراندفوس',
        serialNumber: `GF-${suffix()}`,
        customer: customer._id,
        model: 'CM5-4',
        installedAt: '2026-03-15',
        warrantyUntil: '2028-03-14',
        notes: 'في غرفة المضخات بالقبو، المفتاح مع الحارس',
      });
      await signedInAs(page, request, { role: 'admin' });
      const screens: Screen[] = [
        [
          'list',
          `/dashboard/equipment?customer=${customer._id}`,
          () => expect(page.getByRole('row', { name: /مضخة مياه/ })).toBeVisible(),
        ],
        ['form', '/dashboard/equipment/new', () => expect(page.getByLabel('اسم المعدّة')).toBeVisible()],
        [
          'details',
          `/dashboard/equipment/${piece._id}`,
          () => expect(page.getByText(piece.serialNumber, { exact: true })).toBeVisible(),
        ],
        [
          'customer-tab',
          `/dashboard/customer/${customer._id}?tab=equipment`,
          () => expect(page.getByRole('link', { name: 'مضخة مياه جراندفوس' })).toBeVisible(),
        ],
      ];
      await shootScreens(page, OUT_DIR, 'equipment', scheme, screens);
    });
  });
}
