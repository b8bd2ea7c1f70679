import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Every write route and every list, from the server's route table, fed hostile input as the admin
 * (who passes every permission check, so the input reaches validation and the database): wrong
 * types, huge and unusual Unicode strings, prototype keys, SQL and script fragments. The answer is
 * always a JSON error or success with an Arabic message on errors — never a 500.
 */
let t: TestApp;
let admin: string;

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

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
});

function expectSafe(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  what: string,
) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type'])).toContain('application/json');
    expect(JSON.parse(res.body).message, what).toMatch(/[\u0600-\u06FF]/);
  }
}

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
            token: admin,
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
          const res = await t.inject({ method: 'GET', url: `${route.url}?${qs}`, token: admin });
          expectSafe(res, `GET ${route.url}?${qs.slice(0, 100)}`);
        }),
        { numRuns: 10 },
      );
    }
  }, 240_000);
});
