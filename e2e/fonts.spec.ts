import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminAuth, bearer, randomPhone } from './support/api';
import { signedInAs } from './support/auth';

/**
 * The UI font arrives in pieces (scripts/font-faces.mjs): a page fetches the Arabic file and a small
 * file of digits and punctuation for each weight it draws, the whole Latin file only where Latin
 * letters show — and every one of them draws in IBM Plex Sans Arabic.
 */
/** The face's platform names (Chromium names the medium weight a family of its own). */
const FAMILY = /^IBM Plex Sans Arabic( Medium| Bold)?$/;
const drawnInFamily = (fonts: string[]) => fonts.length > 0 && fonts.every((f) => FAMILY.test(f));

function fontFiles(page: Page): string[] {
  const files: string[] = [];
  page.on('response', (res) => {
    const name = new URL(res.url()).pathname.split('/').pop() ?? '';
    const m = /^ibm-plex-sans-arabic-([a-z-]+-\d00)-normal-[\w-]+\.woff2$/.exec(name);
    if (m) files.push(m[1]);
  });
  return files;
}

/** The fonts Chromium drew an element's text with (family names), as DevTools reports them. */
async function drawnWith(page: Page, target: Locator): Promise<string[]> {
  await target.evaluate((el) => el.setAttribute('data-font-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '[data-font-probe]',
    });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((f) => f.familyName);
  } finally {
    await target.evaluate((el) => el.removeAttribute('data-font-probe'));
    await cdp.detach();
  }
}

test('the font rules and the cut files match what scripts/font-faces.mjs makes', () => {
  execFileSync(process.execPath, ['scripts/font-faces.mjs', '--check'], { stdio: 'pipe' });
});

test('sign-in fetches the Arabic and the digits files of its two weights, no Latin, all drawn in the UI face', async ({
  page,
}) => {
  const files = fontFiles(page);
  await page.goto('/auth/signin');
  const title = page.getByRole('heading', { name: 'تسجيل الدخول' });
  await expect(title).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  expect(files.sort()).toEqual(['arabic-400', 'arabic-700', 'common-400', 'common-700']);
  const titleFonts = await drawnWith(page, title);
  expect(drawnInFamily(titleFonts), titleFonts.join(', ')).toBe(true);
  // The phone field: its placeholder (05XXXXXXXX) from the digits file.
  const phone = page.locator('input[type="tel"]');
  await phone.fill('0512345678');
  const phoneFonts = await drawnWith(page, phone);
  expect(drawnInFamily(phoneFonts), phoneFonts.join(', ')).toBe(true);
});

test('a Latin name fetches the Latin file and is drawn in the UI face too', async ({ page, request }) => {
  const token = await adminAuth(request);
  const name = `Acme Trading ${Date.now()}`;
  const created = await request.post('/api/customer', {
    headers: bearer(token),
    data: { name, phoneNumber: randomPhone() },
  });
  expect(created.status()).toBe(201);
  await signedInAs(page, request, { role: 'admin' });
  const files = fontFiles(page);
  await page.goto(`/dashboard/customer?search=${encodeURIComponent(name)}`);
  const cell = page.getByRole('cell', { name });
  await expect(cell).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // The name's weight (500) fetched its Latin file; no name here needs Latin Extended.
  expect(files).toContain('latin-500');
  expect(files.filter((f) => f.startsWith('latin-ext'))).toEqual([]);
  const fonts = await drawnWith(page, cell.getByText(name));
  expect(drawnInFamily(fonts), fonts.join(', ')).toBe(true);
});
