import { formFieldTypes } from '@idara/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixture';
import { multipartFile } from '../test/harness';

/**
 * Every write route and every list, from the server's route table, fed hostile input as the admin
 * (who passes every permission check, so the input reaches validation and the database): wrong
 * types, huge and unusual Unicode strings, prototype keys, SQL and script fragments. The answer is
 * always a JSON error or success with an Arabic message on errors — never a 500. Then the bodies
 * a random dictionary rarely reaches: spreadsheet imports, task file uploads, bulk deletes, form
 * builders (NUL and huge labels), settings, hostile dates, and overlong ids on every `:id` route.
 * Runs on the embedded database and, with TEST_DATABASE_URL (`npm run test:db`), on PostgreSQL.
 */

const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name) => (name === 'phone' ? '+966500000001' : ID));

const nasty = fc.oneof(
  fc.constantFrom(
    "' OR 1=1 --",
    "'); DROP TABLE customers; --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    ['$', '{process.exit()}'].join(''),
    '\u0000',
    '\u202Eabc',
    'ـــــ',
    '٠١٢٣٤٥٦٧٨٩',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚀',
    '__proto__',
    'constructor',
    '-createdAt,;select',
    '9'.repeat(400),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(100_000)),
);
const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nasty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(
      fc.oneof(nasty, fc.constantFrom('__proto__', 'constructor', 'name', 'items')),
      tie('value'),
      {
        maxKeys: 3,
      },
    ),
  ),
})).value;
const body = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'name',
      'title',
      'phoneNumber',
      'password',
      'items',
      'fields',
      'answers',
      'customer',
      'assignee',
      'status',
      'kind',
      'body',
      'template',
      'ids',
      'amount',
      '__proto__',
      'constructor',
    ),
    anyValue,
    { maxKeys: 6 },
  ),
  anyValue,
);

let taskId: string;
let customerId: string;
let serviceId: string;
let adminId: string;

const t = useTestApp({ signedIn: false });
beforeAll(async () => {
  const signed = await t.signIn();
  t.admin = signed.token;
  adminId = signed.user._id;
  const post = async (url: string, payload: object) => {
    const res = await t.post(url, payload);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json()._id as string;
  };
  const formId = await post('/api/form', {
    title: 'نموذج الاختبار',
    fields: [
      { key: 'photo', type: 'file', label: 'صورة' },
      { key: 'sign', type: 'signature', label: 'توقيع' },
      { key: 'note', type: 'text', label: 'ملاحظة' },
    ],
  });
  customerId = await post('/api/customer', { name: 'عميل الاختبار', phoneNumber: '0551230000' });
  serviceId = await post('/api/service', { name: 'خدمة الاختبار', price: '10' });
  taskId = await post('/api/task', { title: 'مهمة الاختبار', assignee: adminId, form: formId });
  await t.post(`/api/task/${taskId}/start`);
});

function expectSafe(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  what: string,
) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type'])).toContain('application/json');
    const body = JSON.parse(res.body);
    expect(body.message, what).toMatch(/[\u0600-\u06FF]/);
    // Every part of the error is Arabic: `errors` and `fieldErrors` too (field names are keys, not text).
    for (const text of [...(body.errors ?? []), ...Object.values(body.fieldErrors ?? {})])
      ENGLISH.add(`${String(text)}  ← ${what.slice(0, 80)}`);
  }
}

/** Messages with English words seen in error answers (checked once every route has been fed). */
const ENGLISH = new Set<string>();
const hasEnglish = (s: string) =>
  /\b(?:Invalid|expected|received|Too|must|Required|Unrecognized|input)\b/i.test(s.split('  ← ')[0]);

describe('fuzzing from the route table', () => {
  it('never answers a write with a 500', async () => {
    const writes = t.app.routeTable.filter(
      (r) =>
        ['POST', 'PUT'].includes(r.method) &&
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/auth/signout') &&
        !r.url.includes('/webhook'),
    );
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await t.inject({
            method: route.method as 'POST',
            url: concrete(route.url),
            token: t.admin,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload) ?? 'null',
          });
          expectSafe(res, `${route.method} ${route.url}`);
        }),
        { numRuns: 12 },
      );
    }
  }, 240_000);

  it('never answers a list or export query with a 500', async () => {
    const lists = t.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.url.startsWith('/api/') &&
        !r.url.includes(':') &&
        !r.url.startsWith('/api/docs'),
    );
    const params = fc.dictionary(
      fc.constantFrom(
        'search',
        'sort',
        'fields',
        'page',
        'limit',
        'status',
        'createdAtFrom',
        'fileType',
        '__proto__',
      ),
      nasty.map((v) => v.slice(0, 2000)),
      { maxKeys: 4 },
    );
    for (const route of lists) {
      if (route.url.endsWith('/export')) continue; // exports stream files; their parsing is the list's
      await fc.assert(
        fc.asyncProperty(params, async (query) => {
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          const res = await t.get(`${route.url}?${qs}`);
          expectSafe(res, `GET ${route.url}?${qs.slice(0, 100)}`);
        }),
        { numRuns: 10 },
      );
    }
  }, 240_000);
});

/** Dates `new Date()` misreads or the database cannot store, and a few real ones. */
const hostileDate = fc.oneof(
  fc.constantFrom(
    '99999',
    '+275760-09-13',
    '-271821-04-20',
    '2026-02-30',
    '2026-02-30T10:00:00Z',
    '-5',
    '0',
    '1e21',
    '2026-13-01',
    '1899-12-31',
    '2201-01-01',
    '2026-01-01T10:00:00',
    '2026-03-05T10:30:00+03:00',
    '2026-03-05',
  ),
  nasty,
  fc.integer(),
  fc.double(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const hugeOrNul = fc.oneof(
  nasty,
  fc.constantFrom('عنوان\u0000', '\u0000', 'a\u0007b', '\uD800', 'x'.repeat(10_000), 'ع'.repeat(300)),
  fc.constantFrom('عنوان', 'مساعدة\u0000', 'خيار\u0000', '\u001b[31m'),
);
const idLike = fc.oneof(
  fc.uuid(),
  fc.constantFrom(ID, 'a'.repeat(5000), `${ID}\u0000`, '../../etc/passwd', '%00', '1 OR 1=1'),
  nasty.map((v) => v.slice(0, 6000)),
);

async function check<T>(arb: fc.Arbitrary<T>, run: (v: T) => Promise<void>, numRuns = 25) {
  await fc.assert(fc.asyncProperty(arb, run), { numRuns });
}

function json(method: 'POST' | 'PUT', url: string, payload: unknown) {
  return t.inject({
    method,
    url,
    token: t.admin,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload) ?? 'null',
  });
}

describe('fuzzing the bodies a random dictionary rarely reaches', () => {
  it('spreadsheet import: any bytes, names and types, dry run or not', async () => {
    const csvCell = fc.oneof(
      hugeOrNul.map((v) => v.slice(0, 500)),
      fc.constantFrom('0551234567', '=1+1', ''),
    );
    const csv = fc
      .array(fc.array(csvCell, { minLength: 1, maxLength: 4 }), { maxLength: 6 })
      .map((rows) =>
        [
          'اسم العميل,رقم الجوال,ملاحظات',
          ...rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')),
        ].join('\n'),
      );
    const content = fc.oneof(
      csv,
      fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
      fc.constant(Buffer.from('PK\u0003\u0004 not really a zip')),
    );
    const name = fc.oneof(
      fc.constantFrom('customers.csv', 'customers.xlsx', 'x\u0000.csv', `${'ع'.repeat(300)}.csv`),
      nasty,
    );
    const type = fc.constantFrom(
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'image/png',
      '\u0000',
    );
    await check(
      fc.tuple(content, name, type, fc.boolean()),
      async ([bytes, fileName, contentType, dryRun]) => {
        const res = await t.inject({
          method: 'POST',
          url: `/api/customer/import${dryRun ? '?dryRun=true' : ''}`,
          token: t.admin,
          ...multipartFile(fileName.replaceAll('"', ''), bytes, contentType),
        });
        expectSafe(res, `import ${JSON.stringify(fileName).slice(0, 60)} ${contentType}`);
      },
    );
    for (const payload of ['{"file":"x"}', 'not multipart']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/customer/import',
        token: t.admin,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expectSafe(res, `import ${payload}`);
    }
  }, 120_000);

  it('task file uploads: any field, name, type and bytes', async () => {
    const field = fc.oneof(
      fc.constantFrom('photo', 'sign', 'note', 'missing', ''),
      nasty.map((v) => v.slice(0, 300)),
    );
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 3000 }).map((b) => Buffer.from(b)),
      fc.constant(
        Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]),
      ),
    );
    const name = fc.oneof(fc.constantFrom('photo.png', 'p\u0000.png', `${'ص'.repeat(400)}.png`, ''), nasty);
    await check(fc.tuple(field, bytes, name, idLike), async ([f, data, fileName, id]) => {
      for (const target of [taskId, id]) {
        const res = await t.inject({
          method: 'POST',
          url: `/api/task/${encodeURIComponent(target)}/files?field=${encodeURIComponent(f)}`,
          token: t.admin,
          ...multipartFile(
            fileName.replaceAll('"', '').replaceAll('\r', '').replaceAll('\n', ''),
            data,
            'image/png',
          ),
        });
        expectSafe(res, `file ${JSON.stringify(f).slice(0, 40)} ${JSON.stringify(fileName).slice(0, 40)}`);
      }
    });
  }, 120_000);

  it('bulk delete: any ids, on every entity', async () => {
    const bulk = t.app.routeTable.filter((r) => r.method === 'POST' && r.url.endsWith('/bulk-delete'));
    expect(bulk.length).toBeGreaterThan(5);
    const payload = fc.oneof(
      fc.record({ ids: fc.array(idLike, { maxLength: 5 }) }),
      fc.record({ ids: fc.array(fc.uuid(), { minLength: 400, maxLength: 600 }) }),
      fc.record({ ids: anyValue }),
      anyValue,
    );
    for (const route of bulk) {
      await check(
        payload,
        async (p) => expectSafe(await json('POST', route.url, p), `POST ${route.url}`),
        10,
      );
    }
  }, 120_000);

  it('form bodies: labels, help and options with NUL, control characters and huge strings', async () => {
    // A well-formed form with hostile text in some places, so it reaches the database; and wholly
    // random fields.
    const text = (valid: string) => fc.oneof({ arbitrary: fc.constant(valid), weight: 2 }, hugeOrNul);
    const goodField = fc.record({
      key: fc.constantFrom('a', 'b1', 'note'),
      type: fc.constantFrom('select', 'radio', 'multiselect'),
      label: text('عنوان'),
      help: text('مساعدة'),
      placeholder: text(''),
      options: fc.tuple(text('نعم'), fc.constant('لا')),
    });
    const anyField = fc.record({
      key: fc.oneof(fc.constantFrom('a', 'b1', 'note'), nasty),
      type: fc.oneof(fc.constantFrom(...formFieldTypes), nasty),
      label: hugeOrNul,
      help: hugeOrNul,
      options: fc.array(hugeOrNul, { maxLength: 3 }),
      min: fc.oneof(fc.double(), nasty),
      max: fc.oneof(fc.integer(), nasty),
    });
    const form = fc.record({
      title: text('نموذج'),
      description: text(''),
      fields: fc.oneof({ arbitrary: fc.tuple(goodField), weight: 3 }, fc.array(anyField, { maxLength: 3 })),
    });
    await check(
      form,
      async (body) => {
        for (const [method, url] of [
          ['POST', '/api/form'],
          ['PUT', `/api/form/${ID}`],
        ] as const)
          expectSafe(await json(method, url, body), `${method} ${url}`);
      },
      60,
    );
  }, 120_000);

  it('settings bodies: every key with any value', async () => {
    const keys = [
      'tax',
      'address',
      'email',
      'phoneNumber',
      'whatsappNumber',
      'newCustomer',
      'newOrder',
      'newPayment',
      'payPayment',
      'companyName',
      'vatNumber',
    ] as const;
    const settings = fc.dictionary(fc.constantFrom(...keys), fc.oneof(anyValue, hugeOrNul), { maxKeys: 6 });
    await check(
      settings,
      async (body) => {
        // Never maintenance mode: it would stop the rest of this suite.
        const res = await json('PUT', '/api/settings', { ...(body as object), maintenanceMode: false });
        expectSafe(res, 'PUT /api/settings');
      },
      40,
    );
  }, 120_000);

  it('date fields: task dueAt, order scheduledAt/startDate/endDate, payment dueDate, list filters', async () => {
    await check(
      hostileDate,
      async (value) => {
        const answers = [
          await json('POST', '/api/task', { title: 'مهمة', assignee: adminId, dueAt: value }),
          await json('POST', '/api/order', {
            customer: customerId,
            items: [{ service: serviceId, quantity: 1, unitPrice: '10' }],
            scheduledAt: value,
            startDate: value,
            endDate: value,
          }),
          await json('POST', '/api/payment', { order: ID, amount: '1', paymentMethod: ID, dueDate: value }),
          await t.get(
            `/api/task?dueAtFrom=${encodeURIComponent(String(value))}&createdAtTo=${encodeURIComponent(String(value))}`,
          ),
          await t.get(`/api/order?scheduledAtFrom=${encodeURIComponent(String(value))}`),
        ];
        for (const res of answers) expectSafe(res, `date ${JSON.stringify(value).slice(0, 60)}`);
      },
      60,
    );
  }, 120_000);

  it('overlong and hostile ids on every `:id` route, in Arabic', async () => {
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && r.url.includes(':'));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      await check(
        idLike,
        async (id) => {
          const res = await t.inject({
            method: route.method as 'GET',
            url: route.url.replace(/:(\w+)/g, encodeURIComponent(id)),
            token: t.admin,
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
          });
          expectSafe(res, `${route.method} ${route.url} id ${JSON.stringify(id).slice(0, 40)}`);
          if (id.length > 1000) expect(res.statusCode).toBeGreaterThanOrEqual(400);
        },
        6,
      );
    }
  }, 180_000);
});

describe('Arabic in every part of an error', () => {
  it('no `errors` or `fieldErrors` text of any answer above carried English', () => {
    expect(ENGLISH.size).toBeGreaterThan(100);
    expect([...ENGLISH].filter(hasEnglish)).toEqual([]);
  });
});
