import { bearer } from './support/api';
import { expect, test } from './support/fixtures';
import { shootSchemes } from './support/screenshots';

/** Where the capped list's screenshots go (375 and 1280 px, light and dark). */
const SHOTS = process.env.LIST_COUNT_SHOTS;
/** The API's SEARCH_COUNT_CAP: a search counts at most this many matches past the page. */
const CAP = 100;
const MATCHES = CAP + 5;

test('a search matching more than the count cap reads «أكثر من», and its pages go on to the last match', async ({
  admin: { page, token },
  request,
}) => {
  const marker = `كثيرة${Date.now()}`;
  const lines = ['اسم العميل,رقم الجوال'];
  const base = 50_000_000 + Math.floor(Math.random() * 40_000_000);
  for (let i = 0; i < MATCHES; i++) lines.push(`${marker} ${i},05${base + i}`);
  const imported = await request.post('/api/customer/import', {
    headers: bearer(token),
    multipart: { file: { name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) } },
  });
  expect((await imported.json()).imported).toBe(MATCHES);

  await page.goto(`/dashboard/customer?search=${encodeURIComponent(marker)}`);
  await expect(page.getByTestId('list-count')).toHaveText(`أكثر من ${CAP} سجل`);
  await expect(page.getByTestId('table-range')).toHaveText(`عرض 1–20 من أكثر من ${CAP}`);
  await shootSchemes(page, SHOTS, 'list-count-capped', page.getByTestId('list-count'), true);

  // Past the search's cap but well inside a PDF: the export dialog counts on and offers the PDF.
  await page.getByRole('button', { name: 'تصدير' }).click();
  const dialog = page.getByRole('dialog', { name: 'تصدير العملاء' });
  await expect(dialog.getByRole('button', { name: 'PDF' })).toBeEnabled();
  await expect(dialog.getByTestId('export-pdf-limit')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // One page past the counted rows is offered; on it the count reaches every match.
  const pastTheCap = page.getByRole('button', { name: String(CAP / 20 + 1), exact: true });
  await pastTheCap.click();
  await expect(page.getByTestId('list-count')).toHaveText(`${MATCHES} سجلات`);
  await expect(page.getByTestId('table-range')).toHaveText(`عرض ${CAP + 1}–${MATCHES} من ${MATCHES}`);
  await expect(page.getByRole('button', { name: 'الصفحة التالية' })).toBeDisabled();
});
