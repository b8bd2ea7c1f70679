import { type BrowserContext, expect, type Page } from '@playwright/test';
import { adminAuth, bearer, createUser, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { test as base } from './support/fixtures';
import { shootSchemes } from './support/screenshots';
import { toasts } from './support/toasts';

const suffix = () => String(Math.floor(Math.random() * 1e6));
/** Where the dialog's screenshots go (375 and 1280 px, light and dark). */
const SHOTS = process.env.EDIT_CONFLICT_SHOTS;

/**
 * `editorPage(name)`: a page in a browser context of its own, signed in as a new administrator
 * called `name`, as another person at another computer; its context is closed after the test.
 */
const test = base.extend<{ editorPage: (name: string) => Promise<Page> }>({
  editorPage: async ({ browser, request }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (name) => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await signedInAs(page, request, { role: 'admin', name });
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

async function openEdit(page: Page, id: string, notes: string) {
  await page.goto(`/dashboard/customer/edit/${id}`);
  await expect(page.getByRole('textbox', { name: 'ملاحظات' })).toHaveValue(notes);
}

async function saveNotes(page: Page, notes: string) {
  await page.getByRole('textbox', { name: 'ملاحظات' }).fill(notes);
  await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
}

/** The conflict dialog in light and dark, at a phone's width and a desktop's (with EDIT_CONFLICT_SHOTS). */
const shoot = (page: Page, name: string) =>
  shootSchemes(page, SHOTS, name, page.getByTestId('edit-conflict'));

test('two people edit one customer: the later save is stopped, names the first, and can reload or keep mine', async ({
  editorPage,
  request,
}) => {
  const token = await adminAuth(request);
  const created = await request.post('/api/customer', {
    data: {
      name: `عميل التعارض ${suffix()}`,
      type: 'individual',
      phoneNumber: randomPhone(),
      notes: 'الأصل',
    },
    headers: bearer(token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json())._id as string;

  const first = await editorPage('نورة الأولى');
  const second = await editorPage('سلمان الثاني');
  await openEdit(first, id, 'الأصل');
  await openEdit(second, id, 'الأصل');

  await saveNotes(first, 'تعديل نورة');
  await expect(toasts(first).filter({ hasText: 'تم حفظ تعديلات العميل' })).toBeVisible();

  // The second save was made from the old version: stopped, and the dialog says who saved.
  await saveNotes(second, 'تعديل سلمان');
  const dialog = second.getByRole('dialog', { name: 'تعارض في التعديل' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('تم تعديل هذا السجل من قِبل نورة الأولى في');
  await expect(second).toHaveURL(/\/dashboard\/customer\/edit\//);
  await shoot(second, 'edit-conflict');

  // «تحميل أحدث نسخة» puts the first editor's value in the form.
  await dialog.getByRole('button', { name: 'تحميل أحدث نسخة' }).click();
  await expect(dialog).toBeHidden();
  await expect(second.getByRole('textbox', { name: 'ملاحظات' })).toHaveValue('تعديل نورة');

  // Again, now comparing and keeping mine: the comparison shows both values, then mine is saved.
  await openEdit(first, id, 'تعديل نورة');
  await saveNotes(first, 'نورة مرة ثانية');
  await expect(toasts(first).filter({ hasText: 'تم حفظ تعديلات العميل' })).toBeVisible();
  await saveNotes(second, 'سلمان بعد المقارنة');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'مقارنة' }).click();
  const row = dialog.getByText('ملاحظات', { exact: true }).locator('..');
  await expect(row).toContainText('سلمان بعد المقارنة');
  await expect(row).toContainText('نورة مرة ثانية');
  await shoot(second, 'edit-conflict-compare');
  // Keyboard: the choice is reachable and works with Enter.
  await dialog.getByRole('button', { name: 'الإبقاء على نسختي' }).focus();
  await second.keyboard.press('Enter');
  await expect(toasts(second).filter({ hasText: 'تم حفظ تعديلات العميل' })).toBeVisible();
  const saved = await request.get(`/api/customer/${id}`, { headers: bearer(token) });
  expect((await saved.json()).notes).toBe('سلمان بعد المقارنة');
});

test('two admins edit the settings: the later save names the first and reloads their address', async ({
  officeSettings: _heldForThisTest,
  editorPage,
}) => {
  const first = await editorPage('هند المسؤولة');
  const second = await editorPage('ماجد المسؤول');
  for (const page of [first, second]) {
    await page.goto('/settings');
    await expect(page.getByLabel('العنوان', { exact: true })).toBeEnabled();
  }
  const theirs = `الرياض، حي الملقا ${suffix()}`;
  await first.getByLabel('العنوان', { exact: true }).fill(theirs);
  await first.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect(toasts(first).filter({ hasText: 'تم حفظ الإعدادات' })).toBeVisible();

  await second.getByLabel('العنوان', { exact: true }).fill(`جدة ${suffix()}`);
  await second.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  const dialog = second.getByRole('dialog', { name: 'تعارض في التعديل' });
  await expect(dialog).toContainText('تم تعديل هذا السجل من قِبل هند المسؤولة في');
  await dialog.getByRole('button', { name: 'تحميل أحدث نسخة' }).click();
  await expect(second.getByLabel('العنوان', { exact: true })).toHaveValue(theirs);
});

test('two admins in the form builder: the later save names the first; compare, then take theirs', async ({
  editorPage,
  request,
}) => {
  const token = await adminAuth(request);
  const original = `نموذج التعارض ${suffix()}`;
  const created = await request.post('/api/form', {
    data: { title: original, description: '', fields: [{ key: 'note', type: 'textarea', label: 'ملاحظات' }] },
    headers: bearer(token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json())._id as string;

  const first = await editorPage('رنا المصممة');
  const second = await editorPage('فهد المصمم');
  const title = (page: Page) => page.getByRole('textbox', { name: 'عنوان النموذج' });
  for (const page of [first, second]) {
    await page.goto(`/dashboard/formBuilder/edit/${id}`);
    await expect(title(page)).toHaveValue(original);
  }
  const theirs = `${original} — نسخة رنا`;
  await title(first).fill(theirs);
  await first.getByTestId('form-save').click();
  await expect(toasts(first).filter({ hasText: 'تم حفظ النموذج' })).toBeVisible();

  await title(second).fill(`${original} — نسخة فهد`);
  await second.getByTestId('form-save').click();
  const dialog = second.getByRole('dialog', { name: 'تعارض في التعديل' });
  await expect(dialog).toContainText('تم تعديل هذا السجل من قِبل رنا المصممة في');
  await dialog.getByRole('button', { name: 'مقارنة' }).click();
  const row = dialog.getByText('عنوان النموذج', { exact: true }).locator('..');
  await expect(row).toContainText('نسخة فهد');
  await expect(row).toContainText('نسخة رنا');
  await dialog.getByRole('button', { name: 'اعتماد النسخة المحفوظة' }).click();
  await expect(dialog).toBeHidden();
  await expect(title(second)).toHaveValue(theirs);
  const saved = await request.get(`/api/form/${id}`, { headers: bearer(token) });
  expect((await saved.json()).title).toBe(theirs);
});

test('two reviewers edit one task in its modal: Escape closes only the conflict dialog, reload takes theirs', async ({
  editorPage,
  request,
}) => {
  const token = await adminAuth(request);
  const worker = await createUser(request, { role: 'employee', name: 'عامر الفني' });
  const created = await request.post('/api/task', {
    data: { title: 'زيارة صيانة', description: 'الأصل', assignee: worker._id },
    headers: bearer(token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json())._id as string;

  const first = await editorPage('جود المراجعة');
  const second = await editorPage('بدر المراجع');
  const description = (page: Page) => page.getByRole('dialog', { name: 'تعديل المهمة' }).getByLabel('الوصف');
  for (const page of [first, second]) {
    await page.goto(`/tasks/${id}`);
    await page.getByRole('button', { name: 'تعديل', exact: true }).click();
    await expect(description(page)).toHaveValue('الأصل');
  }
  await description(first).fill('وصف جود');
  await first.getByRole('button', { name: 'حفظ التعديلات' }).click();
  await expect(toasts(first).filter({ hasText: 'تم حفظ تعديلات المهمة' })).toBeVisible();

  await description(second).fill('وصف بدر');
  await second.getByRole('button', { name: 'حفظ التعديلات' }).click();
  const dialog = second.getByRole('dialog', { name: 'تعارض في التعديل' });
  await expect(dialog).toContainText('تم تعديل هذا السجل من قِبل جود المراجعة في');
  // Escape is the conflict dialog's: the task form under it stays open with my typing.
  await second.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(description(second)).toHaveValue('وصف بدر');
  await second.getByRole('button', { name: 'حفظ التعديلات' }).click();
  await dialog.getByRole('button', { name: 'تحميل أحدث نسخة' }).click();
  await expect(dialog).toBeHidden();
  await expect(description(second)).toHaveValue('وصف جود');
});
