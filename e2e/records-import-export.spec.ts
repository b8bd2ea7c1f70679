import fs from 'node:fs';
import { PDF_ROW_LIMIT } from '@idara/domain';
import ExcelJS from 'exceljs';
import { bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { exportFile } from './support/downloads';
import { expect, test } from './support/fixtures';

test.describe.configure({ mode: 'serial' });

test('import customers from a CSV: preview names the bad rows, import adds the good ones', async ({
  admin: { page, token },
  request,
}) => {
  const good = randomPhone();
  const name = `عميل مستورد ${Date.now()}`;
  const csv = `\uFEFFاسم العميل,رقم الجوال,المدينة\r\n${name},${good},الرياض\r\nخطأ,123,\r\n`;
  await page.goto('/dashboard/customer');
  await page.getByRole('button', { name: 'استيراد' }).click();
  const dialog = page.getByRole('dialog', { name: 'استيراد العملاء من ملف' });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'عملاء.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByText('صالحة: 1')).toBeVisible();
  await expect(dialog.getByText('بها أخطاء: 1')).toBeVisible();
  await expect(dialog.getByText(/رقم الجوال غير صحيح/)).toBeVisible();
  await dialog.getByRole('button', { name: 'استيراد عميل واحد' }).click();
  await expect(page.getByText(/تم استيراد عميل واحد، وتخطي صف واحد/)).toBeVisible();
  await expect(dialog).toBeHidden();

  const found = await request.get(`/api/customer?search=${encodeURIComponent(name)}`, {
    headers: bearer(token),
  });
  expect((await found.json()).data).toHaveLength(1);
});

test('the export dialog downloads an Excel file with an Arabic name that opens and holds the filtered list', async ({
  admin: { page, token },
  request,
}) => {
  const marker = `تصدير${Date.now()}`;
  for (let i = 0; i < 3; i++) {
    const res = await request.post('/api/customer', {
      headers: bearer(token),
      data: { name: `${marker} ${i}`, phoneNumber: randomPhone() },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto(`/dashboard/customer?search=${encodeURIComponent(marker)}`);
  await expect(page.getByRole('row')).toHaveCount(4); // header + 3
  await page.getByRole('button', { name: 'تصدير' }).click();
  const dialog = page.getByRole('dialog', { name: 'تصدير العملاء' });
  const download = await exportFile(dialog, 'Excel');
  expect(download.suggestedFilename()).toMatch(/^العملاء-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet.views[0].rightToLeft).toBe(true);
  const names = [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(1).value)).sort();
  expect(names).toEqual([0, 1, 2].map((i) => `${marker} ${i}`).sort());
  expect(sheet.rowCount).toBe(4);
});

test('a list longer than the PDF limit: the export dialog keeps PDF disabled, says why and offers Excel or CSV', async ({
  page,
  request,
}, testInfo) => {
  const { token } = await signedInAs(page, request, { role: 'admin' });
  const marker = `طويلة${Date.now()}`;
  const lines = ['اسم العميل,رقم الجوال'];
  const base = 50_000_000 + Math.floor(Math.random() * 40_000_000);
  for (let i = 0; i <= PDF_ROW_LIMIT; i++) lines.push(`${marker} ${i},05${base + i}`);
  const imported = await request.post('/api/customer/import', {
    headers: bearer(token),
    multipart: { file: { name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) } },
  });
  expect((await imported.json()).imported).toBe(PDF_ROW_LIMIT + 1);

  await page.goto(`/dashboard/customer?search=${encodeURIComponent(marker)}`);
  // A search's total is counted up to 100: beyond it the list says «أكثر من»; the export dialog
  // then counts on to the PDF limit before offering a PDF.
  await expect(page.getByTestId('list-count')).toHaveText('أكثر من 100 سجل');
  await page.getByRole('button', { name: 'تصدير' }).click();
  const dialog = page.getByRole('dialog', { name: 'تصدير العملاء' });
  await expect(dialog.getByTestId('export-pdf-limit')).toContainText(`أكثر من ${PDF_ROW_LIMIT} سجل`);
  await expect(dialog.getByRole('button', { name: 'PDF' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Excel' })).toBeEnabled();
  await expect(dialog.getByTestId('export-pdf-limit')).toContainText(
    `الحد الأقصى لملف PDF هو ${PDF_ROW_LIMIT} سجل`,
  );
  await expect(dialog.getByTestId('export-pdf-limit')).toContainText('Excel أو CSV');
  await page.screenshot({ path: testInfo.outputPath('export-pdf-limit.png') });

  // The server says the same to a client that asks anyway.
  const refused = await request.get(
    `/api/customer/export?fileType=pdf&search=${encodeURIComponent(marker)}`,
    { headers: bearer(token) },
  );
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toContain('Excel أو CSV');
});
