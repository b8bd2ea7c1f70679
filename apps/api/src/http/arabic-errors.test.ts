import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * No English reaches a user: every body schema of every route, from the server's route table, is
 * sent wrong values field by field (missing, wrong type, too long, empty, null), and every message
 * of every answer — `message`, `errors` and each of `fieldErrors` — must be Arabic. Then the
 * framework's own refusals (malformed JSON, an unsupported content type, a body too large).
 */

let t: TestApp;
let admin: string;
const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name) => (name === 'phone' ? '+966500000001' : ID));
const ARABIC = /[\u0600-\u06FF]/;

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

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn()).token;
});
afterAll(() => t.close());

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
          token: admin,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${route.method} ${route.url} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        if (res.statusCode < 400) continue;
        refusals++;
        for (const message of messagesOf(res.json()))
          if (!ARABIC.test(message))
            english.push(`${route.method} ${route.url} ${JSON.stringify(payload).slice(0, 60)}: ${message}`);
      }
    }
    expect(refusals).toBeGreaterThan(500);
    expect([...new Set(english)]).toEqual([]);
  }, 300_000);

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
      const res = await t.inject({ method: 'POST', url: '/api/customer', token: admin, ...c });
      expect(res.statusCode).toBe(c.status);
      expect(res.json().message).toMatch(ARABIC);
    }
    const long = await t.inject({ method: 'GET', url: `/api/customer/${'a'.repeat(600)}`, token: admin });
    expect(long.json().message).toMatch(ARABIC);
  });
});
