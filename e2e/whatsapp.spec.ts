import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bearer, createUser, randomPhone, signIn } from './support/api';
import { signedInAs, signInWithToken } from './support/auth';
import { sentMessages, waId } from './support/fake-whatsapp';
import { expect, failOnPageErrors, test } from './support/fixtures';
import { expectNoOverflow, settleLayout } from './support/layout';
import { limit } from './support/slowdown';

/**
 * WhatsApp conversations. The server under Playwright sends to a fake Graph API on loopback
 * (e2e/support/fake-graph.mjs, which lists what it received); the webhook is on
 * (WHATSAPP_APP_SECRET=e2e-secret), and inbound messages and delivery reports are sent to it signed
 * exactly as Meta signs them.
 */

const OUT_DIR = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 768, 1280] as const;
const APP_SECRET = 'e2e-secret';

/** The WhatsApp id the fake Graph API gave the message whose text is `body`. */
async function providerIdOf(request: APIRequestContext, body: string) {
  let id: string | undefined;
  await expect
    .poll(async () => {
      id = (await sentMessages(request)).find((m) => m.body.text?.body === body)?.id;
      return Boolean(id);
    })
    .toBe(true);
  return id!;
}

const tag = () => String(Math.floor(Math.random() * 1e6));
const bubbles = (page: Page) => page.getByTestId('wa-message');
const outgoing = (page: Page) => bubbles(page).and(page.locator('[data-direction="out"]'));
const incoming = (page: Page) => bubbles(page).and(page.locator('[data-direction="in"]'));
const composer = (page: Page) => page.getByRole('textbox', { name: 'نص الرسالة' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'إرسال', exact: true });

interface Inbound {
  from: string;
  body: string;
  /** Unix seconds; now by default. */
  at?: number;
  name?: string;
}

/** Posts a Cloud API webhook, signed with the app secret like Meta does. */
async function webhook(request: APIRequestContext, value: Record<string, unknown>) {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      { id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', ...value } }] },
    ],
  });
  const signature = createHmac('sha256', APP_SECRET).update(raw).digest('hex');
  const res = await request.post('/api/whatsapp/webhook', {
    data: raw,
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': `sha256=${signature}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Inbound text messages; answers their WhatsApp ids (`wamid.…`). */
async function inbound(request: APIRequestContext, messages: Inbound[]) {
  const ids = messages.map(() => `wamid.${randomUUID()}`);
  await webhook(request, {
    metadata: { phone_number_id: '1', display_phone_number: '966500000000' },
    contacts: messages.map((m) => ({ wa_id: m.from, profile: { name: m.name ?? 'عميل واتساب' } })),
    messages: messages.map((m, i) => ({
      from: m.from,
      id: ids[i],
      timestamp: String(m.at ?? Math.floor(Date.now() / 1000)),
      type: 'text',
      text: { body: m.body },
    })),
  });
  return ids;
}

/** A delivery status for a message WhatsApp knows by `id`. */
async function status(
  request: APIRequestContext,
  id: string,
  value: 'delivered' | 'read',
  recipient: string,
) {
  await webhook(request, {
    metadata: { phone_number_id: '1', display_phone_number: '966500000000' },
    statuses: [
      { id, status: value, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient },
    ],
  });
}

async function createCustomer(request: APIRequestContext, token: string, name: string) {
  const phone = randomPhone();
  const res = await request.post('/api/customer', {
    headers: bearer(token),
    data: { name, type: 'individual', phoneNumber: phone },
  });
  expect(res.status(), await res.text()).toBe(201);
  const customer = (await res.json()) as { _id: string; name: string };
  return { ...customer, phone };
}

interface ApiMessage {
  _id: string;
  direction: 'in' | 'out';
  body: string;
  kind: string;
  status: string;
  channel: string;
}

async function conversationOnServer(request: APIRequestContext, token: string, customerId: string) {
  const res = await request.get(`/api/whatsapp/customer/${customerId}?limit=200`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { messages: ApiMessage[]; window: { open: boolean; until: string | null } };
}

/**
 * Counts the page's socket.io connections the server has accepted: its CONNECT packet (`40…`) is
 * sent once the handshake's auth has passed, and the server joins the user's rooms in the same tick
 * (realtime/server.ts), so from then on a push to this user reaches the page.
 */
async function watchSocket(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __ioConnected: number };
    w.__ioConnected = 0;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        let connected = false;
        this.addEventListener('message', (event) => {
          if (connected || typeof event.data !== 'string' || !event.data.startsWith('40')) return;
          connected = true;
          w.__ioConnected++;
        });
        this.addEventListener('close', () => {
          if (connected) w.__ioConnected--;
          connected = false;
        });
      }
    };
  });
}

async function socketReady(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __ioConnected: number }).__ioConnected > 0);
}

/** Is the element fully inside the visible part of the conversation's scroller? */
async function inLogView(page: Page, target: Locator) {
  const log = page.getByTestId('wa-log');
  const [a, b] = [await log.boundingBox(), await target.boundingBox()];
  if (!a || !b) return false;
  return b.y >= a.y - 1 && b.y + b.height <= a.y + a.height + 1;
}

failOnPageErrors();

test.describe('whatsapp', () => {
  test.setTimeout(limit(240_000));

  test('conversation from the customer page: template, live inbound, text, persisted; live status and window', async ({
    page,
    request,
  }) => {
    await watchSocket(page);
    const { token } = await signedInAs(page, request, { role: 'admin', name: `ريم خدمة العملاء ${tag()}` });
    const customer = await createCustomer(request, token, `مؤسسة الريان للمقاولات ${tag()}`);
    // One order of 1,000.00 + VAT = 1,150.00, nothing paid: the reminder's amount and number come from it.
    const service = await (
      await request.post('/api/service', {
        headers: bearer(token),
        data: { name: `صيانة ${tag()}`, price: '1000.00' },
      })
    ).json();
    const order = await (
      await request.post('/api/order', {
        headers: bearer(token),
        data: {
          customer: customer._id,
          items: [{ service: service._id, quantity: 1, unitPrice: '1000.00' }],
        },
      })
    ).json();

    // From the customer page to the conversation.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/dashboard/customer/${customer._id}`);
    await page.getByRole('link', { name: 'المحادثة', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/whatsapp/${customer._id}$`));
    const header = page.getByTestId('wa-header');
    await expect(header.getByRole('link', { name: customer.name })).toBeVisible();
    await expect(header.getByTestId('wa-phone')).toHaveText(customer.phone);
    await expect(header.locator('bdi')).toHaveText(customer.phone);
    // WhatsApp is configured (the fake Graph API): no outbox notice.
    await expect(page.getByTestId('wa-outbox-notice')).toHaveCount(0);
    // The only message so far: the order's confirmation, sent when it was created.
    await expect(outgoing(page)).toHaveCount(1);
    await expect(outgoing(page)).toContainText(`طلبك رقم ${order.number}`);

    // The customer never wrote: outside the window free text is off, templates stay.
    const windowBanner = page.getByTestId('wa-window');
    await expect(windowBanner).toContainText('خارج نافذة المحادثة');
    await expect(windowBanner).toContainText('24 ساعة');
    await expect(composer(page)).toBeDisabled();

    // A template with its parameters, the preview following the form.
    await windowBanner.getByRole('button', { name: 'إرسال قالب' }).click();
    const dialog = page.getByRole('dialog', { name: 'إرسال قالب' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'اسم العميل' })).toHaveValue(customer.name);
    await dialog.getByRole('combobox', { name: 'القالب' }).click();
    await page.getByRole('option', { name: 'تذكير بالدفع' }).click();
    await expect(dialog.getByRole('textbox', { name: 'اسم العميل' })).toHaveValue(customer.name);
    const preview = dialog.getByTestId('wa-template-preview');
    await expect(preview).toContainText('[المبلغ المتبقي]');
    // The number and the amount are not typed: the order is picked from the customer's orders.
    await expect(dialog.getByRole('textbox', { name: 'رقم الطلب' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'إرسال القالب' }).click();
    await expect(dialog.getByText('اختر الطلب')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'الطلب', exact: true }).click();
    await page.getByRole('option', { name: new RegExp(`^#${order.number} — 1,150.00 ر.س`) }).click();
    const templateText = `مرحباً ${customer.name}، نذكّرك بمبلغ 1,150.00 ر.س المتبقي على الطلب رقم ${order.number}. يسعدنا خدمتك.`;
    await expect(preview).toHaveText(templateText);
    await dialog.getByRole('button', { name: 'إرسال القالب' }).click();
    await expect(dialog).toBeHidden();
    const templateBubble = outgoing(page).filter({ hasText: templateText });
    await expect(templateBubble).toHaveCount(1);
    await expect(templateBubble).toContainText('قالب: تذكير بالدفع');
    // Queued, then sent by the dispatcher: the status changes on the socket, one tick.
    await expect(templateBubble).toHaveAttribute('data-status', 'sent');
    await expect(templateBubble.getByTestId('wa-status')).toHaveAttribute('aria-label', 'أُرسلت');

    // The customer writes: the message appears without a reload and opens the window.
    await socketReady(page);
    const hello = `السلام عليكم، متى موعد الزيارة؟ ${tag()}`;
    const [helloId] = await inbound(request, [{ from: waId(customer.phone), body: hello }]);
    const helloBubble = incoming(page).filter({ hasText: hello });
    await expect(helloBubble).toBeVisible();
    // The same delivery again (Meta retries) stores nothing more.
    await webhook(request, {
      metadata: { phone_number_id: '1' },
      messages: [
        {
          from: waId(customer.phone),
          id: helloId,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: hello },
        },
      ],
    });
    await expect(windowBanner).toContainText('نافذة المحادثة مفتوحة');
    await expect(windowBanner).toContainText(/متبقٍ (23|24) ساعة/);
    await expect(composer(page)).toBeEnabled();

    // Text: Enter sends, Shift+Enter is a new line.
    const reply = `وعليكم السلام، الزيارة غداً الساعة 10 صباحاً ${tag()}`;
    await composer(page).fill(reply);
    await composer(page).press('Enter');
    await expect(composer(page)).toHaveValue('');
    const replyBubble = outgoing(page).filter({ hasText: reply });
    await expect(replyBubble).toHaveCount(1);
    await expect(replyBubble).toHaveAttribute('data-status', 'sent');
    // WhatsApp reports delivery, then reading: the ticks change in place, without a reload.
    const replyId = await providerIdOf(request, reply);
    await status(request, replyId, 'delivered', waId(customer.phone));
    await expect(replyBubble).toHaveAttribute('data-status', 'delivered');
    await expect(replyBubble.getByTestId('wa-status')).toHaveAttribute('aria-label', 'وصلت');
    await status(request, replyId, 'read', waId(customer.phone));
    await expect(replyBubble).toHaveAttribute('data-status', 'read');
    await expect(replyBubble.getByTestId('wa-status')).toHaveAttribute('aria-label', 'قُرئت');

    const lineA = `السطر الأول ${tag()}`;
    const lineB = 'السطر الثاني';
    await composer(page).fill(lineA);
    await composer(page).press('Shift+Enter');
    await composer(page).pressSequentially(lineB);
    await expect(composer(page)).toHaveValue(`${lineA}\n${lineB}`);
    // A double click sends once.
    await sendButton(page).dblclick();
    const twoLines = outgoing(page).filter({ hasText: lineA });
    await expect(twoLines).toHaveCount(1);
    await expect(twoLines.locator('div[dir="auto"]')).toHaveText(`${lineA}\n${lineB}`);

    // The newest message is in view.
    await expect.poll(() => inLogView(page, bubbles(page).last())).toBe(true);

    // An inbound message's status moves in place too.
    await expect(helloBubble).toHaveAttribute('data-status', 'delivered');
    await status(request, helloId, 'read', waId(customer.phone));
    await expect(helloBubble).toHaveAttribute('data-status', 'read');
    await expect(helloBubble).toHaveCount(1);

    // Stored once each, and still there after a reload.
    await expect
      .poll(async () => {
        const list = (await conversationOnServer(request, token, customer._id)).messages;
        return [reply, `${lineA}\n${lineB}`, templateText, hello].map(
          (b) => list.filter((m) => m.body === b).length,
        );
      })
      .toEqual([1, 1, 1, 1]);
    await page.reload();
    await expect(outgoing(page).filter({ hasText: reply })).toHaveCount(1);
    await expect(outgoing(page).filter({ hasText: templateText })).toHaveCount(1);
    await expect(incoming(page).filter({ hasText: hello })).toHaveCount(1);
    await expect(outgoing(page).filter({ hasText: lineA })).toHaveCount(1);
    // Day separator: today, with the Hijri (هـ) and Gregorian dates; times as hh:mm ص/م.
    const day = page.getByTestId('wa-day').first();
    await expect(day).toContainText('اليوم');
    await expect(day).toContainText('هـ');
    await expect(day).toContainText(/\d{4}\/\d{2}\/\d{2}/);
    await expect(incoming(page).filter({ hasText: hello })).toContainText(/\d{2}:\d{2} (ص|م)/);

    // Keyboard: the log is focusable, and the composer is reachable and sends with Enter.
    await page.getByTestId('wa-log').focus();
    await expect(page.getByTestId('wa-log')).toBeFocused();
    await composer(page).focus();
    await page.keyboard.type('رسالة من لوحة المفاتيح');
    await page.keyboard.press('Enter');
    await expect(outgoing(page).filter({ hasText: 'رسالة من لوحة المفاتيح' })).toHaveCount(1);
  });

  test('older messages load with "before"; a reader without send permission has no composer', async ({
    page,
    request,
  }) => {
    const { token } = await signedInAs(page, request, { role: 'admin', name: `مدير المحادثات ${tag()}` });
    const customer = await createCustomer(request, token, `شركة الأفق للتقنية ${tag()}`);
    // 56 messages in one webhook call (the server dates them on arrival): more than one page of 50.
    await inbound(
      request,
      Array.from({ length: 56 }, (_, i) => ({
        from: waId(customer.phone),
        body: `رسالة قديمة رقم ${i + 1}`,
      })),
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/dashboard/whatsapp/${customer._id}`);
    await expect(incoming(page).filter({ hasText: 'رسالة قديمة رقم 56' })).toBeVisible();
    await expect(incoming(page)).toHaveCount(50);
    await expect.poll(() => inLogView(page, incoming(page).last())).toBe(true);
    await expect(page.getByTestId('wa-day')).toHaveCount(1);

    const older = page.getByRole('button', { name: 'عرض الرسائل الأقدم' });
    await older.scrollIntoViewIfNeeded();
    await older.click();
    await expect(incoming(page)).toHaveCount(56);
    await expect(incoming(page).first()).toContainText('رسالة قديمة رقم 1');
    // The reading position stays: the message that was on top is still in view, the older ones above it.
    await expect
      .poll(() => inLogView(page, incoming(page).filter({ hasText: 'رسالة قديمة رقم 7' })))
      .toBe(true);
    expect(await inLogView(page, incoming(page).first())).toBe(false);
    await expect(page.getByTestId('wa-day')).toHaveCount(1);
    await expect(older).toHaveCount(0);
    await expect(page.getByText('بداية المحادثة')).toBeVisible();

    // A reader who may not send: the conversation, no composer.
    const reader = await createUser(request, {
      role: 'employee',
      name: `موظف القراءة ${tag()}`,
      permissions: ['customer:read', 'customer:details', 'customer:read:messages'],
    });
    const session = await signIn(request, reader.phone, reader.password);
    const context = await page
      .context()
      .browser()
      ?.newContext({
        viewport: { width: 375, height: 800 },
        locale: 'ar-SA',
        timezoneId: 'Asia/Riyadh',
      });
    if (!context) throw new Error('no browser');
    const readerPage = await context.newPage();
    await signInWithToken(readerPage, session.token);
    await readerPage.goto(`/dashboard/whatsapp/${customer._id}`);
    await expect(incoming(readerPage).filter({ hasText: 'رسالة قديمة رقم 56' })).toBeVisible();
    await expect(readerPage.getByTestId('wa-composer')).toHaveCount(0);
    await expect(readerPage.getByTestId('wa-window')).toHaveCount(0);
    await context.close();
  });

  test('inbox: an unknown number writes in, shows live, and becomes a customer', async ({
    page,
    request,
  }) => {
    await watchSocket(page);
    await signedInAs(page, request, { role: 'admin', name: `مشرف الصندوق ${tag()}` });
    const stranger = randomPhone();
    const body = `أرغب في عرض سعر لصيانة المكيفات ${tag()}`;

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByRole('link', { name: 'صندوق واتساب' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/whatsapp$/);
    await expect(page.getByRole('heading', { name: 'صندوق واتساب' })).toBeVisible();
    await socketReady(page);

    // Two deliveries, so the newest is certain.
    await inbound(request, [{ from: waId(stranger), body: 'مرحباً', name: 'أبو فهد' }]);
    await inbound(request, [{ from: waId(stranger), body, name: 'أبو فهد' }]);
    const row = page.getByTestId('wa-inbox-row').filter({ hasText: stranger });
    await expect(row).toBeVisible();
    await expect(row).toContainText(body);
    await expect(row.locator('bdi').first()).toHaveText(stranger);
    await expect(row.getByText('2', { exact: true })).toBeVisible();

    await row.click();
    const thread = page.getByTestId('wa-inbox-thread');
    await expect(incoming(page).filter({ hasText: body })).toBeVisible();
    await expect(incoming(page)).toHaveCount(2);
    // The name follows the customer form's rules and messages (the domain's customer schema).
    const nameBox = thread.getByRole('textbox', { name: 'اسم العميل' });
    await thread.getByRole('button', { name: 'إنشاء عميل' }).click();
    await expect(thread.getByText('اسم العميل مطلوب')).toBeVisible();
    await nameBox.fill('ع'.repeat(151));
    await thread.getByRole('button', { name: 'إنشاء عميل' }).click();
    await expect(thread.getByText('اسم العميل طويل جداً')).toBeVisible();
    const name = `أبو فهد العتيبي ${tag()}`;
    await nameBox.fill(name);
    await thread.getByRole('button', { name: 'إنشاء عميل' }).click();

    // The new customer's conversation holds the messages, and the window is open.
    await expect(page).toHaveURL(/\/dashboard\/whatsapp\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('wa-header')).toContainText(name);
    await expect(page.getByTestId('wa-phone')).toHaveText(stranger);
    await expect(incoming(page).filter({ hasText: body })).toBeVisible();
    await expect(page.getByTestId('wa-window')).toContainText('نافذة المحادثة مفتوحة');
    await page.goto('/dashboard/whatsapp');
    await expect(page.getByTestId('wa-inbox-row').filter({ hasText: stranger })).toHaveCount(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme}: conversation and inbox at ${WIDTHS.join(', ')} px, screenshots, no overflow`, async ({
      page,
      request,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const { token } = await signedInAs(page, request, { role: 'admin', name: `منى المبيعات ${tag()}` });
      const customer = await createCustomer(request, token, 'مؤسسة النخيل الذهبية للتجارة والمقاولات العامة');
      await inbound(request, [
        { from: waId(customer.phone), body: 'السلام عليكم، أرسلت لكم طلب صيانة أمس' },
        { from: waId(customer.phone), body: 'هل يمكن تأكيد الموعد؟ رقم الطلب 1024' },
      ]);
      const post = async (data: Record<string, unknown>) => {
        const res = await request.post(`/api/whatsapp/customer/${customer._id}`, {
          headers: bearer(token),
          data: { ...data, idempotencyKey: randomUUID() },
        });
        expect(res.status(), await res.text()).toBe(201);
      };
      await post({
        kind: 'template',
        template: 'order_confirmation',
        params: { customerName: customer.name, orderNumber: '1024', total: '575.00' },
      });
      await post({ kind: 'text', body: 'أهلاً بك، الموعد يوم الأحد الساعة 10:30 صباحاً.\nنسعد بخدمتك.' });
      await post({
        kind: 'media',
        media: {
          type: 'document',
          link: 'https://example.com/invoices/INV-1024.pdf',
          fileName: 'فاتورة رقم 1024 - مؤسسة النخيل الذهبية.pdf',
        },
      });
      await inbound(request, [{ from: waId(customer.phone), body: 'شكراً جزيلاً، بانتظاركم' }]);
      await inbound(request, [
        { from: randomPhone().replace(/^0/, '966'), body: 'مرحباً، هل لديكم فرع في جدة؟' },
      ]);

      const html = page.locator('html');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/dashboard/whatsapp/${customer._id}`);
        if (scheme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
        else await expect(html).not.toHaveClass(/\bdark\b/);
        await expect(incoming(page).filter({ hasText: 'شكراً جزيلاً' })).toBeVisible();
        await expect(outgoing(page).filter({ hasText: 'فاتورة رقم 1024' })).toBeVisible();
        await expect.poll(() => inLogView(page, bubbles(page).last())).toBe(true);
        await expectNoOverflow(page, `conversation at ${width}px`);
        if (width !== 768) {
          await page.screenshot({ path: path.join(OUT_DIR, `whatsapp-conversation-${width}-${scheme}.png`) });
          await composer(page).fill('اكتب');
          await page.getByTestId('wa-composer').getByRole('button', { name: 'إرسال قالب' }).click();
          const dialog = page.getByRole('dialog', { name: 'إرسال قالب' });
          await expect(dialog.getByRole('combobox', { name: 'الطلب', exact: true })).toBeVisible();
          await settleLayout(page);
          await page.screenshot({ path: path.join(OUT_DIR, `whatsapp-template-${width}-${scheme}.png`) });
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        }

        await page.goto('/dashboard/whatsapp');
        const row = page.getByTestId('wa-inbox-row').first();
        await expect(row).toBeVisible();
        await expectNoOverflow(page, `inbox at ${width}px`);
        await row.click();
        await expect(page.getByTestId('wa-inbox-thread')).toBeVisible();
        await expectNoOverflow(page, `inbox thread at ${width}px`);
        if (width !== 768)
          await page.screenshot({ path: path.join(OUT_DIR, `whatsapp-inbox-${width}-${scheme}.png`) });
      }
    });
  }
});
