import { type Download, expect, type Locator } from '@playwright/test';

/** Clicks `trigger` and gives the download the click starts. */
export async function downloadBy(trigger: Locator): Promise<Download> {
  const [download] = await Promise.all([trigger.page().waitForEvent('download'), trigger.click()]);
  return download;
}

/**
 * Makes the file in an open export dialog (in `format` where the dialog asks which), waits until it
 * is made (100%) and downloads it.
 */
export async function exportFile(dialog: Locator, format?: 'CSV' | 'Excel'): Promise<Download> {
  if (format) await dialog.getByRole('button', { name: format }).click();
  await expect(dialog.getByText('100%')).toBeVisible();
  return downloadBy(dialog.getByRole('button', { name: 'تنزيل الملف' }));
}
