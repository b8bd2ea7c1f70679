import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../test/fixture';

/**
 * No English reaches a user: every body schema of every route, from the server's route table, is
 * sent wrong values field by field (missing, wrong type, too long, empty, null), and every message
 * of every answer — `message`, `errors` and each of `fieldErrors` — must be Arabic. Then the
 * framework's own refusals (malformed JSON, an unsupported content type, a body too large).
 */

const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name) => (name === 'phone' ? '+966500000001' : ID));
const ARABIC = /[\u0600-\u06FF]/;
/** Latin words a message may carry: names of formats and systems, never zod's or Fastify's English. */
const NAMES = new Set([
  'PDF',
  'CSV',
  'XLSX',
  'Excel',
  'WhatsApp',
  'ZATCA',
  'FATOORA',
  'VAT',
  'ICV',
  'PIH',
  'UUID',
  'QR',
  'OTP',
  'CSR',
  'CSID',
  'JSON',
  'XML',
  'SAR',
  'PUBLIC_URL',
  'IDARA_SECRET_KEY',
  'VATEX',
]);
/** Arabic, and no English sentence hidden beside it («…: Invalid input»); an API name may be quoted in «». */
const isArabic = (message: string) =>
  ARABIC.test(message) &&
  (message.replace(/«[^»]*»/g, '').match(/[A-Za-z][A-Za-z_-]{2,}/g) ?? []).every(
    (w) => NAMES.has(w) || /^[A-Z0-9_-]+$/.test(w),
  );

const WRONG: unknown[] = [12345, 'x', '', true, [], {}, null, -1, 1.5, 'ا'.repeat(20_000), '12345'];

function messagesOf(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as { message?: unknown; errors?: unknown; fieldErrors?: unknown };
  const out: string[] = [];
  if (typeof b.message === 'string') out.push(b.message);
  if (Array.isArray(b.errors)) out.push(...b.errors.filter((e): e is string => typeof e === 'string'));
  if (b.fieldErrors && typeof b.fieldErrors === 'object')
    out.push(...Object.values(b.fieldErrors).filter((e): e is string => typeof e === 'string'));
  return out;
}

/** The keys of an object schema (through optional/default/pipe wrappers), else none. */
function keysOf(schema: unknown): string[] {
  let s = schema as z.ZodType | undefined;
  for (let i = 0; s && i < 6; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    const def = (s as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    s = (def?.innerType ?? def?.in ?? def?.schema) as z.ZodType | undefined;
  }
  return [];
}

const t = useTestApp();

describe('every error message is Arabic', () => {
  it('walks every body schema with wrong values', async () => {
    const routes = t.app.routeTable.filter(
      (r) =>
        r.body &&
        ['POST', 'PUT'].includes(r.method) &&
        !r.url.startsWith('/api/auth/signout') &&
        !r.url.includes('/webhook'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const english: string[] = [];
    let refusals = 0;
    for (const route of routes) {
      const bodies: unknown[] = [{}, 'x', []];
      for (const key of keysOf(route.body)) for (const wrong of WRONG) bodies.push({ [key]: wrong });
      for (const payload of bodies) {
        const res = await t.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          token: t.admin,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${route.method} ${route.url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode < 400) continue;
        refusals++;
        for (const message of messagesOf(res.json()))
          if (!isArabic(message))
            english.push(`${route.method} ${route.url} ${JSON.stringify(payload).slice(0, 60)}: ${message}`);
      }
    }
    expect(refusals).toBeGreaterThan(500);
    expect([...new Set(english)]).toEqual([]);
  }, 300_000);

  it('walks every route’s path parameters and query with wrong values', async () => {
    const english: string[] = [];
    let refusals = 0;
    for (const route of t.app.routeTable) {
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(route.method)) continue;
      // Signing out (or ending sessions) would end the walk's own session.
      if (/webhook|signout|session|maintenance/.test(route.url)) continue;
      const urls: string[] = [];
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const name of names)
        for (const wrong of ['x', '0', '-1', 'abc def', '05x'])
          urls.push(
            route.url.replace(/:(\w+)/g, (_, n) =>
              n === name ? encodeURIComponent(wrong) : concrete(`:${n}`),
            ),
          );
      for (const key of ['page', 'limit', 'sort', 'from', 'to', 'status', 'fileType', 'search'])
        urls.push(`${concrete(route.url)}?${key}=${encodeURIComponent('x'.repeat(3))}&${key}=-1`);
      for (const url of urls) {
        const res = await t.inject({
          method: route.method as 'GET',
          url,
          token: t.admin,
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
        });
        expect(res.statusCode, `${route.method} ${url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.statusCode, `${route.method} ${url}`).not.toBe(401);
        if (res.statusCode < 400 || !res.headers['content-type']?.toString().includes('json')) continue;
        refusals++;
        for (const message of messagesOf(res.json()))
          if (!isArabic(message)) english.push(`${route.method} ${url}: ${message}`);
      }
    }
    expect(refusals).toBeGreaterThan(200);
    expect([...new Set(english)]).toEqual([]);
  }, 300_000);

  it('a WhatsApp number that is not a phone, and a payment without its method, are refused in Arabic', async () => {
    const customer = await t.post('/api/customer', {
      name: 'عميل الأخطاء',
      type: 'individual',
      phoneNumber: '0551234567',
      whatsappNumber: '12ab',
    });
    expect(customer.statusCode).toBe(422);
    expect(customer.json().fieldErrors.whatsappNumber).toMatch(ARABIC);
    for (const m of messagesOf(customer.json())) expect(isArabic(m), m).toBe(true);
    const payment = await t.post('/api/payment', { amount: 10 });
    expect(payment.statusCode).toBe(422);
    for (const m of messagesOf(payment.json())) expect(isArabic(m), m).toBe(true);
    expect(Object.keys(payment.json().fieldErrors ?? {})).toContain('paymentMethod');
  });

  it('answers the framework’s own refusals in Arabic', async () => {
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '{"name": ', status: 400 },
      { headers: { 'content-type': 'text/xml' }, payload: '<a/>', status: 415 },
      {
        headers: { 'content-type': 'application/json' },
        payload: `{"name":"${'x'.repeat(11 * 1024 * 1024)}"}`,
        status: 413,
      },
    ];
    for (const c of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/customer', token: t.admin, ...c });
      expect(res.statusCode).toBe(c.status);
      expect(res.json().message).toMatch(ARABIC);
    }
    const long = await t.get(`/api/customer/${'a'.repeat(600)}`);
    expect(long.json().message).toMatch(ARABIC);
  });
});
