import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { testSeller } from '../apps/api/src/test/test-seller';
import { adminAuth, bearer, postAs, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { collectErrors } from './support/console';
import { expect, test } from './support/fixtures';
import { expectNoOverflow, settleLayout } from './support/layout';
import { limit } from './support/slowdown';

/**
 * Issue 41, item 4: every list shows what matters at every width. For each list, one record made
 * through the API; at 1280, 768 and 375 px (and back at 1280) the page does not scroll sideways,
 * nor does the table in it, and the record's essential fields and its actions lie inside the window.
 */
const WIDTHS = [1280, 768, 375, 1280] as const;
/** Screenshots of a few lists, light and dark, when set (`LISTS_FIT_SHOTS=/tmp/lists-shots`). */
const SHOTS = process.env.LISTS_FIT_SHOTS;
const SHOT_LISTS = new Set(['payments', 'orders', 'customers']);
const tag = () => String(Math.floor(Math.random() * 1e6));

/** An essential field: its value's text, or its name (a table's column header, a card's label). */
type Field = { text: string } | { label: string; card?: string };

interface ListCase {
  path: string;
  row: (page: Page) => Locator;
  fields: Field[];
  /** The row's action (a button or link by name); without one the row itself opens the record. */
  action?: RegExp | string;
  /** A value the narrow layouts do not draw, one toggle away in the row. */
  more?: string;
}

type Api = <T = { _id: string }>(url: string, data: unknown) => Promise<T>;

/** A record list searched for the record named `name`: the row of that name, opened by «تعديل». */
const editableRecord = (resource: string, name: string, fields: Field[]): ListCase => ({
  path: `/dashboard/${resource}?search=${encodeURIComponent(name)}`,
  row: (page) => page.getByRole('row', { name, exact: true }),
  fields,
  action: 'تعديل',
});

/** Records made as the seeded admin (so the signed-in admin is told of them, as of anyone's). */
async function adminApi(request: APIRequestContext) {
  const token = await adminAuth(request);
  const post: Api = (url, data) => postAs(request, token, url, data);
  return { headers: bearer(token), post };
}

/** A customer with an order of 2 × 500.00 (1,150.00 with VAT). */
async function customerWithOrder(request: APIRequestContext, post: Api, headers: Record<string, string>) {
  const service = await post('/api/service', { name: `صيانة مكيفات ${tag()}`, price: '500.00' });
  const [city] = (await (await request.get('/api/city?limit=1', { headers })).json()).data;
  const customer = await post<{ _id: string; name: string }>('/api/customer', {
    name: `مؤسسة النخيل للمقاولات والصيانة العامة ${tag()}`,
    type: 'company',
    phoneNumber: randomPhone(),
    city: city._id,
  });
  const order = await post<{ _id: string; number: number }>('/api/order', {
    customer: customer._id,
    items: [{ service: service._id, quantity: 2, unitPrice: '500.00' }],
  });
  return { service, customer, order, cityName: city.name as string };
}

/**
 * Documents need the office's seller data: the `seller` project fills it in before the specs;
 * run on its own (`--no-deps`) this spec fills in the same.
 */
async function sellerReady(request: APIRequestContext, headers: Record<string, string>) {
  const state = await (await request.get('/api/einvoicing', { headers })).json();
  if (state.seller.ready) return;
  const res = await request.put('/api/settings', { headers, data: testSeller });
  expect(res.status(), await res.text()).toBe(200);
}

const LISTS: Record<string, (request: APIRequestContext) => Promise<ListCase>> = {
  payments: async (request) => {
    const { headers, post } = await adminApi(request);
    const { customer, order } = await customerWithOrder(request, post, headers);
    const methods = (await (await request.get('/api/paymentMethod?active=true', { headers })).json()).data;
    const payment = await post<{ number: number }>('/api/payment', {
      order: order._id,
      amount: '575.00',
      paymentMethod: methods[0]._id,
    });
    return {
      path: `/dashboard/payment?search=${encodeURIComponent(customer.name)}`,
      row: (page) => page.getByRole('row', { name: `السند رقم ${payment.number}`, exact: true }),
      fields: [
        { label: 'رقم السند' },
        { text: '575.00 ر.س' },
        { label: 'المبلغ' },
        { text: 'بانتظار الموافقة' },
        { label: 'الحالة' },
        { label: 'تاريخ الإنشاء' },
      ],
      action: `عرض السند رقم ${payment.number}`,
      // The VAT of 575.00 with VAT at 15%.
      more: '75.00 ر.س',
    };
  },

  orders: async (request) => {
    const { headers, post } = await adminApi(request);
    const { customer, order } = await customerWithOrder(request, post, headers);
    return {
      path: `/dashboard/order?search=${encodeURIComponent(customer.name)}`,
      row: (page) => page.getByRole('row', { name: `الطلب رقم ${order.number} — ${customer.name}` }),
      fields: [
        { label: '#', card: 'رقم الطلب' },
        { text: customer.name },
        { label: 'الحالة' },
        { text: '1,150.00 ر.س' },
        { label: 'الإجمالي' },
      ],
      action: `إجراءات الطلب رقم ${order.number}`,
    };
  },

  customers: async (request) => {
    const { headers, post } = await adminApi(request);
    const { customer, cityName } = await customerWithOrder(request, post, headers);
    return {
      path: `/dashboard/customer?search=${encodeURIComponent(customer.name)}`,
      row: (page) => page.getByRole('row', { name: customer.name, exact: true }),
      fields: [{ text: customer.name }, { label: 'رقم الجوال' }],
      action: 'تعديل',
      more: cityName,
    };
  },

  'e-invoices': async (request) => {
    const { headers, post } = await adminApi(request);
    await sellerReady(request, headers);
    const { customer, order } = await customerWithOrder(request, post, headers);
    const invoice = await post<{ number: string }>(`/api/order/${order._id}/invoice`, {});
    return {
      path: `/dashboard/invoice?search=${encodeURIComponent(customer.name)}`,
      row: (page) => page.getByRole('row', { name: `فاتورة رقم ${invoice.number}` }),
      fields: [
        { text: invoice.number },
        { label: 'الإجمالي' },
        { text: '1,150.00 ر.س' },
        { label: 'الحالة' },
      ],
    };
  },

  aging: async (request) => {
    const { headers, post } = await adminApi(request);
    await sellerReady(request, headers);
    const { customer, order } = await customerWithOrder(request, post, headers);
    await post(`/api/order/${order._id}/invoice`, {});
    return {
      path: `/dashboard/report/aging?search=${encodeURIComponent(customer.name)}`,
      row: (page) => page.getByRole('row', { name: customer.name }),
      fields: [{ text: customer.name }, { label: 'الرصيد المفتوح' }, { text: '1,150.00 ر.س' }],
    };
  },

  services: async (request) => {
    const { post } = await adminApi(request);
    const name = `تنظيف خزانات المياه وتعقيمها ${tag()}`;
    await post('/api/service', { name, price: '350.00' });
    return editableRecord('service', name, [{ text: name }, { label: 'السعر' }, { text: '350.00 ر.س' }]);
  },

  'contract types': async (request) => {
    const { post } = await adminApi(request);
    const name = `عقد صيانة سنوي شامل ${tag()}`;
    await post('/api/contract', { name, durationMonths: 12, visits: 4, price: '1200' });
    return editableRecord('contract', name, [{ text: name }, { label: 'السعر' }, { text: '1,200.00 ر.س' }]);
  },

  regions: async (request) => {
    const { post } = await adminApi(request);
    const name = `منطقة اختبار العرض ${tag()}`;
    await post('/api/government', { name });
    return editableRecord('government', name, [{ text: name }]);
  },

  cities: async (request) => {
    const { post } = await adminApi(request);
    const region = await post('/api/government', { name: `منطقة المدن ${tag()}` });
    const name = `مدينة اختبار العرض ${tag()}`;
    await post('/api/city', { name, government: region._id });
    return editableRecord('city', name, [{ text: name }, { label: 'المنطقة' }]);
  },

  'payment methods': async (request) => {
    const { post } = await adminApi(request);
    const name = `محفظة إلكترونية ${tag()}`;
    await post('/api/paymentMethod', { name, kind: 'cash', active: true });
    return editableRecord('paymentMethod', name, [{ text: name }, { label: 'النوع' }, { label: 'الحالة' }]);
  },

  users: async (request) => {
    const { post } = await adminApi(request);
    const name = `عبدالرحمن بن سعيد القحطاني ${tag()}`;
    await post('/api/user', { name, phoneNumber: randomPhone(), role: 'employee', password: 'Test@12345' });
    return editableRecord('user', name, [{ text: name }, { label: 'الحالة' }, { text: 'فعّال' }]);
  },

  forms: async (request) => {
    const { post } = await adminApi(request);
    const title = `نموذج فحص وحدة التكييف ${tag()}`;
    await post('/api/form', { title, fields: [{ key: 'reading', type: 'number', label: 'القراءة' }] });
    return {
      path: `/dashboard/formBuilder?search=${encodeURIComponent(title)}`,
      row: (page) => page.getByRole('row', { name: title, exact: true }),
      fields: [{ text: title }, { label: 'الحالة' }],
      action: `إجراءات النموذج «${title}»`,
    };
  },

  tasks: async (request) => {
    const { headers, post } = await adminApi(request);
    const me = await (await request.get('/api/auth/me', { headers })).json();
    const title = `زيارة صيانة دورية للموقع ${tag()}`;
    const task = await post<{ number: number }>('/api/task', { title, assignee: me._id });
    return {
      path: `/dashboard/task?search=${encodeURIComponent(title)}`,
      row: (page) => page.getByRole('row', { name: `المهمة رقم ${task.number} — ${title}` }),
      fields: [{ label: '#', card: 'رقم المهمة' }, { text: title }, { label: 'الحالة' }],
      action: `إجراءات المهمة رقم ${task.number}`,
    };
  },

  activity: async (request) => {
    const { post } = await adminApi(request);
    await post('/api/government', { name: `منطقة السجل ${tag()}` });
    return {
      path: '/dashboard/activity?entity=government&action=create',
      row: (page) => page.locator('tbody tr').first(),
      fields: [{ label: 'التاريخ' }, { label: 'الإجراء' }, { label: 'الوصف' }],
    };
  },
};

/** Whether the element lies across the window's width, all of it. */
async function insideWidth(target: Locator, width: number): Promise<string> {
  const box = await target.boundingBox();
  if (!box) return 'not drawn';
  if (box.x < -0.5 || box.x + box.width > width + 0.5)
    return `drawn at ${Math.round(box.x)}–${Math.round(box.x + box.width)}`;
  return 'inside';
}

/** '' when the list's table fits its box; else the box's excess and what sticks out of it. */
function sidewaysOf(page: Page): Promise<string> {
  return page
    .locator('table')
    .first()
    .evaluate((table) => {
      const box = table.parentElement;
      if (!box || box.scrollWidth <= box.clientWidth) return '';
      const edge = box.getBoundingClientRect();
      const out = [...table.querySelectorAll('th, td, td > *')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.left < edge.left - 0.5 || r.right > edge.right + 0.5;
        })
        .map((el) => `${el.tagName} «${(el.textContent ?? '').trim().slice(0, 30)}»`);
      return `${box.scrollWidth - box.clientWidth}px too wide: ${out.slice(0, 5).join(', ')}`;
    });
}

/** The row's cell of a field named `label`: under its column header in a table, labelled in a card. */
async function cellOf(page: Page, row: Locator, field: { label: string; card?: string }): Promise<Locator> {
  if ((await page.locator('table[data-cards]').count()) > 0)
    return row.locator(`:scope > td[data-label="${field.card ?? field.label}"]`);
  const headers = await page.locator('thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === field.label);
  expect(index, `column «${field.label}» among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return row.locator(':scope > td').nth(index);
}

async function expectFits(page: Page, list: ListCase, width: number, name: string) {
  const row = list.row(page);
  await expect(row).toBeVisible();
  await expectNoOverflow(page, `${name} list`);
  // Nor does the table scroll sideways inside its box (once it has fitted itself to the new width).
  await expect
    .poll(() => sidewaysOf(page), { message: `${name}: the table scrolls sideways at ${width}px` })
    .toBe('');

  for (const field of list.fields) {
    const what = 'text' in field ? `«${field.text}»` : `the «${field.label}» field`;
    await expect
      .poll(
        async () => {
          const target =
            'text' in field
              ? row.getByText(field.text, { exact: true }).first()
              : await cellOf(page, row, field);
          if (!(await target.isVisible())) return 'hidden';
          return insideWidth(target, width);
        },
        { message: `${name} at ${width}px: ${what}` },
      )
      .toBe('inside');
  }

  if (list.action) {
    const action = row
      .getByRole('button', { name: list.action, exact: true })
      .or(row.getByRole('link', { name: list.action, exact: true }));
    await expect(action.first(), `${name} at ${width}px: the action`).toBeEnabled();
    await expect
      .poll(() => insideWidth(action.first(), width), { message: `${name}: the action` })
      .toBe('inside');
  } else {
    // The row itself opens the record: it takes the focus.
    await expect(row).toHaveAttribute('tabindex', '0');
    await expect.poll(() => insideWidth(row, width)).toBe('inside');
  }
}

test.describe('lists fit every width', () => {
  for (const [name, make] of Object.entries(LISTS)) {
    test(`${name}: essential fields and actions at ${[...new Set(WIDTHS)].join(', ')} px`, async ({
      page,
      request,
    }) => {
      test.setTimeout(limit(90_000));
      const errors = collectErrors(page);
      await signedInAs(page, request, { role: 'admin' });
      const list = await make(request);
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(list.path);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await expectFits(page, list, width, name);
      }
      if (list.more) await expectOneToggleAway(page, list, list.more);
      if (SHOTS && SHOT_LISTS.has(name)) await shoot(page, list, name);
      expect(errors).toEqual([]);
    });
  }

  for (const scheme of ['light', 'dark'] as const)
    test(`${scheme}: cards and a table row's details pass axe (contrast, names, roles)`, async ({
      page,
      request,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await signedInAs(page, request, { role: 'admin' });
      const list = await LISTS.payments(request);
      const violations = () => axeViolations(page, { include: 'main', exclude: '[data-sonner-toaster]' });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(list.path);
      const row = list.row(page);
      await row.getByRole('button', { name: 'عرض كل البيانات' }).click();
      await expect(row.getByText(list.more ?? '', { exact: true })).toBeVisible();
      expect(await violations(), 'cards at 375 px').toEqual([]);
      // The row stays open in the table: its given-up columns under it.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(row.getByRole('button', { name: 'إخفاء البيانات الإضافية' })).toBeVisible();
      await expect(page.getByRole('cell', { name: /الضريبة/ })).toBeVisible();
      expect(await violations(), 'a row and its details at 1280 px').toEqual([]);
    });

  test('my tasks and notifications: cards inside the window at every width', async ({
    admin: { page, user },
    errors,
    request,
  }) => {
    const { post } = await adminApi(request);
    const title = `فحص عداد المياه في الموقع ${tag()}`;
    await post('/api/task', { title, assignee: user._id });
    // Someone else adds a customer: a notification for this admin.
    await post('/api/customer', {
      name: `عميل الإشعار ${tag()}`,
      type: 'individual',
      phoneNumber: randomPhone(),
    });
    for (const [where, item] of [
      ['/tasks', (p: Page) => p.getByTestId('task-card').filter({ hasText: title })],
      ['/notification', (p: Page) => p.getByTestId('notification-row').first()],
    ] as const) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(where);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await expect(item(page)).toBeVisible();
        await expectNoOverflow(page, where);
        await expect
          .poll(() => insideWidth(item(page), width), { message: `${where} at ${width}px` })
          .toBe('inside');
      }
    }
    expect(errors).toEqual([]);
  });
});

/** What a phone's card does not show comes with «عرض كل البيانات», and goes again. */
async function expectOneToggleAway(page: Page, list: ListCase, value: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  const row = list.row(page);
  await expect(row.getByText(value, { exact: true })).toHaveCount(0);
  const more = row.getByRole('button', { name: 'عرض كل البيانات' });
  await more.click();
  await expect(row.getByText(value, { exact: true })).toBeVisible();
  await expect.poll(() => insideWidth(row.getByText(value, { exact: true }), 375)).toBe('inside');
  await expect(row.getByRole('button', { name: 'عرض بيانات أقل' })).toHaveAttribute('aria-expanded', 'true');
  await row.getByRole('button', { name: 'عرض بيانات أقل' }).click();
  await expect(row.getByText(value, { exact: true })).toHaveCount(0);
}

/** Screenshots at each width, light and dark, into `SHOTS`. */
async function shoot(page: Page, list: ListCase, name: string) {
  fs.mkdirSync(SHOTS ?? '', { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const row = list.row(page);
      await expect(row).toBeVisible();
      await settleLayout(page);
      await page.screenshot({
        path: path.join(SHOTS ?? '', `${name}-${width}-${scheme}.png`),
        fullPage: true,
      });
      // And with the row's toggle open.
      const more = row.getByRole('button', { name: 'عرض كل البيانات' });
      if ((await more.count()) === 0) continue;
      await more.click();
      await settleLayout(page);
      await page.screenshot({
        path: path.join(SHOTS ?? '', `${name}-${width}-${scheme}-more.png`),
        fullPage: true,
      });
      await row.getByRole('button', { name: /عرض بيانات أقل|إخفاء البيانات الإضافية/ }).click();
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
