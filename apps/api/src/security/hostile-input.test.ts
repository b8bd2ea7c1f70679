import { createHmac } from 'node:crypto';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { useTestApp } from '../test/fixture';
import { multipartFile } from '../test/harness';

/**
 * The hostile values found by hand that once gave 500 or were silently read as other dates; each
 * must now be a 4xx with an Arabic message and nothing written (both engines).
 */
let adminId: string;
let customerId: string;
let serviceId: string;
const SECRET = 'webhook-secret-for-hostile-input';

const HOSTILE_DATES = [
  '99999',
  '+275760-09-13',
  '2026-02-30',
  '2026-02-30T10:00:00Z',
  '-5',
  '0',
  'yesterday',
  '1899-12-31',
  '2201-01-01T00:00:00Z',
  '2026-13-01',
  '2026-01-01T25:00:00Z',
  '2026-01-01T10:00:00', // no offset: which zone?
];

function expectArabic4xx(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(JSON.parse(res.body).message, what).toMatch(/[\u0600-\u06FF]/);
}

const t = useTestApp({ env: { WHATSAPP_APP_SECRET: SECRET }, signedIn: false });
beforeAll(async () => {
  const signed = await t.signIn();
  t.admin = signed.token;
  adminId = signed.user._id;
  const customer = await t.post('/api/customer', { name: 'عميل التواريخ', phoneNumber: '0551112233' });
  customerId = customer.json()._id;
  const service = await t.post('/api/service', { name: 'خدمة التواريخ', price: '100' });
  serviceId = service.json()._id;
});

describe('dates', () => {
  it('refuses hostile task dueAt values with an Arabic 422, and writes nothing', async () => {
    for (const dueAt of HOSTILE_DATES) {
      const res = await t.post('/api/task', { title: `مهمة ${dueAt}`, assignee: adminId, dueAt });
      expectArabic4xx(res, `task dueAt ${dueAt}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().fieldErrors?.dueAt, dueAt).toMatch(/[\u0600-\u06FF]/);
    }
    const list = await t.get('/api/task?limit=0');
    expect(list.json().total).toBe(0);
  });

  it('refuses hostile order scheduledAt and payment-style calendar dates', async () => {
    for (const value of HOSTILE_DATES) {
      const res = await t.post('/api/order', {
        customer: customerId,
        items: [{ service: serviceId, quantity: 1, unitPrice: '100' }],
        scheduledAt: value,
        startDate: '2026-01-01',
      });
      expectArabic4xx(res, `order scheduledAt ${value}`);
      expect(res.json().fieldErrors?.scheduledAt, value).toBeTruthy();
    }
    for (const value of ['2026-02-30', '99999', '-5', '1899-12-31', '+275760-09-13']) {
      const res = await t.post('/api/order', {
        customer: customerId,
        items: [{ service: serviceId, quantity: 1, unitPrice: '100' }],
        startDate: value,
      });
      expectArabic4xx(res, `order startDate ${value}`);
      expect(res.json().fieldErrors?.startDate, value).toBeTruthy();
    }
    const list = await t.get('/api/order?limit=0');
    expect(list.json().total).toBe(0);
  });

  it('still accepts real dates: a date, a date-time in UTC and one with the Riyadh offset', async () => {
    for (const [dueAt, stored] of [
      ['2026-03-05', '2026-03-05T00:00:00.000Z'],
      ['2026-03-05T07:30:00.000Z', '2026-03-05T07:30:00.000Z'],
      ['2026-03-05T10:30:00+03:00', '2026-03-05T07:30:00.000Z'],
      ['2024-02-29T12:00:00Z', '2024-02-29T12:00:00.000Z'],
      ['٢٠٢٦-٠٣-٠٥', '2026-03-05T00:00:00.000Z'],
      ['', null],
      [null, null],
    ] as const) {
      const res = await t.post('/api/task', { title: 'مهمة بتاريخ صحيح', assignee: adminId, dueAt });
      expect(res.statusCode, `${dueAt} ${res.body}`).toBe(201);
      expect(res.json().dueAt === null ? null : new Date(res.json().dueAt).toISOString()).toBe(stored);
    }
  });

  it('refuses hostile list date filters with an Arabic 400', async () => {
    for (const route of ['/api/task', '/api/order', '/api/customer', '/api/activity', '/api/payment']) {
      for (const value of HOSTILE_DATES) {
        for (const param of ['createdAtFrom', 'createdAtTo']) {
          const res = await t.get(`${route}?${param}=${encodeURIComponent(value)}`);
          expectArabic4xx(res, `${route} ${param}=${value}`);
        }
      }
    }
    const ok = await t.get('/api/task?dueAtFrom=2026-01-01&dueAtTo=2026-12-31T20:59:59.999Z');
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a hostile `before` on the WhatsApp conversation list', async () => {
    for (const value of ['99999', '+275760-09-13', '2026-02-30T00:00:00Z']) {
      const res = await t.get(`/api/whatsapp/customer/${customerId}?before=${encodeURIComponent(value)}`);
      expectArabic4xx(res, `before=${value}`);
    }
  });
});

describe('control characters', () => {
  it('refuses a NUL in a form field label or help with an Arabic 422 naming the field', async () => {
    for (const field of [
      { key: 'a', type: 'text', label: 'عنوان\u0000' },
      { key: 'a', type: 'text', label: 'عنوان', help: 'مساعدة\u0000' },
      { key: 'a', type: 'text', label: 'عنوان\u0007' },
      { key: 'a', type: 'select', label: 'عنوان', options: ['أ\u0000'] },
    ]) {
      const res = await t.post('/api/form', { title: 'نموذج', fields: [field] });
      expectArabic4xx(res, JSON.stringify(field));
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().fieldErrors ?? {}).join()).toMatch(/^fields\.0\./);
    }
    const list = await t.get('/api/form?limit=0');
    expect(list.json().total).toBe(0);
  });

  it('refuses control characters and broken surrogates in any body, keeps tabs and new lines', async () => {
    for (const name of ['عميل\u0000', 'عميل\u001b[31m', 'عميل\uD800', `عميل${'\u0000'.repeat(3)}`]) {
      const res = await t.post('/api/customer', { name, phoneNumber: '0551112299' });
      expectArabic4xx(res, JSON.stringify(name));
      expect(res.json().fieldErrors?.name).toBeTruthy();
    }
    const keyed = await t.post('/api/customer', { name: 'عميل', phoneNumber: '0551112299', 'x\u0000': 1 });
    expectArabic4xx(keyed, 'a NUL in a key');
    const fine = await t.post('/api/customer', {
      name: 'عميل سليم',
      phoneNumber: '0551112299',
      notes: 'سطر\tأول\r\nسطر ثانٍ',
    });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().notes).toBe('سطر\tأول\r\nسطر ثانٍ');
  });

  it('removes bidi overrides and isolates before anything is stored, so no document draws "evil" as "live"', async () => {
    const post = (url: string, payload: object) => t.post(url, payload);
    const customer = await post('/api/customer', {
      name: 'شركة \u202Elive\u202C للتجارة',
      // As a phone's contacts app copies a number: wrapped in isolates.
      phoneNumber: '\u20660551114455\u2069',
      notes: '\u202Aملاحظة\u202C \u2067أ\u2069',
    });
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json()).toMatchObject({
      name: 'شركة live للتجارة',
      phoneNumber: '+966551114455',
      notes: 'ملاحظة أ',
    });
    const service = (await post('/api/service', { name: 'خدمة \u202Dlive', price: '10.00' })).json();
    expect(service.name).toBe('خدمة live');
    const order = (
      await post('/api/order', {
        customer: customer.json()._id,
        items: [{ service: service._id, quantity: 1, unitPrice: '10.00' }],
      })
    ).json();
    const invoice = (await post(`/api/order/${order._id}/invoice`, {})).json();
    const note = await post(`/api/invoice/${invoice._id}/credit-note`, {
      reason: 'خصم \u202Elive\u202C',
      amount: '1.15',
    });
    expect(note.statusCode, note.body).toBe(201);
    for (const id of [invoice._id, note.json()._id]) {
      const html = await t.get(`/api/invoice/${id}/html`);
      expect(html.statusCode).toBe(200);
      expect(html.body).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      expect(html.body).toContain('live');
    }
  });

  it('an imported row with a NUL is reported on its line; the others are imported', async () => {
    const csv = ['اسم العميل,رقم الجوال', 'عميل\u0000 مستورد,0551113001', 'عميل مستورد سليم,0551113002'].join(
      '\n',
    );
    const res = await t.inject({
      method: 'POST',
      url: '/api/customer/import',
      token: t.admin,
      ...multipartFile('عملاء.csv', csv, 'text/csv'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imported).toBe(1);
    expect(res.json().skipped).toHaveLength(1);
    expect(res.json().skipped[0].errors.join()).toContain('رموز تحكم');
  });

  it('refuses control characters in a query string', async () => {
    const res = await t.get('/api/customer?search=%00abc');
    expectArabic4xx(res, 'search with NUL');
  });
});

describe('ids and paths', () => {
  it('answers an overlong id in Arabic, on every :id route', async () => {
    const long = 'a'.repeat(5000);
    const routes = t.app.routeTable.filter((r) => r.url.includes(':') && r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, long);
      const res = await t.inject({
        method: route.method as 'GET',
        url,
        token: t.admin,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expectArabic4xx(res, `${route.method} ${route.url}`);
    }
  });

  it('answers unknown paths and methods in Arabic', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['PATCH', '/api/customer'],
      ['GET', `/api/${'x'.repeat(20_000)}`],
    ] as const) {
      const res = await t.inject({ method, url, token: t.admin });
      expectArabic4xx(res, `${method} ${url.slice(0, 40)}`);
    }
  });
});

describe('malformed HTTP', () => {
  /** Raw bytes to a listening server; resolves with everything it answered before closing. */
  function raw(port: number, request: string) {
    return new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (d) => {
        answer += d;
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('answers oversized headers and broken request lines in Arabic JSON', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    for (const [request, status] of [
      [`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['NOT A REQUEST\r\n\r\n', 400],
      ['GET /api/customer/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
    ] as const) {
      const answer = await raw(port, request);
      expect(answer, request.slice(0, 40)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body).message, request.slice(0, 40)).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('the WhatsApp webhook', () => {
  const signed = (body: unknown) => {
    const raw = JSON.stringify(body);
    return t.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`,
      },
      payload: raw,
    });
  };
  const inbound = (id: string, timestamp: unknown, text = 'مرحبا') => ({
    entry: [
      {
        changes: [
          {
            value: {
              messages: [{ from: '966551112233', id, timestamp, type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });

  it('takes a message whose timestamp is out of range as received now (200: Meta would retry)', async () => {
    for (const [i, ts] of ['99999999999999999999', '9'.repeat(400), '-1', 'abc', 1e300, ''].entries()) {
      const before = Date.now();
      const res = await signed(inbound(`wamid.ts-${i}`, ts));
      expect(res.statusCode, `${ts}: ${res.body}`).toBe(200);
      const [row] = await t.db
        .select()
        .from(messages)
        .where(eq(messages.providerId, `wamid.ts-${i}`));
      expect(row, String(ts)).toBeTruthy();
      expect(row.statusAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.statusAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('stores a message carrying control characters without them (200)', async () => {
    const res = await signed(inbound('wamid.nul', '1700000000', 'مر\u0000حبا\u0007'));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(messages).where(eq(messages.providerId, 'wamid.nul'));
    expect(row.body).toBe('مرحبا');
  });
});
