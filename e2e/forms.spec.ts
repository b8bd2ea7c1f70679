import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer } from './support/api';
import { signedInAs } from './support/auth';
import { exportFile } from './support/downloads';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { pickUp } from './support/keyboard-drag';
import { expectNoOverflow, settleLayout } from './support/layout';
import { toasts } from './support/toasts';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WIDTHS = [375, 768, 1280] as const;
const tag = () => String(Math.floor(Math.random() * 1e6));

const canvas = (page: Page) => page.getByTestId('builder-canvas');
const cards = (page: Page) => page.getByTestId('builder-field');
const card = (page: Page, n: number) => cards(page).nth(n);
const props = (page: Page) => page.getByTestId('field-properties');

interface ApiField {
  key: string;
  type: string;
  label: string;
  required: boolean;
  options: string[];
  min: number | null;
  max: number | null;
}
interface ApiForm {
  _id: string;
  title: string;
  version: number;
  active: boolean;
  fields: ApiField[];
  submissionCount: number;
}

async function getForm(request: APIRequestContext, token: string, id: string): Promise<ApiForm> {
  const res = await request.get(`/api/form/${id}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ApiForm;
}

async function center(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

/**
 * Drags with real pointer movement: press, move past dnd-kit's activation distance, travel in steps
 * to the target point, and release once the builder shows where the drop lands (`landing`): dnd-kit
 * works out what is under the pointer on its next render, so releasing before that drops on
 * whatever the pointer passed over last.
 */
async function dragTo(
  page: Page,
  source: Locator,
  to: { x: number; y: number },
  landing: () => Promise<void>,
) {
  const from = await center(source);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + 12, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.move(to.x, to.y + 1, { steps: 2 });
  await landing();
  await page.mouse.up();
  // The cards finish their layout animation before anything measures them again.
  await settleLayout(page);
}

/**
 * Drags `source` upward a few pixels at a time (at most `upTo`) until dnd-kit's live region
 * announces `over`, then releases there. On a loaded machine the first sweep can pass unseen (the
 * announcement still over the card itself); like a person, it goes back and sweeps once more.
 */
async function dragUntil(page: Page, source: Locator, upTo: number, over: RegExp) {
  const from = await center(source);
  const status = page.getByRole('status').filter({ hasText: over });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y - 12, { steps: 4 });
  for (let sweep = 0; sweep < 2 && (await status.count()) === 0; sweep++) {
    if (sweep > 0) await page.mouse.move(from.x, from.y - 12, { steps: 4 });
    for (let dy = 12; dy <= upTo && (await status.count()) === 0; dy += 6) {
      await page.mouse.move(from.x, from.y - dy);
      // dnd-kit measures on its next render; let it paint before reading the announcement.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
  }
  await expect(status).toHaveCount(1);
  await page.mouse.up();
  await settleLayout(page);
}

/** A palette item dragged over a card shows on which side of it the new field will go. */
const dropMark = (page: Page, n: number, side: 'before' | 'after') => () =>
  expect(card(page, n)).toHaveAttribute('data-drop', side);

/** dnd-kit's live region announces what a dragged field is over (the page's `announcements`). */
const announced = (page: Page, text: RegExp) => () =>
  expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);

/** Drags a palette item to just below the last card (or into the empty canvas). */
async function dragToEnd(page: Page, type: string) {
  const count = await cards(page).count();
  if (count === 0) {
    const to = await center(canvas(page));
    await dragTo(page, page.getByTestId(`palette-${type}`), to, () =>
      expect(canvas(page)).toHaveAttribute('data-over', 'true'),
    );
  } else {
    const last = await center(card(page, count - 1));
    const to = { x: last.x, y: last.box.y + last.box.height * 0.8 };
    await dragTo(page, page.getByTestId(`palette-${type}`), to, dropMark(page, count - 1, 'after'));
  }
  await expect(cards(page)).toHaveCount(count + 1);
}

async function types(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-type') ?? ''));
}

async function labels(page: Page): Promise<string[]> {
  return page
    .getByTestId('field-label')
    .evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\*$/, '').trim()));
}

async function selectCard(page: Page, n: number) {
  await card(page, n).getByTestId('field-select').click();
  await expect(props(page)).toBeVisible();
}

/** The side panel's «معاينة» segment (desktop). */
async function showPreview(page: Page) {
  await page.locator('aside label').filter({ hasText: 'معاينة' }).click();
}

/** Opens a row's actions menu, picks an item, and waits for the menu to close. */
async function rowAction(page: Page, row: Locator, item: string) {
  await expect(page.getByRole('menu')).toHaveCount(0);
  await row.getByRole('button', { name: /^إجراءات النموذج/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test.describe('form builder', () => {
  test('build by dragging, reorder by drag, set labels/options/required, save, reload unchanged', async ({
    admin: { page, token },
    errors,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/formBuilder/new');
    await expect(page.getByTestId('form-version')).toHaveText('نموذج جديد');
    const title = `فحص المكيف ${tag()}`;
    await page.getByTestId('form-title').fill(title);

    // Four field types dragged from the palette, each dropped below the last card.
    await dragToEnd(page, 'text');
    await dragToEnd(page, 'select');
    await dragToEnd(page, 'number');
    await dragToEnd(page, 'checkbox');
    expect(await types(page)).toEqual(['text', 'select', 'number', 'checkbox']);

    // A section heading dropped on the upper half of the first card lands before it.
    const first = await center(card(page, 0));
    await dragTo(
      page,
      page.getByTestId('palette-section'),
      { x: first.x, y: first.box.y + 4 },
      dropMark(page, 0, 'before'),
    );
    await expect(cards(page)).toHaveCount(5);
    expect(await types(page)).toEqual(['section', 'text', 'select', 'number', 'checkbox']);

    // Reorder by dragging the number card's handle up onto the select card, step by step until the
    // builder announces that position (a fixed distance overshoots when cards shift during the drag).
    const handle = card(page, 3).getByTestId('field-handle');
    const distance = (await center(card(page, 3))).y - (await center(card(page, 2))).y;
    await dragUntil(page, handle, distance * 2, /فوق الموضع 3 من 5$/);
    await expect.poll(() => types(page)).toEqual(['section', 'text', 'number', 'select', 'checkbox']);

    // Labels, options, required, bounds.
    await selectCard(page, 0);
    await props(page).getByLabel('عنوان القسم').fill('بيانات الجهاز');
    await selectCard(page, 1);
    await props(page).getByLabel('عنوان الحقل').fill('الرقم التسلسلي');
    await props(page).getByRole('switch', { name: 'حقل مطلوب' }).check();
    await selectCard(page, 2);
    await props(page).getByLabel('عنوان الحقل').fill('درجة الحرارة');
    await props(page).getByLabel('أقل قيمة').fill('10');
    await props(page).getByLabel('أعلى قيمة').fill('40');
    await selectCard(page, 3);
    await props(page).getByLabel('عنوان الحقل').fill('حالة الفلتر');
    await props(page).getByRole('textbox', { name: 'الخيار 1', exact: true }).fill('نظيف');
    await props(page).getByRole('textbox', { name: 'الخيار 2', exact: true }).fill('يحتاج تنظيف');
    await props(page).getByRole('button', { name: 'إضافة خيار' }).click();
    await props(page).getByRole('textbox', { name: 'الخيار 3', exact: true }).fill('تالف');
    await props(page).getByRole('switch', { name: 'حقل مطلوب' }).check();
    await selectCard(page, 4);
    await props(page).getByLabel('عنوان الحقل').fill('تم إبلاغ العميل');

    const expectedLabels = [
      'بيانات الجهاز',
      'الرقم التسلسلي',
      'درجة الحرارة',
      'حالة الفلتر',
      'تم إبلاغ العميل',
    ];
    expect(await labels(page)).toEqual(expectedLabels);

    // The live preview renders the same fields right to left.
    await showPreview(page);
    const preview = page.getByTestId('builder-preview');
    await expect(preview.getByRole('heading', { name: title })).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'بيانات الجهاز' })).toBeVisible();
    await expect(preview.getByLabel('حالة الفلتر')).toBeVisible();
    await preview.getByRole('button', { name: 'تجربة التحقق' }).click();
    await expect(preview.getByText('هذا الحقل مطلوب').first()).toBeVisible();
    await preview.getByLabel('درجة الحرارة').fill('55');
    await expect(preview.getByText('لا يزيد الرقم عن 40')).toBeVisible();

    // Save: a new form goes to its edit page with version 1.
    await page.getByTestId('form-save').click();
    await expect(toasts(page).filter({ hasText: 'تم إنشاء النموذج' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/formBuilder\/edit\//);
    const id = ID.exec(page.url())?.[0] ?? '';
    await expect(page.getByTestId('form-version')).toHaveText('الإصدار 1');

    // Reload: the same order, labels, options and required marks.
    await page.reload();
    await expect(cards(page)).toHaveCount(5);
    expect(await types(page)).toEqual(['section', 'text', 'number', 'select', 'checkbox']);
    expect(await labels(page)).toEqual(expectedLabels);
    await expect(page.getByTestId('form-title')).toHaveValue(title);
    await selectCard(page, 3);
    await expect(props(page).getByRole('textbox', { name: 'الخيار 1', exact: true })).toHaveValue('نظيف');
    await expect(props(page).getByRole('textbox', { name: 'الخيار 2', exact: true })).toHaveValue(
      'يحتاج تنظيف',
    );
    await expect(props(page).getByRole('textbox', { name: 'الخيار 3', exact: true })).toHaveValue('تالف');
    await expect(props(page).getByRole('switch', { name: 'حقل مطلوب' })).toBeChecked();
    await selectCard(page, 1);
    await expect(props(page).getByRole('switch', { name: 'حقل مطلوب' })).toBeChecked();
    await selectCard(page, 4);
    await expect(props(page).getByRole('switch', { name: 'حقل مطلوب' })).not.toBeChecked();

    const saved = await getForm(request, token, id);
    expect(saved.title).toBe(title);
    expect(saved.version).toBe(1);
    expect(saved.fields.map((f) => [f.type, f.label, f.required])).toEqual([
      ['section', 'بيانات الجهاز', false],
      ['text', 'الرقم التسلسلي', true],
      ['number', 'درجة الحرارة', false],
      ['select', 'حالة الفلتر', true],
      ['checkbox', 'تم إبلاغ العميل', false],
    ]);
    expect(saved.fields[3].options).toEqual(['نظيف', 'يحتاج تنظيف', 'تالف']);
    expect([saved.fields[2].min, saved.fields[2].max]).toEqual([10, 40]);
    expect(new Set(saved.fields.map((f) => f.key)).size).toBe(5);

    // Keys are internal: no card shows one; the administrator finds it under «متقدم».
    await expect(canvas(page)).not.toContainText(saved.fields[1].key);
    // A duplicate key is refused with an Arabic message, and nothing is saved.
    const textKey = saved.fields[1].key;
    await selectCard(page, 2);
    const keyInput = props(page).getByRole('textbox', { name: 'المفتاح' });
    await expect(keyInput).toBeHidden();
    await props(page).getByText('متقدم', { exact: true }).click();
    await keyInput.fill(textKey);
    await expect(props(page).getByText(`المفتاح «${textKey}» مستخدم في حقل آخر`)).toBeVisible();
    await page.getByTestId('form-save').click();
    await expect(toasts(page).filter({ hasText: 'لم يُحفظ النموذج' })).toBeVisible();
    await expect(card(page, 2)).toHaveAttribute('data-invalid', 'true');
    await expect(card(page, 2).getByTestId('field-error')).toContainText(`المفتاح «${textKey}» مكرر`);
    expect((await getForm(request, token, id)).fields[2].key).toBe(saved.fields[2].key);

    // The server refuses it too (422, keyed by the field's path).
    const dup = await request.put(`/api/form/${id}`, {
      headers: bearer(token),
      data: {
        title,
        fields: [
          { key: 'a1', type: 'text', label: 'أ' },
          { key: 'a1', type: 'number', label: 'ب' },
        ],
      },
    });
    expect(dup.status()).toBe(422);
    const body = (await dup.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors['fields.1.key']).toBe('المفتاح «a1» مكرر');

    // Fixing the key and saving keeps version 1 (no task answered it yet).
    await keyInput.fill('temperature');
    await page.getByTestId('form-save').click();
    await expect(toasts(page).filter({ hasText: 'تم حفظ النموذج' })).toBeVisible();
    await expect(page.getByTestId('form-version')).toHaveText('الإصدار 1');
    expect((await getForm(request, token, id)).fields[2].key).toBe('temperature');

    expect(errors).toEqual([]);
  });

  test('someone who builds forms but does not run the system sees and edits labels only, never a key', async ({
    page,
    errors,
    request,
  }) => {
    const admin = await signedInAs(page, request, { role: 'admin' });
    const created = await request.post('/api/form', {
      headers: bearer(admin.token),
      data: {
        title: `فحص سخان ${tag()}`,
        fields: [
          { key: 'serial_no', type: 'text', label: 'الرقم التسلسلي', required: true },
          { key: 'water_temp', type: 'number', label: 'حرارة الماء' },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as ApiForm)._id;
    await signedInAs(page, request, {
      role: 'employee',
      permissions: ['forms:read', 'forms:details', 'forms:create', 'forms:update'],
    });

    await page.goto(`/dashboard/formBuilder/edit/${id}`);
    await expect(cards(page)).toHaveCount(2);
    await selectCard(page, 1);
    await expect(props(page).getByRole('textbox', { name: 'عنوان الحقل' })).toHaveValue('حرارة الماء');
    await expect(props(page).getByText('متقدم', { exact: true })).toHaveCount(0);
    await expect(props(page).getByRole('textbox', { name: 'المفتاح' })).toHaveCount(0);
    for (const key of ['serial_no', 'water_temp', 'field_'])
      await expect(page.locator('body')).not.toContainText(key);

    // A new field gets its key by itself; the label is all there is to write.
    await props(page).getByRole('textbox', { name: 'عنوان الحقل' }).fill('درجة حرارة الماء');
    await page.getByTestId('palette-text').click();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.locator('body')).not.toContainText('field_');
    await props(page).getByRole('textbox', { name: 'عنوان الحقل' }).fill('ملاحظات الفني');
    await page.getByTestId('form-save').click();
    await expect(toasts(page).filter({ hasText: 'تم حفظ النموذج' })).toBeVisible();
    const saved = await getForm(request, admin.token, id);
    expect(saved.fields.map((f) => [f.key, f.label])).toEqual([
      ['serial_no', 'الرقم التسلسلي'],
      ['water_temp', 'درجة حرارة الماء'],
      [expect.stringMatching(/^field_\d+$/), 'ملاحظات الفني'],
    ]);
    expect(errors).toEqual([]);
  });

  test('keyboard: add from the palette with Enter, reorder with the keyboard sensor', async ({
    admin: { page },
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/formBuilder/new');
    await page.getByTestId('palette-text').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('palette-date').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('palette-signature').focus();
    await page.keyboard.press('Enter');
    expect(await types(page)).toEqual(['text', 'date', 'signature']);

    // Pick up the signature card, move it up twice, drop it.
    await card(page, 2).getByTestId('field-handle').focus();
    // Each key waits for dnd-kit to have taken the previous one (its announcement), not for time.
    await pickUp(page);
    await expect(card(page, 2)).toHaveAttribute('data-dragging', 'true');
    await page.keyboard.press('ArrowUp');
    await announced(page, /فوق الموضع 2 من 3$/)();
    await page.keyboard.press('ArrowUp');
    await announced(page, /فوق الموضع 1 من 3$/)();
    await page.keyboard.press('Space');
    await expect.poll(() => types(page)).toEqual(['signature', 'text', 'date']);

    // Move down / delete buttons.
    await card(page, 0).getByRole('button', { name: /لأسفل/ }).click();
    expect(await types(page)).toEqual(['text', 'signature', 'date']);
    await card(page, 2).getByRole('button', { name: /^حذف/ }).click();
    expect(await types(page)).toEqual(['text', 'signature']);

    // Leaving with unsaved changes asks first.
    await page.getByRole('button', { name: 'العودة إلى النماذج' }).click();
    const ask = page.getByRole('dialog', { name: 'تغييرات غير محفوظة' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'البقاء' }).click();
    await expect(page).toHaveURL(/\/formBuilder\/new$/);
  });

  test('a form answered by a task saves as a new version, and says so first', async ({
    admin: { page, user, token },
    errors,
    request,
  }) => {
    const created = await request.post('/api/form', {
      headers: bearer(token),
      data: {
        title: `نموذج بإصدارات ${tag()}`,
        fields: [{ key: 'reading', type: 'number', label: 'قراءة العداد' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const form = (await created.json()) as ApiForm;
    const t = await request.post('/api/task', {
      headers: bearer(token),
      data: { title: 'قراءة عداد', assignee: user._id, form: form._id },
    });
    expect(t.status(), await t.text()).toBe(201);
    const task = (await t.json()) as { _id: string };
    expect((await request.post(`/api/task/${task._id}/start`, { headers: bearer(token) })).status()).toBe(
      200,
    );
    const answered = await request.put(`/api/task/${task._id}/answers`, {
      headers: bearer(token),
      data: { answers: { reading: 120 } },
    });
    expect(answered.status(), await answered.text()).toBe(200);

    await page.goto(`/dashboard/formBuilder/edit/${form._id}`);
    await expect(page.getByTestId('form-version')).toHaveText('الإصدار 1');
    await expect(page.getByTestId('version-warning')).toContainText('مهمة واحدة');
    await selectCard(page, 0);
    await props(page).getByLabel('عنوان الحقل').fill('قراءة العداد (كيلوواط)');
    await page.getByTestId('form-save').click();
    await expect(toasts(page).filter({ hasText: 'تم الحفظ كإصدار جديد (الإصدار 2)' })).toBeVisible();
    await expect(page.getByTestId('form-version')).toHaveText('الإصدار 2');

    // The old version stays as it was answered.
    const v1 = await request.get(`/api/form/${form._id}/versions/1`, { headers: bearer(token) });
    expect(((await v1.json()) as ApiForm).fields[0].label).toBe('قراءة العداد');
    expect((await getForm(request, token, form._id)).fields[0].label).toBe('قراءة العداد (كيلوواط)');
    expect(errors).toEqual([]);
  });

  test('list: search, duplicate, deactivate, delete refused while a service uses the form', async ({
    admin: { page, token },
    errors,
    request,
  }) => {
    const title = `نموذج القائمة ${tag()}`;
    const res = await request.post('/api/form', {
      headers: bearer(token),
      data: {
        title,
        description: 'للاختبار',
        fields: [
          { key: 'note', type: 'textarea', label: 'ملاحظات' },
          { key: 'ok', type: 'checkbox', label: 'تم' },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const form = (await res.json()) as ApiForm;

    await page.goto('/dashboard/formBuilder');
    await page.getByRole('searchbox', { name: 'بحث' }).fill(title);
    const row = page.getByRole('row', { name: title, exact: true });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');

    // The answers export: one row per answered task, one column per field.
    await rowAction(page, row, 'تصدير الإجابات');
    const exportDialog = page.getByRole('dialog', { name: `تصدير إجابات «${title}»` });
    const download = await exportFile(exportDialog, 'CSV');
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toContain('رقم المهمة');
    await page.keyboard.press('Escape');
    await expect(exportDialog).toHaveCount(0);

    // Duplicate.
    await rowAction(page, row, 'إنشاء نسخة');
    await expect(toasts(page).filter({ hasText: `تم إنشاء «نسخة من ${title}»` })).toBeVisible();
    const copyRow = page.getByRole('row', { name: `نسخة من ${title}`, exact: true });
    await expect(copyRow).toBeVisible();

    // Deactivate the copy, then delete it.
    await rowAction(page, copyRow, 'إيقاف');
    await expect(copyRow.getByText('موقوف')).toBeVisible();
    await rowAction(page, copyRow, 'حذف');
    const confirm = page.getByRole('dialog', { name: 'تأكيد الحذف' });
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await expect(toasts(page).filter({ hasText: `تم حذف النموذج «نسخة من ${title}»` })).toBeVisible();
    await expect(copyRow).toHaveCount(0);

    // A service picks the form as its default (the service screen's picker).
    const svc = await request.post('/api/service', {
      headers: bearer(token),
      data: { name: `خدمة بنموذج ${tag()}`, price: '100.00' },
    });
    expect(svc.status()).toBe(201);
    const service = (await svc.json()) as { _id: string };
    await page.goto(`/dashboard/service/edit/${service._id}`);
    const picker = page.getByRole('combobox', { name: 'النموذج الافتراضي' });
    await picker.click();
    await picker.fill(title);
    await page.getByRole('option', { name: title }).click();
    await page.getByRole('button', { name: 'حفظ' }).click();
    await expect(toasts(page).filter({ hasText: 'تم الحفظ' })).toBeVisible();
    const stored = await request.get(`/api/service/${service._id}`, { headers: bearer(token) });
    expect(((await stored.json()) as { form: string | null }).form).toBe(form._id);
    // Opening it again shows the chosen form's title.
    await page.goto(`/dashboard/service/edit/${service._id}`);
    await expect(page.getByRole('combobox', { name: 'النموذج الافتراضي' })).toHaveValue(title);

    // Deleting the form now is refused with the server's Arabic reason.
    await page.goto('/dashboard/formBuilder');
    await page.getByRole('searchbox', { name: 'بحث' }).fill(title);
    await rowAction(page, row, 'حذف');
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await expect(toasts(page).filter({ hasText: `لا يمكن حذف النموذج «${title}»` })).toBeVisible();
    await expect(row).toBeVisible();

    // Edit opens the builder.
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/formBuilder/edit/${form._id}$`));
    await expect(cards(page)).toHaveCount(2);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    failOnPageErrors();
    test.use({ colorScheme: scheme });

    test(`builder and list at ${WIDTHS.join(', ')} px: no overflow, screenshots`, async ({
      admin: { page, token },
      request,
    }) => {
      const res = await request.post('/api/form', {
        headers: bearer(token),
        data: {
          title: 'نموذج زيارة صيانة المكيفات',
          description: 'يُملأ في موقع العميل بعد انتهاء الزيارة',
          fields: [
            { key: 'device', type: 'section', label: 'بيانات الجهاز', help: 'كما هي على لوحة الجهاز' },
            {
              key: 'serial',
              type: 'text',
              label: 'الرقم التسلسلي',
              required: true,
              placeholder: 'مثال: AC-2291',
            },
            {
              key: 'temp',
              type: 'number',
              label: 'درجة حرارة الهواء الخارج',
              min: 5,
              max: 40,
              help: 'بالدرجة المئوية',
            },
            { key: 'visit', type: 'date', label: 'تاريخ الزيارة', required: true },
            { key: 'filter', type: 'radio', label: 'حالة الفلتر', options: ['نظيف', 'يحتاج تنظيف', 'تالف'] },
            {
              key: 'parts',
              type: 'multiselect',
              label: 'القطع المستبدلة',
              options: ['فلتر', 'مروحة', 'ثرموستات'],
            },
            { key: 'photo', type: 'file', label: 'صورة الجهاز بعد الصيانة' },
            { key: 'phone', type: 'phone', label: 'جوال المستلم' },
            { key: 'ok', type: 'checkbox', label: 'أقرّ العميل باستلام الجهاز', required: true },
            { key: 'sign', type: 'signature', label: 'توقيع العميل', required: true },
          ],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const form = (await res.json()) as ApiForm;

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/dashboard/formBuilder/edit/${form._id}`);
        await expect(cards(page)).toHaveCount(10);
        const html = page.locator('html');
        if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);
        if (width < 992) {
          await expectNoOverflow(page, `builder (fields tab) ${scheme}`);
          await page.screenshot({
            path: path.join(OUT_DIR, `form-builder-fields-${width}-${scheme}.png`),
            fullPage: true,
          });
        }
        await card(page, 4).getByTestId('field-select').click();
        await expect(props(page)).toBeVisible();
        await expectNoOverflow(page, `builder (properties) ${scheme}`);
        await page.screenshot({ path: path.join(OUT_DIR, `form-builder-${width}-${scheme}.png`) });

        if (width < 992) await page.getByRole('tab', { name: 'المعاينة' }).click();
        else await showPreview(page);
        await expect(page.getByTestId('builder-preview')).toBeVisible();
        await expectNoOverflow(page, `builder (preview) ${scheme}`);
        await page.screenshot({
          path: path.join(OUT_DIR, `form-preview-${width}-${scheme}.png`),
          fullPage: width < 992,
        });

        await page.goto('/dashboard/formBuilder');
        await expect(page.getByRole('row', { name: 'نموذج زيارة صيانة المكيفات' }).first()).toBeVisible();
        await expectNoOverflow(page, `forms list ${scheme}`);
        await page.screenshot({ path: path.join(OUT_DIR, `forms-${width}-${scheme}.png`), fullPage: true });
      }
    });
  });
}
