import { expect, test } from './support/fixtures';

/**
 * The export dialog names the file it made: «العملاء-2026-11-28.xlsx». Left to the bidi algorithm
 * as one run, the digits after the Arabic word turn into Arabic numbers and the line reads
 * «xlsx.28-11-2026-العملاء». Shown here: the name on the right, then the date and the extension read
 * left to right.
 */
test('the export dialog shows an Arabic file name in order: the name, then its date and extension left to right', async ({
  admin: { page },
}) => {
  await page.goto('/dashboard/customer');
  await page.getByRole('button', { name: 'تصدير' }).click();
  const dialog = page.getByRole('dialog', { name: 'تصدير العملاء' });
  await dialog.getByRole('button', { name: 'Excel' }).click();
  await expect(dialog.getByText('100%')).toBeVisible();
  const shown = dialog.getByTestId('file-name');
  await expect(shown).toHaveText(/^العملاء-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // Where each piece is drawn (a Range over its characters), left to right on the screen.
  const boxes = await shown.evaluate((el) => {
    const text = el.textContent ?? '';
    const date = /\d{4}-\d{2}-\d{2}/.exec(text);
    if (!date) throw new Error(`no date in ${text}`);
    const at = (from: number, length: number) => {
      // The characters may sit in different text nodes: find the one holding `from`.
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let offset = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const len = node.textContent?.length ?? 0;
        if (from < offset + len) {
          const range = document.createRange();
          range.setStart(node, from - offset);
          range.setEnd(node, from - offset + length);
          const r = range.getBoundingClientRect();
          return { left: r.left, right: r.right };
        }
        offset += len;
      }
      throw new Error(`offset ${from} outside ${text}`);
    };
    const d = date.index;
    return {
      name: at(0, 'العملاء'.length),
      year: at(d, 4),
      month: at(d + 5, 2),
      day: at(d + 8, 2),
      extension: at(text.lastIndexOf('.') + 1, 4),
    };
  });
  // The date reads year, month, day from left to right, and the extension follows it.
  expect(boxes.year.right).toBeLessThanOrEqual(boxes.month.left + 0.5);
  expect(boxes.month.right).toBeLessThanOrEqual(boxes.day.left + 0.5);
  expect(boxes.day.right).toBeLessThanOrEqual(boxes.extension.left + 0.5);
  // The Arabic name comes first, on the right.
  expect(boxes.extension.right).toBeLessThanOrEqual(boxes.name.left + 0.5);
});
