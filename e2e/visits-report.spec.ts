import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, createUser, postAs, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { pickDay } from './support/day-picker';
import { exportFile } from './support/downloads';
import { expect, test } from './support/fixtures';
import { expectNoOverflow } from './support/layout';

/**
 * The visits report (تقرير الزيارات والعقود, /dashboard/report/visits) over visits booked through
 * the API in months of this run's own, far past any other spec's days (the dispatch board's reach
 * ahead ends before 2110): the months with their due, done and missed visits (an empty month at
 * zero), the technician's booked hours against the period's working hours, the export, a period of
 * one's own choosing with the API's word on a bad one, and the sidebar entry only for its holders.
 */

const SHOTS = path.join('test-results', 'visits-report');
/** This run's years: one per test, so neither counts the other's visits. */
const YEAR = 2150 + Math.floor(Math.random() * 40);
const OWN_YEAR = YEAR + 1;
const FROM = `${YEAR}-03-01`;
const TO = `${YEAR}-05-31`;
const MARCH = `مارس ${YEAR}`;

/** The period's working days (not Fridays; the settings' holidays are never this far ahead). */
function workingDays(from: string, to: string): number {
  let n = 0;
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    if (new Date(t).getUTCDay() !== 5) n++;
  return n;
}

/** March: one visit done and one missed; April: none; May: one planned and one cancelled. */
async function fieldWork(request: APIRequestContext, token: string, year: number) {
  const tag = randomPhone().slice(-4);
  const technician = await createUser(request, { role: 'technician', name: `وليد الفني ${tag}` });
  const customer = await postAs(request, token, '/api/customer', {
    name: `مستشفى التقرير ${tag}`,
    phoneNumber: randomPhone(),
  });
  const book = async (day: string, minutes: number, assigned: boolean, status?: string) => {
    const visit = await postAs(request, token, '/api/visit', {
      customer: customer._id,
      scheduledAt: `${day}T09:00:00+03:00`,
      durationMinutes: minutes,
      assignees: assigned ? [technician._id] : [],
    });
    if (status) await postAs(request, token, `/api/visit/${visit._id}/status`, { status }, 200);
  };
  await book(`${year}-03-10`, 60, true, 'done');
  await book(`${year}-03-11`, 60, true, 'missed');
  await book(`${year}-05-12`, 120, true);
  await book(`${year}-05-13`, 60, false, 'cancelled');
  return technician;
}

const cells = (row: Locator) => row.locator('td, th');

/** The months' total row of a period with `fieldWork` in it: three due, one done, one missed. */
const expectPeriodTotals = (page: Page) =>
  expect(cells(page.getByTestId('visits-months-total'))).toHaveText(['الإجمالي', '3', '1', '1', '0.00 ر.س']);

test('the report counts the period’s visits month by month and sets the technician’s hours against the working hours', async ({
  admin: { page, token },
  errors,
  request,
}) => {
  const technician = await fieldWork(request, token, YEAR);
  await page.goto(`/dashboard/report/visits?from=${FROM}&to=${TO}`);
  await expect(
    page.getByRole('banner').getByRole('heading', { name: 'تقرير الزيارات والعقود' }),
  ).toBeVisible();
  await expect(page.getByTestId('visits-period-names')).toContainText(`${YEAR}/03/01 – ${YEAR}/05/31`);
  await expect(page.getByTestId('visits-period-names')).toContainText('هـ');

  // Each month of the period, April too; the cancelled visit is not due, the missed one is.
  await expect(cells(page.getByTestId(`visits-month-${YEAR}-03`))).toHaveText([
    MARCH,
    '2',
    '1',
    '1',
    '0.00 ر.س',
  ]);
  await expect(cells(page.getByTestId(`visits-month-${YEAR}-04`))).toHaveText([
    `أبريل ${YEAR}`,
    '0',
    '0',
    '0',
    '0.00 ر.س',
  ]);
  await expect(cells(page.getByTestId(`visits-month-${YEAR}-05`))).toHaveText([
    `مايو ${YEAR}`,
    '1',
    '0',
    '0',
    '0.00 ر.س',
  ]);
  await expectPeriodTotals(page);
  await expect(page.getByTestId('kpi-due')).toContainText('3');
  await expect(page.getByTestId('kpi-overdue')).toContainText('0');
  await expect(page.getByTestId('kpi-completion')).toContainText('33٪');

  // Booked: the done hour and the planned two (not the missed one) of the period's working hours.
  const available = workingDays(FROM, TO) * 8;
  const row = page.locator(`[data-testid="visits-technician"][data-user="${technician._id}"]`);
  await expect(row).toContainText(technician.name);
  await expect(row).toContainText('زيارتان');
  await expect(row).toContainText(`الساعات المحجوزة 3 من ${available}`);
  await expect(row.getByRole('progressbar')).toHaveAttribute(
    'aria-label',
    `${technician.name}: الساعات المحجوزة 3 من ${available} (${Math.round((180 / (available * 60)) * 100)}٪)`,
  );

  // The export: the same months and the technician's hours.
  await page.getByTestId('visits-export-csv').click();
  const dialog = page.getByRole('dialog', { name: 'تصدير تقرير الزيارات (CSV)' });
  const download = await exportFile(dialog);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^تقرير الزيارات والعقود ${FROM} إلى ${TO}.*\\.csv$`),
  );
  const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(csv).toContain(`الشهر,${MARCH},2,1,1,0.00,,,,,`);
  expect(csv).toContain(`الإجمالي,الفترة كلها,3,1,1,0.00,,,,,`);
  expect(csv.find((l) => l.includes(technician.name))).toBe(
    `الفني,${technician.name},2,,,,3,${available},0,0,`,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 768, 1280]) await shoot(page, `report-${width}-${scheme}`, width);
  }
  expect(errors).toEqual([]);
});

/**
 * The report opened afresh at `width` (no sidebar sliding from the last width's place), checked to
 * be no wider than the window and free of serious accessibility faults (axe), then photographed whole.
 */
async function shoot(page: Page, name: string, width: number) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width, height: 900 });
  await page.reload();
  await expect(page.getByTestId('visits-technicians')).toBeVisible();
  await expectNoOverflow(page, name);
  expect(await axeViolations(page, { exclude: '[data-sonner-toaster]' }), name).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('a period of one’s own: the API’s Arabic word on a bad one, an empty one said so, then the months', async ({
  admin: { page, token },
  errors,
  request,
}) => {
  await fieldWork(request, token, OWN_YEAR);
  // From the sidebar's reports: this Gregorian month, chosen among the months.
  await page.goto('/dashboard/report/aging');
  await page
    .getByRole('navigation', { name: 'القائمة الرئيسية' })
    .getByRole('link', { name: /تقرير الزيارات والعقود/ })
    .click();
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  await expect(page.getByTestId('visits-period')).toHaveValue(/^\S+ \d{4} م$/);
  await expect(page.getByTestId('visits-period-names')).toContainText(
    `${today.slice(0, 7).replace('-', '/')}/01 – `,
  );
  await page.getByText('ربع سنوي').click();
  await expect(page.getByTestId('visits-period')).toHaveValue(/^الربع \d من \d{4} م$/);

  await page.getByText('فترة محددة').click();
  // The start far ahead while the end is still this month: the API refuses the period, in Arabic.
  await pickDay(page, 'من', `${OWN_YEAR}-07-01`);
  await expect(page.getByTestId('visits-error')).toContainText('نهاية الفترة قبل بدايتها');
  await pickDay(page, 'إلى', `${OWN_YEAR}-07-31`);
  await expect(page).toHaveURL(new RegExp(`from=${OWN_YEAR}-07-01&to=${OWN_YEAR}-07-31`));
  await expect(page.getByTestId('visits-empty')).toContainText('لا زيارات ولا إيراد عقود في هذه الفترة');
  for (const width of [375, 1280]) await shoot(page, `empty-${width}`, width);

  await pickDay(page, 'من', `${OWN_YEAR}-03-01`);
  await pickDay(page, 'إلى', `${OWN_YEAR}-05-31`);
  await expectPeriodTotals(page);
  // The browser logs the refused period's answer; nothing else went wrong.
  expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
});

test('without report:visits the sidebar has no such report, its page is a 403 and the server refuses', async ({
  page,
  errors,
  request,
}) => {
  const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
  const { token } = await signedInAs(page, request, { role: 'accountant' });
  await page.goto('/dashboard/report/aging');
  await expect(nav.getByRole('link', { name: /أعمار الذمم/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: /تقرير الزيارات والعقود/ })).toHaveCount(0);
  await page.goto('/dashboard/report/visits');
  await expect(page.getByTestId('error-status')).toHaveText('403');
  const refused = await request.get(`/api/report/visits?from=${FROM}&to=${TO}`, { headers: bearer(token) });
  expect(refused.status()).toBe(403);
  expect(errors).toEqual([]);
});
