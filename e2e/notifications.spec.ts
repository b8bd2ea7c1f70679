import path from 'node:path';
import type { APIRequestContext, Browser, Locator, Page, WebSocketRoute } from '@playwright/test';
import { bearer, createUser, randomPhone, signIn } from './support/api';
import { signedInAs, signInWithToken } from './support/auth';
import { axeViolations } from './support/axe';
import { collectErrors } from './support/console';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow, settleLayout } from './support/layout';
import { limit } from './support/slowdown';

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;

const suffix = () => String(Math.floor(Math.random() * 1e6));
const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const bell = (page: Page) => page.getByTestId('notification-bell');
const centre = (page: Page) => page.getByTestId('notification-center');
const rows = (scope: Locator) => scope.getByTestId('notification-row');

interface Item {
  _id: string;
  type: string;
  title: string;
  description: string;
  link: string;
  read: boolean;
}

/** Records every media play() (the notification sound) in the page, before any script runs. */
async function recordPlays(page: Page) {
  await page.addInitScript(() => {
    const played: string[] = [];
    (window as unknown as { __played: string[] }).__played = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this.currentSrc || this.src);
      return play.call(this);
    };
  });
}

const plays = (page: Page) =>
  page.evaluate(() => (window as unknown as { __played: string[] }).__played.length);

async function unreadOnServer(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/notification/unreadCount', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return Number(await res.json());
}

async function listOnServer(request: APIRequestContext, token: string, query = 'limit=100&sort=-createdAt') {
  const res = await request.get(`/api/notification?${query}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { data: Item[]; total: number };
}

const badgeCount = async (page: Page) => Number(await bell(page).getAttribute('data-count'));

/**
 * The bell's counter matches the server's unread count. Other specs running beside this one may
 * notify this user too, so the counter is checked against the server rather than a fixed number.
 */
async function expectBadgeMatchesServer(page: Page, request: APIRequestContext, token: string) {
  await expect
    .poll(async () => {
      const [ui, server] = [await badgeCount(page), await unreadOnServer(request, token)];
      return ui === server ? 'same' : `ui ${ui} server ${server}`;
    })
    .toBe('same');
}

async function createCustomer(request: APIRequestContext, token: string, name: string) {
  const res = await request.post('/api/customer', {
    headers: bearer(token),
    data: { name, type: 'individual', phoneNumber: randomPhone() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string };
}

/** A signed-in admin (A) and a clerk (B) who may create and read customers. */
async function actors(request: APIRequestContext) {
  const t = suffix();
  const admin = await createUser(request, { role: 'admin', name: `مدير الإشعارات ${t}` });
  const adminToken = (await signIn(request, admin.phone, admin.password)).token;
  const clerk = await createUser(request, {
    role: 'employee',
    name: `موظف الاستقبال ${t}`,
    permissions: ['customer:create', 'customer:read', 'customer:details'],
  });
  const clerkToken = (await signIn(request, clerk.phone, clerk.password)).token;
  return { admin, adminToken, clerk, clerkToken };
}

async function clerkPage(browser: Browser, token: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
  });
  const page = await context.newPage();
  await signInWithToken(page, token);
  return { context, page };
}

/** Presses Tab until `target` has the focus (the centre is operable by keyboard alone). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 25; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Opens the centre with the keyboard: focus on the bell, Enter. */
async function openCentreByKeyboard(page: Page) {
  await bell(page).focus();
  await page.keyboard.press('Enter');
  await expect(centre(page)).toBeVisible();
}

test.describe('live notifications', () => {
  failOnPageErrors();
  test.setTimeout(limit(180_000));

  test('the live connection opens under the CSP (connect-src only this origin): no violation', async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await signedInAs(page, request);
    const opened = page.waitForEvent('websocket', (ws) =>
      new URL(ws.url()).pathname.startsWith('/socket.io/'),
    );
    await page.goto('/');
    const socket = await opened;
    expect(new URL(socket.url()).host).toBe(new URL(page.url()).host);
    await socket.waitForEvent('framereceived');
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  });

  test('a customer created by B reaches A live: counter, centre, toast, sound; read, unread, delete', async ({
    page,
    request,
    browser,
  }) => {
    await recordPlays(page);
    const { admin, adminToken, clerkToken } = await actors(request);
    await signInWithToken(page, adminToken);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `مرحباً، ${admin.name}` })).toBeVisible();
    await expect(bell(page)).toBeVisible();
    await expectBadgeMatchesServer(page, request, adminToken);
    const before = await badgeCount(page);
    const playsBefore = await plays(page);

    // The sound file is a real, short MP3.
    const sound = await request.get('/sounds/notification.mp3');
    expect(sound.status()).toBe(200);
    const bytes = await sound.body();
    const head = bytes.subarray(0, 3).toString('latin1');
    expect(head === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0), 'MP3 header').toBe(true);
    const duration = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const audio = new Audio('/sounds/notification.mp3');
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
          audio.addEventListener('error', () => reject(new Error('the sound did not load')));
        }),
    );
    expect(duration).toBeGreaterThan(0.2);
    expect(duration).toBeLessThanOrEqual(1.05);

    // B creates a customer in their own browser, through the form.
    const b = await clerkPage(browser, clerkToken);
    const customerName = `عميل الإشعار ${suffix()}`;
    await b.page.goto('/dashboard/customer/new');
    await b.page.getByRole('textbox', { name: 'اسم العميل' }).fill(customerName);
    await b.page.getByRole('textbox', { name: 'رقم الجوال', exact: true }).fill(randomPhone());
    await b.page.getByRole('button', { name: 'حفظ العميل' }).click();
    await expect(b.page).toHaveURL(/\/dashboard\/customer\/[0-9a-f-]{36}$/);
    const customerId = b.page.url().split('/').pop();

    // A: no reload — the counter rises, a toast shows it and the sound plays.
    await expect.poll(() => badgeCount(page)).toBeGreaterThanOrEqual(before + 1);
    await expectBadgeMatchesServer(page, request, adminToken);
    await expect(
      toasts(page).filter({ hasText: 'عميل جديد' }).filter({ hasText: customerName }),
    ).toBeVisible();
    await expect.poll(() => plays(page)).toBeGreaterThan(playsBefore);
    await expect(bell(page)).toHaveAttribute('aria-label', /^الإشعارات: /);

    // The centre (opened by keyboard) shows it on top, unread, with a link to the customer.
    await openCentreByKeyboard(page);
    const mine = (await listOnServer(request, adminToken)).data.find((n) =>
      n.description.includes(customerName),
    );
    expect(mine, 'stored for A').toBeTruthy();
    expect(mine?.link).toBe(`/dashboard/customer/${customerId}`);
    const row = rows(centre(page)).filter({ hasText: customerName });
    await expect(row).toHaveCount(1);
    const topTitle = await rows(centre(page)).first().textContent();
    const newest = (await listOnServer(request, adminToken, 'limit=1&sort=-createdAt')).data[0];
    expect(topTitle).toContain(newest.title);
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row.getByText('منذ', { exact: false }).or(row.getByText('الآن'))).toBeVisible();
    expect(await rows(centre(page)).count()).toBeLessThanOrEqual(5);

    // Escape closes it and gives the focus back to the bell.
    await page.keyboard.press('Escape');
    await expect(centre(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
    await openCentreByKeyboard(page);
    // Tab reaches the item's buttons (focus stays inside the open centre).
    const markRead = row.getByRole('button', { name: 'تحديد كمقروء: عميل جديد' });
    await tabTo(page, markRead);

    // Read: the counter falls by one at once (and the server agrees).
    const beforeRead = await badgeCount(page);
    await page.keyboard.press('Enter');
    await expect(row).not.toHaveAttribute('data-unread', 'true');
    await expect.poll(() => badgeCount(page)).toBeLessThanOrEqual(beforeRead - 1);
    await expect
      .poll(async () => (await listOnServer(request, adminToken)).data.find((n) => n._id === mine?._id)?.read)
      .toBe(true);
    await expectBadgeMatchesServer(page, request, adminToken);

    // Unread again: +1.
    await row.getByRole('button', { name: 'تحديد كغير مقروء: عميل جديد' }).click();
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expectBadgeMatchesServer(page, request, adminToken);

    // Mark all read: 0, no badge.
    await centre(page).getByRole('button', { name: 'تحديد الكل كمقروء' }).click();
    await expect(toasts(page).filter({ hasText: 'تم تعليم كل الإشعارات كمقروءة' })).toBeVisible();
    await expect.poll(() => unreadOnServer(request, adminToken)).toBe(0);
    await expectBadgeMatchesServer(page, request, adminToken);
    await expect(bell(page)).toHaveAttribute('aria-label', 'الإشعارات: لا توجد إشعارات غير مقروءة');

    // Clicking the notification goes to its link and marks it read.
    await centre(page).getByRole('link').filter({ hasText: customerName }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/customer/${customerId}$`));
    await expect(centre(page)).toBeHidden();

    // The /notification page: mark all unread → the counter returns to the total.
    await page.goto('/notification');
    const list = page.getByTestId('notification-list');
    await expect(rows(list).filter({ hasText: customerName })).toBeVisible();
    await page.getByRole('button', { name: 'تحديد الكل كغير مقروء' }).click();
    await expect(toasts(page).filter({ hasText: 'تم تعليم كل الإشعارات كغير مقروءة' })).toBeVisible();
    const total = (await listOnServer(request, adminToken)).total;
    await expect.poll(() => badgeCount(page)).toBeGreaterThanOrEqual(total);
    await expectBadgeMatchesServer(page, request, adminToken);

    // Delete one, with confirmation: gone from the page and the server, counter −1.
    const beforeDelete = await badgeCount(page);
    await rows(list)
      .filter({ hasText: customerName })
      .getByRole('button', { name: /^حذف الإشعار/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'حذف الإشعار' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'حذف' }).click();
    await expect(toasts(page).filter({ hasText: 'تم حذف الإشعار' })).toBeVisible();
    await expect(rows(list).filter({ hasText: customerName })).toHaveCount(0);
    await expect.poll(() => badgeCount(page)).toBeLessThanOrEqual(beforeDelete - 1);
    await expectBadgeMatchesServer(page, request, adminToken);
    expect((await listOnServer(request, adminToken)).data.some((n) => n._id === mine?._id)).toBe(false);

    // Someone else's notification is not B's to touch.
    const other = await createCustomer(request, clerkToken, `عميل آخر ${suffix()}`);
    expect(other._id).toBeTruthy();
    await expect.poll(async () => (await listOnServer(request, adminToken)).data.length).toBeGreaterThan(0);
    const someId = (await listOnServer(request, adminToken)).data[0]._id;
    const foreign = await request.put(`/api/notification/read/${someId}`, { headers: bearer(clerkToken) });
    expect(foreign.status()).toBe(404);

    await b.context.close();
  });

  test('after a reconnect the list and the counter catch up with what was pushed while offline', async ({
    page,
    request,
  }) => {
    const connects = () => socketLog.filter((l) => l.startsWith('[socket] connected')).length;
    const socketLog: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().startsWith('[socket]')) socketLog.push(msg.text());
    });
    // The websocket goes through the test (to the real server), so the test can cut it.
    let online = true;
    const sockets = new Set<WebSocketRoute>();
    const waiting = new Set<WebSocketRoute>();
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      if (!online) {
        waiting.add(ws); // held, unanswered, until the test goes online again
        return;
      }
      ws.connectToServer();
      sockets.add(ws);
    });
    const { adminToken, clerkToken } = await actors(request);
    await signInWithToken(page, adminToken);
    await page.goto('/');
    await expect(bell(page)).toBeVisible();
    await expect.poll(connects).toBe(1);
    await expectBadgeMatchesServer(page, request, adminToken);

    // Offline: the connection drops and reconnect attempts fail for a while.
    online = false;
    for (const ws of sockets) await ws.close({ code: 4000, reason: 'offline' });
    sockets.clear();
    await expect.poll(() => socketLog.some((l) => l.startsWith('[socket] disconnected'))).toBe(true);
    const missed = `عميل أثناء الانقطاع ${suffix()}`;
    await createCustomer(request, clerkToken, missed);
    // Stored for the admin (pushed to nobody: the page is offline), and nothing reached the page.
    await expect
      .poll(async () =>
        (await listOnServer(request, adminToken)).data.some(
          (n) => n.description?.includes(missed) || n.title?.includes(missed),
        ),
      )
      .toBe(true);
    await expect(centre(page)).toBeHidden();
    expect(await toasts(page).filter({ hasText: missed }).count()).toBe(0);
    online = true;
    for (const ws of waiting) {
      ws.connectToServer();
      sockets.add(ws);
    }

    // Reconnected (with backoff), then the list and the counter are fetched again.
    await expect.poll(connects, { timeout: limit(40_000) }).toBe(2);
    await expectBadgeMatchesServer(page, request, adminToken);
    await openCentreByKeyboard(page);
    await expect(rows(centre(page)).filter({ hasText: missed })).toHaveCount(1);
  });

  test('the page: pages of 20, unread and type filters, delete all; the mute switch silences the sound', async ({
    page,
    request,
  }) => {
    await recordPlays(page);
    const { adminToken, clerkToken } = await actors(request);
    const t = suffix();
    for (let i = 1; i <= 23; i++) await createCustomer(request, clerkToken, `عميل الصفحة ${t} رقم ${i}`);
    await expect
      .poll(
        async () =>
          (await listOnServer(request, adminToken)).data.filter((n) => n.description.includes(t)).length,
      )
      .toBe(23);

    await signInWithToken(page, adminToken);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/notification');
    const list = page.getByTestId('notification-list');
    await expect(rows(list)).toHaveCount(20);
    await expectNoOverflow(page, 'notifications page');
    const more = page.getByRole('button', { name: 'تحميل المزيد' });
    await more.click();
    await expect(rows(list)).not.toHaveCount(20);
    // (Other specs running beside this one may have notified this user too: load to the end.)
    while (await more.isVisible()) {
      const shown = await rows(list).count();
      await more.click();
      await expect(rows(list)).not.toHaveCount(shown);
    }
    const total = (await listOnServer(request, adminToken)).total;
    await expect(rows(list)).toHaveCount(total);
    // Newest first.
    await expect(rows(list).filter({ hasText: `رقم 23»` }).first()).toBeVisible();
    const firstText = await rows(list).first().textContent();
    const newest = (await listOnServer(request, adminToken, 'limit=1&sort=-createdAt')).data[0];
    expect(firstText).toContain(newest.description);

    // Mark one read, then filter to unread only.
    const target = rows(list).filter({ hasText: `عميل الصفحة ${t} رقم 5»` });
    await target.getByRole('button', { name: /^تحديد كمقروء/ }).click();
    await expect(target).not.toHaveAttribute('data-unread', 'true');
    await expectBadgeMatchesServer(page, request, adminToken);
    await page.getByText('غير المقروءة', { exact: true }).click();
    await expect(page).toHaveURL(/filter=unread/);
    await expect(rows(list).filter({ hasText: `عميل الصفحة ${t} رقم 5»` })).toHaveCount(0);
    await expect(rows(list).filter({ hasText: `عميل الصفحة ${t} رقم 6»` })).toHaveCount(1);
    await page.getByText('الكل', { exact: true }).click();
    await expect(rows(list).filter({ hasText: `عميل الصفحة ${t} رقم 5»` })).toHaveCount(1);

    // Type filter with Arabic labels: a type nobody sends → empty state; "إضافة" → the list again.
    const typeSelect = page.getByRole('combobox', { name: 'نوع الإشعار' });
    await typeSelect.click();
    await page.getByRole('option', { name: 'رسالة' }).click();
    await expect(page).toHaveURL(/type=message/);
    await expect(page.getByTestId('notifications-empty')).toContainText('لا توجد إشعارات من هذا النوع');
    await typeSelect.click();
    await page.getByRole('option', { name: 'إضافة' }).click();
    await expect(page).toHaveURL(/type=create/);
    await expect(rows(list).first()).toBeVisible();
    await typeSelect.click();
    await page.getByRole('option', { name: 'كل الأنواع' }).click();
    await expect(page).not.toHaveURL(/type=/);

    // Mute on this device (profile switch) → the next push is silent but still counted.
    await page.goto('/account/profile');
    const mute = page.getByRole('switch', { name: 'تشغيل صوت الإشعارات' });
    await expect(mute).toBeChecked();
    await mute.click();
    await expect(mute).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('idara.notificationSound'))).toBe('0');
    const silentBefore = await plays(page);
    const countBefore = await badgeCount(page);
    await createCustomer(request, clerkToken, `عميل صامت ${t}`);
    await expect(toasts(page).filter({ hasText: `عميل صامت ${t}` })).toBeVisible();
    await expect.poll(() => badgeCount(page)).toBeGreaterThanOrEqual(countBefore + 1);
    expect(await plays(page)).toBe(silentBefore);
    await mute.click();
    await expect(mute).toBeChecked();

    // Delete all, with confirmation → empty page, no badge.
    await page.goto('/notification');
    await expect(rows(list).first()).toBeVisible();
    await page.getByRole('button', { name: 'حذف الكل' }).click();
    const dialog = page.getByRole('dialog', { name: 'حذف كل الإشعارات' });
    await dialog.getByRole('button', { name: 'حذف' }).click();
    await expect(page.getByTestId('notifications-empty')).toContainText('لا توجد إشعارات');
    await expect.poll(async () => (await listOnServer(request, adminToken)).total).toBe(0);
    await expectBadgeMatchesServer(page, request, adminToken);
    await openCentreByKeyboard(page);
    await expect(centre(page).getByTestId('notifications-empty')).toBeVisible();
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} mode`, () => {
    test.use({ colorScheme: scheme });

    test(`centre and page at ${WIDTHS.join(', ')} px: no overflow, screenshots`, async ({
      page,
      request,
    }) => {
      test.setTimeout(limit(120_000));
      const errors = collectErrors(page);
      const { adminToken, clerkToken } = await actors(request);
      const t = suffix();
      for (const name of ['مؤسسة النخبة للتجارة', 'محمد بن عبدالله القحطاني', 'شركة الأفق']) {
        await createCustomer(request, clerkToken, `${name} ${t}`);
      }
      await expect
        .poll(
          async () =>
            (await listOnServer(request, adminToken)).data.filter((n) => n.description.includes(t)).length,
        )
        .toBe(3);
      // One read, so both looks show.
      const first = (await listOnServer(request, adminToken)).data.find((n) =>
        n.description.includes('شركة الأفق'),
      );
      await request.put(`/api/notification/read/${first?._id}`, { headers: bearer(adminToken) });

      await signInWithToken(page, adminToken);
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto('/');
      const html = page.locator('html');
      if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
      else await expect(html).not.toHaveClass(/\bdark\b/);

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await expect(bell(page)).toBeVisible();
        await openCentreByKeyboard(page);
        await expect(rows(centre(page)).first()).toBeVisible();
        await expectNoOverflow(page, `centre at ${width}px`);
        // The centre fits inside the window.
        const box = await centre(page).boundingBox();
        expect(box, 'centre box').toBeTruthy();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(OUT_DIR, `notification-centre-${width}-${scheme}.png`) });
        await page.keyboard.press('Escape');

        await page.goto('/notification');
        await expect(rows(page.getByTestId('notification-list')).first()).toBeVisible();
        await expectNoOverflow(page, `notifications page at ${width}px`);
        await page.screenshot({
          path: path.join(OUT_DIR, `notifications-page-${width}-${scheme}.png`),
          fullPage: true,
        });
      }

      // A push at 375 px: the toast, and the profile's sound switch.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/account/profile');
      const card = page.getByTestId('notification-sound-card');
      await expect(card.getByRole('switch', { name: 'تشغيل صوت الإشعارات' })).toBeChecked();
      await createCustomer(request, clerkToken, `شركة الرواد ${t}`);
      await expect(toasts(page).filter({ hasText: `شركة الرواد ${t}` })).toBeVisible();
      await settleLayout(page);
      expect(await axeViolations(page, { include: '[data-sonner-toaster]' }), 'the toast at rest').toEqual(
        [],
      );
      await page.screenshot({ path: path.join(OUT_DIR, `notification-toast-375-${scheme}.png`) });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: path.join(OUT_DIR, `notification-sound-card-375-${scheme}.png`) });
      expect(errors).toEqual([]);
    });
  });
}
