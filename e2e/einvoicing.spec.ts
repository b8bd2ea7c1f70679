import path from 'node:path';
import type { Page } from '@playwright/test';
import { adminAuth, bearer, invoicedNewCustomer } from './support/api';
import { signedInAs } from './support/auth';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow } from './support/layout';
import { limit } from './support/slowdown';
import { toasts } from './support/toasts';

/**
 * Connecting the business to FATOORA from the settings, as an accountant would, against the fake
 * gateway (apps/api/src/test/fake-fatoora.ts, started by playwright.config.ts); renewing; and a
 * document ZATCA rejects reaching the home screen. Runs last (project `fatoora`): after it every new
 * document is submitted.
 */

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const FAKE_FATOORA = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1100}`;
const OTP = '123345';
const suffix = () => String(Math.floor(Math.random() * 1e6));

async function typeOtp(page: Page, otp: string) {
  const digits = page.getByTestId('einvoicing-section').locator('input[inputmode="numeric"]');
  for (const [i, d] of [...otp].entries()) await digits.nth(i).fill(d);
}

async function issueInvoice(page: Page) {
  const { invoice } = await invoicedNewCustomer(page.request, {
    serviceName: `صيانة مكيفات ${suffix()}`,
    price: '150.00',
    customerName: `نورة الحربي ${suffix()}`,
    quantity: 1,
  });
  return invoice;
}

test.describe.configure({ mode: 'serial' });

test('connect with the portal code, then renew: certificate, expiry and days left shown', async ({
  page,
  errors,
  request,
}) => {
  await signedInAs(page, request, { role: 'accountant', name: 'هند المطيري' });
  await page.goto('/settings');
  const section = page.getByTestId('einvoicing-section');
  await expect(section.getByText('غير مرتبط', { exact: true })).toBeVisible();
  await expect(
    section.getByText('اختر «تسجيل وحدة جديدة» وأنشئ رمز تحقق (OTP)', { exact: false }),
  ).toBeVisible();

  await typeOtp(page, OTP);
  await section.getByRole('button', { name: 'الربط بمنصة «فاتورة»' }).click();
  await expect(toasts(page).filter({ hasText: 'تم الربط بمنصة «فاتورة»' })).toBeVisible({
    timeout: limit(30_000),
  });
  await expect(section.getByText('مرتبط بمنصة «فاتورة»')).toBeVisible();
  await expect(section.getByText(/متبقٍ \d+ يوماً/)).toBeVisible();
  // The certificate's serial is a technical detail shown to administrators only; read it as one.
  await expect(page.getByTestId('einvoicing-technical')).toHaveCount(0);
  const serialNow = async () => {
    const res = await page.request.get('/api/einvoicing', { headers: bearer(await adminAuth(page.request)) });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { credential: { serialNumber: string } }).credential.serialNumber;
  };
  const serial = await serialNow();
  expect(serial).toBeTruthy();

  await typeOtp(page, OTP);
  await section.getByRole('button', { name: 'تجديد الشهادة' }).click();
  await expect(toasts(page).filter({ hasText: 'تم تجديد شهادة «فاتورة»' })).toBeVisible({
    timeout: limit(30_000),
  });
  expect(await serialNow()).not.toBe(serial);
  expect(errors).toEqual([]);
});

test('a document ZATCA rejects is listed on the home screen with its code, linked to its page', async ({
  page,
  errors,
  request,
}) => {
  const answer = await request.post(`${FAKE_FATOORA}/_test/script`, {
    data: {
      status: 400,
      body: {
        validationResults: {
          status: 'ERROR',
          errorMessages: [{ type: 'ERROR', code: 'BR-KSA-25', message: 'اسم المشتري مطلوب' }],
        },
        reportingStatus: 'NOT_REPORTED',
      },
    },
  });
  expect(answer.ok()).toBe(true);
  const doc = await issueInvoice(page);
  await signedInAs(page, request, { role: 'accountant', name: 'هند المطيري' });
  const warning = page.getByTestId('einvoicing-warning');
  // The worker submits right after issue; the home screen shows it once ZATCA answered.
  await expect(async () => {
    await page.goto('/');
    await expect(warning.getByRole('link', { name: new RegExp(doc.number) })).toBeVisible({
      timeout: limit(2_000),
    });
  }).toPass({ timeout: limit(30_000) });
  await expect(warning.getByText('BR-KSA-25')).toBeVisible();
  await warning.getByRole('link', { name: new RegExp(doc.number) }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoice/${doc._id}$`));

  // The rejected document says what ZATCA found and what to do; it counts nowhere.
  await expect(page.getByText('BR-KSA-25').first()).toBeVisible();
  const nextStep = page.getByTestId('rejected-next-step');
  await expect(nextStep).toBeVisible();
  await shoot(page, 'einvoice-rejected');

  // The office corrects it: the order is uninvoiced again, and «إصدار الفاتورة» issues a new number.
  await signedInAs(page, request, { role: 'admin' });
  await page.goto(`/dashboard/order/${doc.order}`);
  await expect(page.getByTestId('order-invoiced')).toHaveText('0.00 ر.س');
  await expect(page.getByTestId('order-uninvoiced')).toHaveText('172.50 ر.س');
  await shoot(page, 'order-after-rejection');
  await page.getByRole('button', { name: 'إصدار الفاتورة' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'إصدار الفاتورة' }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoice\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toContain(doc._id);
  await expect(page.getByRole('heading', { name: /فاتورة ضريبية مبسطة/ }).first()).toBeVisible();
  await expect(page.getByText(doc.number)).toHaveCount(0);
  await shoot(page, 'einvoice-corrected');
  await page.goto(`/dashboard/order/${doc.order}`);
  await expect(page.getByTestId('order-invoiced')).toHaveText('172.50 ر.س');
  await expect(page.getByTestId('order-uninvoiced')).toHaveCount(0);
  expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
});

/** A screenshot of the page in both schemes, for the notes and for looking at. */
async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path.join(OUT_DIR, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    failOnPageErrors();
    test.use({ colorScheme: scheme });
    test(`${scheme}: the e-invoicing section and the home warning at ${WIDTHS.join(', ')} px, no overflow`, async ({
      page,
      request,
    }) => {
      await signedInAs(page, request, { role: 'admin', name: 'ريم الشهري' });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/settings');
        const section = page.getByTestId('einvoicing-section');
        await expect(section.getByText('مرتبط بمنصة «فاتورة»')).toBeVisible();
        await section.scrollIntoViewIfNeeded();
        await section.screenshot({ path: path.join(OUT_DIR, `einvoicing-${width}-${scheme}.png`) });
        await page.goto('/');
        const warning = page.getByTestId('einvoicing-warning');
        await expect(warning.getByText('BR-KSA-25').first()).toBeVisible();
        await expectNoOverflow(page, 'home');
        await page.screenshot({ path: path.join(OUT_DIR, `home-einvoicing-${width}-${scheme}.png`) });
      }
    });
  });
}
