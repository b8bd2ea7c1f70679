import fs from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { adminAuth, bearer, createUser, randomPhone, type TestUser } from './support/api';
import { signedInAs } from './support/auth';
import { collectErrors } from './support/console';
import { pickUp } from './support/keyboard-drag';
import { expectNoOverflow, settleLayout } from './support/layout';

/**
 * The dispatch board (لوحة التوزيع, /dashboard/dispatch) in a real browser over the real API: lanes
 * and visits, drag with the mouse and with the keyboard, the dialog, a double booking overridden
 * with a reason, a move another board sees at once, and a move made from an old version. Each test
 * books its visits on a day of its own, years ahead, so nothing else lands on its board (the first
 * checks one fixed day's calendars; the others move a day a random number of weeks ahead per run).
 */

const SHOTS = path.join('test-results', 'dispatch');

/**
 * A day of this run's own: `base` moved a random number of whole weeks ahead (the weekday stays),
 * so a second run, or a test run again, finds no lanes of an earlier one on its board.
 */
const RUN_WEEKS = 52 + Math.floor(Math.random() * 4000);
function ownDay(base: string): string {
  const d = new Date(`${base}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + RUN_WEEKS * 7);
  return d.toISOString().slice(0, 10);
}

interface Visit {
  _id: string;
  number: number;
  assignees: string[];
  scheduledAt: string;
  overrideReason: string;
}

interface Team {
  headers: Record<string, string>;
  ahmad: TestUser;
  badr: TestUser;
  customer: { _id: string; name: string };
  city: { _id: string; name: string; government: string };
}

/** Two technicians (أحمد's lane above بدر's: lanes go by name) and a customer in a city. */
async function team(request: APIRequestContext): Promise<Team> {
  const headers = bearer(await adminAuth(request));
  const tag = randomPhone().slice(-4);
  const ahmad = await createUser(request, { role: 'technician', name: `أحمد الفني ${tag}` });
  const badr = await createUser(request, { role: 'technician', name: `بدر الفني ${tag}` });
  const city = (await (await request.get('/api/city?limit=1', { headers })).json()).data[0];
  const res = await request.post('/api/customer', {
    headers,
    data: {
      name: `مؤسسة اللوحة ${tag}`,
      phoneNumber: randomPhone(),
      city: city._id,
      government: city.government,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { headers, ahmad, badr, customer: await res.json(), city };
}

/** Books a visit through the API: `day` at `time` Riyadh time for an hour, on `assignees`. */
async function book(
  request: APIRequestContext,
  t: Team,
  day: string,
  time: string,
  assignees: TestUser[] = [],
): Promise<Visit> {
  const res = await request.post('/api/visit', {
    headers: t.headers,
    data: {
      customer: t.customer._id,
      city: t.city._id,
      scheduledAt: `${day}T${time}:00+03:00`,
      durationMinutes: 60,
      assignees: assignees.map((u) => u._id),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/**
 * A team whose أحمد has the visit to move (`time` on `day`) and whose بدر has one later that day,
 * so both lanes are on the board.
 */
async function twoLanes(request: APIRequestContext, day: string, time: string) {
  const t = await team(request);
  const visit = await book(request, t, day, time, [t.ahmad]);
  await book(request, t, day, '16:00', [t.badr]);
  return { t, visit };
}

async function stored(request: APIRequestContext, t: Team, visit: Visit): Promise<Visit> {
  const res = await request.get(`/api/visit/${visit._id}`, { headers: t.headers });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Who the server has on the visit, and when. */
async function placeOf(request: APIRequestContext, t: Team, visit: Visit) {
  const saved = await stored(request, t, visit);
  return [saved.assignees, saved.scheduledAt];
}

const at = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`).toISOString();
const track = (page: Page, laneId: string) => page.locator(`[data-track="${laneId}"]`);
const card = (scope: Page | Locator, visit: Visit) => scope.locator(`[data-visit="${visit.number}"]`);

/** A dispatcher (the front office's preset: visits read, details, booked and moved) on a board. */
async function dispatcher(page: Page, request: APIRequestContext, name: string, url: string) {
  await signedInAs(page, request, { role: 'employee', name });
  await page.goto(url);
  await expect(page.getByTestId('board-counters')).toBeVisible();
}

async function newDispatcher(browser: Browser, request: APIRequestContext, name: string, url: string) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await dispatcher(page, request, name, url);
  return page;
}

/**
 * Drags the visit with the mouse from lane `from` onto lane `to` (user ids, or `unassigned`), `dx`
 * pixels sideways from where it was picked up, waiting until the copy under the pointer says where
 * it lands.
 */
async function drag(page: Page, visit: Visit, from: string, to: string, landing: string, dx = 0) {
  const a = await card(track(page, from), visit).boundingBox();
  const b = await track(page, to).boundingBox();
  if (!a || !b) throw new Error('the card or its target is not on screen');
  const x = a.x + a.width / 2;
  const y = a.y + a.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y, { steps: 4 });
  await page.mouse.move(x + dx, b.y + b.height / 2, { steps: 12 });
  await expect(page.getByTestId('drag-landing')).toHaveText(landing);
  await page.mouse.up();
}

/** The board shows the visit in lane `to` and no longer in lane `from`. */
async function expectMoved(page: Page, visit: Visit, from: string, to: string) {
  await expect(card(track(page, to), visit)).toBeVisible();
  await expect(card(track(page, from), visit)).toHaveCount(0);
}

/**
 * Screenshots of what is open now, light and dark, at `widths` (`whole`: the whole page, checked
 * to be no wider than the window); back to light and the window's size after.
 */
async function shoot(page: Page, name: string, widths = [1280], whole = false) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await settleLayout(page);
      if (whole) await expectNoOverflow(page, `${name} at ${width} px (${scheme})`);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${scheme}.png`), fullPage: whole });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}

test.use({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });

test('the board shows a lane per technician and one for unassigned visits, counts them, and reads right to left', async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  const t = await team(request);
  const day = '2031-05-04';
  const early = await book(request, t, day, '09:00', [t.ahmad]);
  const late = await book(request, t, day, '13:30', [t.ahmad]);
  const shared = await book(request, t, day, '11:00', [t.ahmad, t.badr]);
  const open = await book(request, t, day, '10:00');
  const past = await book(request, t, '2025-02-02', '09:00', [t.badr]);

  await dispatcher(page, request, 'ريم المنسقة', `/dashboard/dispatch?day=${day}`);
  await expect(page.getByRole('banner').getByRole('heading', { name: 'لوحة التوزيع' })).toBeVisible();
  // The day in both calendars: Sunday 4 May 2031 is 12 Muharram 1453.
  await expect(page.getByTestId('board-date')).toHaveText('الأحد 2031/05/04');
  await expect(page.getByTestId('board-hijri')).toHaveText('12 محرم 1453 هـ');

  await expect(page.locator('[data-lane]')).toHaveText([
    /^بلا فني/,
    new RegExp(t.ahmad.name),
    new RegExp(t.badr.name),
  ]);
  await expect(card(track(page, t.ahmad._id), early)).toBeVisible();
  await expect(card(track(page, t.ahmad._id), late)).toBeVisible();
  // A team visit shows in each member's lane.
  await expect(card(track(page, t.ahmad._id), shared)).toBeVisible();
  await expect(card(track(page, t.badr._id), shared)).toBeVisible();
  await expect(card(track(page, 'unassigned'), open)).toContainText(t.customer.name);
  await expect(card(track(page, 'unassigned'), open)).toContainText(t.city.name);
  await expect(card(track(page, 'unassigned'), open)).toContainText(`#${open.number} · 10:00 ص`);
  await expect(card(track(page, 'unassigned'), open)).toHaveAttribute(
    'aria-label',
    /10:00 ص – 11:00 ص، مجدولة/,
  );
  await expect(page.getByTestId('board-counters')).toContainText('4 زيارات');
  await expect(page.getByTestId('unassigned-count')).toHaveText('زيارة بلا فني');
  await expect(page.getByTestId('overdue-count')).toHaveText('لا زيارات متأخرة');

  // Right to left: the first hour at the right edge of the tracks, later hours and visits leftwards.
  const lane = await track(page, t.ahmad._id).boundingBox();
  const seven = await page.locator('[data-hour="7"]').boundingBox();
  const eight = await page.locator('[data-hour="8"]').boundingBox();
  expect(lane && seven && eight).toBeTruthy();
  expect(Math.abs(seven!.x + seven!.width - (lane!.x + lane!.width))).toBeLessThanOrEqual(2);
  expect(eight!.x).toBeLessThan(seven!.x);
  const nine = await card(track(page, t.ahmad._id), early).boundingBox();
  const half = await card(track(page, t.ahmad._id), late).boundingBox();
  expect(half!.x + half!.width).toBeLessThan(nine!.x);

  // The week: Saturday to Friday, each visit in its lane's day.
  await page.getByText('أسبوع', { exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByTestId('board-date')).toHaveText('2031/05/03 – 2031/05/09');
  await expect(page.getByTestId('board-hijri')).toHaveText('11 محرم 1453 هـ – 17 محرم 1453 هـ');
  await expect(page.locator(`[data-cell="${t.ahmad._id}|${day}"] [data-visit]`)).toHaveCount(3);
  await expect(page.locator(`[data-cell="${t.badr._id}|${day}"] [data-visit]`)).toHaveCount(1);

  // A past day: its open visit is overdue, marked and counted.
  await page.goto('/dashboard/dispatch?day=2025-02-02');
  await expect(page.getByTestId('overdue-count')).toHaveText('زيارة متأخرة');
  await expect(card(track(page, t.badr._id), past)).toHaveAttribute('data-overdue', 'true');
  await expect(card(track(page, t.badr._id), past)).toContainText('متأخرة');

  // A day without visits says so.
  await page.getByRole('button', { name: 'اليوم السابق' }).click();
  await expect(page).toHaveURL(/day=2025-02-01/);
  await expect(page.getByText('لا زيارات في هذا اليوم')).toBeVisible();

  // Light and dark at a phone's, a tablet's and a desk's width: nothing wider than the window.
  for (const view of ['day', 'week'] as const) {
    await page.goto(`/dashboard/dispatch?day=${day}${view === 'week' ? '&view=week' : ''}`);
    await expect(page.locator('[data-visit]').first()).toBeVisible();
    await shoot(page, view, [375, 768, 1280], true);
  }
  expect(errors).toEqual([]);
});

test('a visit dragged with the mouse onto another technician’s lane is theirs alone', async ({
  page,
  request,
}) => {
  const day = ownDay('2031-05-05');
  const { t, visit } = await twoLanes(request, day, '10:00');
  await dispatcher(page, request, 'سارة المنسقة', `/dashboard/dispatch?day=${day}`);

  await drag(page, visit, t.ahmad._id, t.badr._id, `${t.badr.name} · 10:00 ص`);
  await expectMoved(page, visit, t.ahmad._id, t.badr._id);
  await expect.poll(() => placeOf(request, t, visit)).toEqual([[t.badr._id], at(day, '10:00')]);

  // Along its own lane, an hour to the left: an hour later, the same technician.
  const hour = ((await track(page, t.badr._id).boundingBox())!.width / 14) * -1;
  await drag(page, visit, t.badr._id, t.badr._id, `${t.badr.name} · 11:00 ص`, hour);
  await expect.poll(() => placeOf(request, t, visit)).toEqual([[t.badr._id], at(day, '11:00')]);
});

test('the keyboard moves a visit: Space picks it up, the arrows move it, Space drops it', async ({
  page,
  request,
}) => {
  const day = ownDay('2031-05-06');
  const { t, visit } = await twoLanes(request, day, '10:00');
  await dispatcher(page, request, 'هند المنسقة', `/dashboard/dispatch?day=${day}`);

  const moving = card(track(page, t.ahmad._id), visit);
  await moving.focus();
  await pickUp(page);
  const landing = page.getByTestId('drag-landing');
  // Left is later (the day runs right to left): four slots of 15 minutes.
  for (const time of ['10:15', '10:30', '10:45', '11:00']) {
    await page.keyboard.press('ArrowLeft');
    await expect(landing).toHaveText(`${t.ahmad.name} · ${time} ص`);
  }
  await page.keyboard.press('ArrowDown');
  await expect(landing).toHaveText(`${t.badr.name} · 11:00 ص`);
  await page.keyboard.press('Space');

  await expect(card(track(page, t.badr._id), visit)).toBeVisible();
  await expect.poll(() => placeOf(request, t, visit)).toEqual([[t.badr._id], at(day, '11:00')]);

  // Escape puts a picked-up visit back.
  const back = card(track(page, t.badr._id), visit);
  await back.focus();
  await pickUp(page);
  await page.keyboard.press('ArrowUp');
  await expect(landing).toHaveText(`${t.ahmad.name} · 11:00 ص`);
  await page.keyboard.press('Escape');
  await expect(landing).toHaveCount(0);
  expect((await stored(request, t, visit)).assignees).toEqual([t.badr._id]);
});

test('Enter opens «نقل أو إسناد الزيارة», which assigns and moves a visit without dragging', async ({
  page,
  request,
}) => {
  const t = await team(request);
  const day = ownDay('2031-05-07');
  const visit = await book(request, t, day, '09:00', [t.ahmad]);
  await dispatcher(page, request, 'لمى المنسقة', `/dashboard/dispatch?day=${day}`);

  await card(track(page, t.ahmad._id), visit).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'نقل أو إسناد الزيارة' });
  await expect(dialog.getByRole('combobox', { name: 'الوقت' })).toHaveValue('09:00');
  await expect(dialog.getByRole('button', { name: 'اليوم', exact: true })).toHaveText(
    day.replaceAll('-', '/'),
  );
  await shoot(page, 'dialog');
  // Backspace takes أحمد off; بدر is chosen from the list.
  const technicians = dialog.getByRole('combobox', { name: 'الفنيون' });
  await technicians.click();
  await technicians.press('Backspace');
  await page.getByRole('option', { name: t.badr.name }).click();
  await dialog.getByRole('heading', { name: 'نقل أو إسناد الزيارة' }).click();
  await dialog.getByRole('combobox', { name: 'الوقت' }).selectOption('14:30');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog).toBeHidden();

  await expect(card(track(page, t.badr._id), visit)).toHaveAttribute('aria-label', /02:30 م – 03:30 م/);
  expect(await placeOf(request, t, visit)).toEqual([[t.badr._id], at(day, '14:30')]);
});

test('a double booking shows the server’s Arabic message; overriding it with a reason books it', async ({
  page,
  request,
}) => {
  const t = await team(request);
  const day = ownDay('2031-05-08');
  const booked = await book(request, t, day, '10:00', [t.ahmad]);
  const visit = await book(request, t, day, '10:30');
  await dispatcher(page, request, 'نوف المنسقة', `/dashboard/dispatch?day=${day}`);

  const clash = page.getByRole('dialog', { name: 'تعارض في مواعيد الفني' });
  await drag(page, visit, 'unassigned', t.ahmad._id, `${t.ahmad.name} · 10:30 ص`);
  await expect(clash.getByTestId('visit-clash')).toContainText(`في الزيارة رقم ${booked.number}`);
  await expect(clash.getByTestId('visit-clash')).toContainText('وتتداخل مع هذا الموعد');
  // Cancelled: the visit is back where it was, and nothing was saved.
  await clash.getByRole('button', { name: 'تراجع' }).click();
  await expect(clash).toBeHidden();
  await expect(card(track(page, 'unassigned'), visit)).toBeVisible();
  expect((await stored(request, t, visit)).assignees).toEqual([]);

  await drag(page, visit, 'unassigned', t.ahmad._id, `${t.ahmad.name} · 10:30 ص`);
  await expect(clash).toBeVisible();
  // A reason is required.
  await clash.getByRole('button', { name: 'تجاوز التعارض' }).click();
  await expect(clash).toContainText('اكتب سبب تجاوز التعارض');
  await clash.getByRole('textbox', { name: 'سبب تجاوز التعارض' }).fill('العميل طلب هذا الموعد بعينه');
  await shoot(page, 'clash');
  await clash.getByRole('button', { name: 'تجاوز التعارض' }).click();
  await expect(clash).toBeHidden();
  await expect(card(track(page, t.ahmad._id), visit)).toBeVisible();
  const saved = await stored(request, t, visit);
  expect([saved.assignees, saved.overrideReason]).toEqual([[t.ahmad._id], 'العميل طلب هذا الموعد بعينه']);
});

test('a move on one board shows on another at once; a second move of the same version meets the edit conflict', async ({
  browser,
  request,
}) => {
  const day = ownDay('2031-05-10');
  const { t, visit } = await twoLanes(request, day, '09:00');
  const url = `/dashboard/dispatch?day=${day}`;
  const first = await newDispatcher(browser, request, 'منيرة الأولى', url);
  const second = await newDispatcher(browser, request, 'عبير الثانية', url);

  // Both open the visit's dialog (each reads version 1).
  for (const page of [first, second]) {
    await card(track(page, t.ahmad._id), visit).click();
    await expect(
      page.getByRole('dialog', { name: 'نقل أو إسناد الزيارة' }).getByRole('combobox', { name: 'الوقت' }),
    ).toHaveValue('09:00');
  }

  // The first drags it to بدر; the second board moves it too, without a reload.
  await first.keyboard.press('Escape');
  await expect(first.getByRole('dialog', { name: 'نقل أو إسناد الزيارة' })).toBeHidden();
  await drag(first, visit, t.ahmad._id, t.badr._id, `${t.badr.name} · 09:00 ص`);
  await expectMoved(second, visit, t.ahmad._id, t.badr._id);

  // The second still holds the old version in its dialog: its save is stopped and explained.
  const dialog = second.getByRole('dialog', { name: 'نقل أو إسناد الزيارة' });
  await dialog.getByRole('combobox', { name: 'الوقت' }).selectOption('12:00');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  const conflict = second.getByRole('dialog', { name: 'تعارض في التعديل' });
  await expect(conflict).toContainText('تم تعديل هذا السجل من قِبل منيرة الأولى في');
  expect((await stored(request, t, visit)).scheduledAt).toBe(at(day, '09:00'));
  await conflict.getByRole('button', { name: 'تحميل أحدث نسخة' }).click();
  await expect(conflict).toBeHidden();
  // The dialog now shows the saved visit: بدر's, at 09:00; saving from it works.
  await expect(dialog.getByRole('combobox', { name: 'الوقت' })).toHaveValue('09:00');
  await expect(dialog).toContainText(t.badr.name);
  await dialog.getByRole('combobox', { name: 'الوقت' }).selectOption('12:00');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(track(first, t.badr._id), visit)).toHaveAttribute('aria-label', /12:00 م – 01:00 م/);
  expect(await placeOf(request, t, visit)).toEqual([[t.badr._id], at(day, '12:00')]);
});

test('on a phone the board fits the screen and the dialog is the way to move', async ({ page, request }) => {
  const t = await team(request);
  const day = ownDay('2031-05-11');
  const visit = await book(request, t, day, '17:00', [t.ahmad]);
  await page.setViewportSize({ width: 375, height: 800 });
  await dispatcher(page, request, 'جود المنسقة', `/dashboard/dispatch?day=${day}&view=week`);
  await settleLayout(page);
  await expectNoOverflow(page, 'the week on a phone');
  await card(page, visit).click();
  const dialog = page.getByRole('dialog', { name: 'نقل أو إسناد الزيارة' });
  await expect(dialog.getByRole('combobox', { name: 'الوقت' })).toHaveValue('17:00');
  await shoot(page, 'phone-dialog', [375]);
  await dialog.getByRole('combobox', { name: 'الوقت' }).selectOption('08:00');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await stored(request, t, visit)).scheduledAt).toBe(at(day, '08:00'));
});

test('the district narrows the board to its customers’ visits, as the search compares Arabic, and stays in the address', async ({
  page,
  request,
}) => {
  const t = await team(request);
  const day = ownDay('2031-05-12');
  /** The team with a customer of its own in `district`. */
  const inDistrict = async (district: string): Promise<Team> => {
    const res = await request.post('/api/customer', {
      headers: t.headers,
      data: {
        name: `عميل ${district} ${randomPhone().slice(-4)}`,
        phoneNumber: randomPhone(),
        city: t.city._id,
        government: t.city.government,
        district,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return { ...t, customer: await res.json() };
  };
  const narjis = await book(request, await inDistrict('حيّ النَّرجس'), day, '09:00', [t.ahmad]);
  const olaya = await book(request, await inDistrict('العليا'), day, '11:00', [t.badr]);
  await dispatcher(page, request, 'رهف المنسقة', `/dashboard/dispatch?day=${day}`);
  await expect(card(page, narjis)).toBeVisible();
  await expect(card(page, olaya)).toBeVisible();

  // Without the shadda and «حيّ»: the visit of النرجس only.
  const district = page.getByRole('searchbox', { name: 'الحي' });
  await district.fill('النرجس');
  await expect(page).toHaveURL(/district=/);
  await expect(card(page, olaya)).toHaveCount(0);
  await expect(card(page, narjis)).toBeVisible();
  await expect(page.getByTestId('board-counters')).toContainText('زيارة واحدة');
  // The address opens the same board.
  await page.reload();
  await expect(district).toHaveValue('النرجس');
  await expect(card(page, narjis)).toBeVisible();
  await expect(card(page, olaya)).toHaveCount(0);

  // A district without visits that day says so; clearing shows the whole day again.
  await district.fill('الملقا');
  await expect(page.getByText('لا زيارة تطابق البحث أو المنطقة أو المدينة أو الحي المختار')).toBeVisible();
  await page.getByRole('button', { name: 'مسح الحي' }).click();
  await expect(card(page, olaya)).toBeVisible();
  await expect(card(page, narjis)).toBeVisible();
  await expect(page).not.toHaveURL(/district=/);
});

test('the day arrows read right to left: «السابق» on the right pointing right, «التالي» on the left, in that order for the keyboard', async ({
  page,
  request,
}) => {
  const day = ownDay('2031-05-13');
  await dispatcher(page, request, 'غدير المنسقة', `/dashboard/dispatch?day=${day}`);
  const previous = page.getByRole('button', { name: 'اليوم السابق' });
  const today = page.getByRole('button', { name: 'اليوم', exact: true });
  const next = page.getByRole('button', { name: 'اليوم التالي' });
  await expect(previous.locator('svg')).toHaveClass(/tabler-icon-chevron-right/);
  await expect(next.locator('svg')).toHaveClass(/tabler-icon-chevron-left/);
  const [p, n, t] = await Promise.all([previous, next, today].map((b) => b.boundingBox()));
  expect(p!.x).toBeGreaterThan(t!.x);
  expect(t!.x).toBeGreaterThan(n!.x);

  // Tab goes as the eye reads: previous, today, next; Enter on next is the day after.
  await previous.focus();
  await page.keyboard.press('Tab');
  await expect(today).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  const after = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await expect(page).toHaveURL(new RegExp(`day=${after}`));
  await shoot(page, 'toolbar', [375, 768, 1280]);
});
