import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { bearer, postAs, randomPhone } from './support/api';
import { signedInAs } from './support/auth';
import { axeViolations } from './support/axe';
import { pickDay } from './support/day-picker';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow, settleLayout } from './support/layout';
import { toasts } from './support/toasts';

/**
 * Settings → «الزيارات»: the planned visits' start and length, and the holidays the planner never
 * books — added with the day picker (Hijri beside Gregorian), kept in order, removed one by one —
 * and a contract made after the change planning around them. The settings are the office's, so the
 * test puts back what it changed; the window stays changed only while its contract is planned.
 */

const SHOTS = path.join('test-results', 'visit-settings');

interface VisitSettings {
  visitDayStart: string;
  visitMinutes: number;
  holidays: string[];
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
const isFriday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 5;

/** A Saturday-to-Thursday day years ahead, this run's own. */
function ownHoliday(): string {
  const day = dayOf(Date.UTC(2040 + Math.floor(Math.random() * 40), Math.floor(Math.random() * 12), 1));
  const picked = addDays(day, Math.floor(Math.random() * 20));
  return isFriday(picked) ? addDays(picked, 1) : picked;
}

async function visitSettings(request: APIRequestContext, token: string): Promise<VisitSettings> {
  const res = await request.get('/api/settings?fields=visitDayStart,visitMinutes,holidays', {
    headers: bearer(token),
  });
  expect(res.status()).toBe(200);
  return res.json();
}

/** A one-month contract type of two visits (billed through a service of its own). */
async function contractType(request: APIRequestContext, token: string) {
  const tag = randomPhone().slice(-5);
  const service = await postAs(request, token, '/api/service', { name: `صيانة شهرية ${tag}`, price: '0' });
  return postAs(request, token, '/api/contract', {
    name: `عقد زيارتين ${tag}`,
    durationMonths: 1,
    visits: 2,
    price: '500',
    service: service._id,
  });
}

failOnPageErrors();

test('an admin sets the visit window and the holidays; a contract made after it plans around them', async ({
  officeSettings: _heldForThisTest,
  admin: { page, token },
  request,
}) => {
  const before = await visitSettings(request, token);
  const holiday = ownHoliday();
  const later = addDays(holiday, 7);
  const customer = await postAs(request, token, '/api/customer', {
    name: `مدرسة العطل ${randomPhone().slice(-4)}`,
    phoneNumber: randomPhone(),
  });
  const type = await contractType(request, token);

  await page.goto('/settings');
  const section = page.getByTestId('visit-settings');
  await expect(section.getByRole('heading', { name: 'الزيارات', exact: true })).toBeVisible();
  const holidays = section.getByTestId('holidays');
  if (before.holidays.length === 0) await expect(holidays.getByText('لا أيام عطل')).toBeVisible();

  // A time that is none: the schema's Arabic message, and nothing is saved.
  const start = section.getByLabel('بداية الزيارات');
  await start.fill('25:00');
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect(section.getByText('وقت بدء الزيارات غير صحيح (مثل 08:00)')).toBeVisible();
  expect((await visitSettings(request, token)).visitDayStart).toBe(before.visitDayStart);

  // Two holidays, the later first: the list keeps them in order, each with its Hijri date.
  await pickDay(page, 'يوم عطلة', later);
  await holidays.getByRole('button', { name: 'إضافة العطلة' }).click();
  await pickDay(page, 'يوم عطلة', holiday);
  await holidays.getByRole('button', { name: 'إضافة العطلة' }).click();
  const rows = holidays.locator('[data-holiday]');
  await expect(holidays.locator(`[data-holiday="${holiday}"]`)).toContainText(holiday.replaceAll('-', '/'));
  await expect(holidays.locator(`[data-holiday="${holiday}"]`)).toContainText(/\d{1,2} \D+ 1[45]\d\d هـ/);
  const shown = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-holiday')));
  expect(shown).toEqual([...shown].sort());
  expect(shown.indexOf(holiday)).toBeLessThan(shown.indexOf(later));
  // The same day twice is refused in place.
  await pickDay(page, 'يوم عطلة', holiday);
  await holidays.getByRole('button', { name: 'إضافة العطلة' }).click();
  await expect(holidays.getByText('هذا اليوم من أيام العطل مسبقاً')).toBeVisible();

  await start.fill('07:30');
  await section.getByLabel('مدة الزيارة (بالدقائق)').fill('90');
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect(toasts(page).filter({ hasText: 'تم حفظ الإعدادات' })).toBeVisible();
  const saved = await visitSettings(request, token);
  expect(saved).toMatchObject({ visitDayStart: '07:30', visitMinutes: 90 });
  expect(saved.holidays).toEqual([...new Set([...before.holidays, holiday, later])].sort());

  // A contract starting on the holiday: its first visit is the next working day, at 07:30 for 90 minutes.
  const contract = await postAs<{ visits: { _id: string; scheduledAt: string }[] }>(
    request,
    token,
    '/api/customer-contract',
    { customer: customer._id, contract: type._id, startDate: holiday },
  );
  const next = isFriday(addDays(holiday, 1)) ? addDays(holiday, 2) : addDays(holiday, 1);
  expect(contract.visits).toHaveLength(2);
  expect(contract.visits[0].scheduledAt).toBe(new Date(`${next}T07:30:00+03:00`).toISOString());
  for (const v of contract.visits) {
    const day = new Date(Date.parse(v.scheduledAt) + 3 * 3_600_000).toISOString().slice(0, 10);
    expect([holiday, later]).not.toContain(day);
    const visit = await request.get(`/api/visit/${v._id}`, { headers: bearer(token) });
    expect((await visit.json()).durationMinutes).toBe(90);
  }

  // The window back as it was, so other contracts plan as before.
  await start.fill(before.visitDayStart);
  await section.getByLabel('مدة الزيارة (بالدقائق)').fill(String(before.visitMinutes));
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect
    .poll(async () => {
      const now = await visitSettings(request, token);
      return [now.visitDayStart, now.visitMinutes];
    })
    .toEqual([before.visitDayStart, before.visitMinutes]);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoOverflow(page, `visit settings ${scheme} ${width}`);
      await settleLayout(page);
      // The section's top just under the sticky header.
      await section.evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -80);
      });
      await page.screenshot({ path: path.join(SHOTS, `visit-settings-${width}-${scheme}.png`) });
      if (width === 1280)
        expect(await axeViolations(page, { include: '[data-testid="visit-settings"]' }), scheme).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Each holiday removed with its own button, then saved: the office's holidays as they were.
  for (const day of [later, holiday]) {
    await holidays
      .getByRole('button', { name: new RegExp(`^حذف عطلة .*${day.replaceAll('-', '/')}$`) })
      .click();
    await expect(holidays.locator(`[data-holiday="${day}"]`)).toHaveCount(0);
  }
  if (before.holidays.length === 0) await expect(holidays.getByText('لا أيام عطل')).toBeVisible();
  await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect.poll(async () => (await visitSettings(request, token)).holidays).toEqual(before.holidays);
});

test('a manager (no settings:update) sees the visit settings and cannot change them', async ({
  page,
  request,
}) => {
  await signedInAs(page, request, { role: 'manager' });
  await page.goto('/settings');
  const section = page.getByTestId('visit-settings');
  await expect(section.getByLabel('بداية الزيارات')).toBeDisabled();
  await expect(section.getByLabel('مدة الزيارة (بالدقائق)')).toBeDisabled();
  await expect(section.getByTestId('holidays')).toBeVisible();
  await expect(section.getByRole('button', { name: 'إضافة العطلة' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'حفظ الإعدادات' })).toHaveCount(0);
});
