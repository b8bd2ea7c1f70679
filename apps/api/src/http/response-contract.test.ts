import { customerRow, dateTimeOut, errorResponse, listOf } from '@idara/domain';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../test/fixture';
import { registerErrorHandling } from './errors';
import { registerResponseContract } from './response-contract';

/** A bare Fastify with the app's contract machinery and one route per answer under test. */
async function tinyApp(check: boolean, logLines: string[] = []) {
  const app = Fastify({
    logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } },
  });
  app.setValidatorCompiler(validatorCompiler);
  registerResponseContract(app, check);
  registerErrorHandling(app);
  const thing = z.object({ name: z.string(), at: dateTimeOut, count: z.number().int() });
  const route = (url: string, answer: unknown) =>
    app.get(url, { schema: { response: { 200: thing } } }, async () => answer);
  route('/api/kept', { name: 'أ', at: new Date('2026-01-01T00:00:00Z'), count: 3 });
  route('/api/wrong-type', { name: 'أ', at: new Date(), count: 'three' });
  route('/api/missing', { name: 'أ', count: 3 });
  route('/api/extra-key', { name: 'أ', at: new Date(), count: 3, secret: 'x' });
  await app.ready();
  return app;
}

describe('response contract: an answer outside its schema', () => {
  it('fails the request loudly when answers are checked (tests), and is noted for the harness', async () => {
    const app = await tinyApp(true);
    const kept = await app.inject({ url: '/api/kept' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ name: 'أ', at: '2026-01-01T00:00:00.000Z', count: 3 });
    for (const url of ['/api/wrong-type', '/api/missing', '/api/extra-key']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(500);
      expect(errorResponse.safeParse(res.json()).success).toBe(true);
    }
    expect(app.responseMismatches).toHaveLength(3);
    expect(app.responseMismatches[0]).toMatch(
      /GET \/api\/wrong-type → 200: answer outside its schema: count/,
    );
    expect(app.responseMismatches[1]).toMatch(/\/api\/missing.*at/);
    // A key the schema does not name would be dropped by the serializer: the check says so.
    expect(app.responseMismatches[2]).toMatch(/\/api\/extra-key.*secret/);
    await app.close();
  });

  it('never turns a user request into a 500 in production: the answer goes out, the mismatch is logged', async () => {
    const log: string[] = [];
    const app = await tinyApp(false, log);
    const missing = await app.inject({ url: '/api/missing' });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ name: 'أ', count: 3 });
    expect(log.join('\n')).toMatch(/answer outside its response schema/);
    // Production keeps to the schema where it can: a key it does not name is not sent.
    const extra = await app.inject({ url: '/api/extra-key' });
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).not.toHaveProperty('secret');
    expect(app.responseMismatches).toEqual([]);
    await app.close();
  });

  it('describes a list asked for a subset of columns (`fields=`) truthfully', () => {
    const list = listOf(customerRow);
    const subset = { data: [{ _id: 'x', name: 'عميل' }], total: 1, page: 1, limit: 20 };
    expect(list.safeParse(subset).success).toBe(true);
    expect(list.safeParse({ ...subset, data: [{ _id: 'x', name: 5 }] }).success).toBe(false);
  });
});

describe('response contract: every route of the app', () => {
  const t = useTestApp({ signedIn: false });

  it('declares a response schema for its success status and the shared error schema for 4xx and 5xx', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(80);
    const missing = api.filter(
      (r) => !Object.keys(r.response ?? {}).some((status) => /^2\d\d$/.test(status)),
    );
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const noErrors = api.filter(
      (r) => r.response?.['4xx'] !== errorResponse || r.response?.['5xx'] !== errorResponse,
    );
    expect(noErrors.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('shows every response in /api/docs', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, responses: op.responses ?? {} })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const undocumented = operations.filter((op) => !Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)));
    expect(undocumented.map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const customers = doc.paths['/api/customer/']?.get?.responses?.['200'] as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(customers.content['application/json'].schema.properties)).toEqual([
      'data',
      'total',
      'totalIsCapped',
      'page',
      'limit',
    ]);
  });

  it('resolves every $ref of /api/docs to a schema in its components', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      components?: { schemas?: Record<string, unknown> };
    };
    const refs = new Set(
      [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]),
    );
    expect(refs.size).toBeGreaterThan(10);
    const schemas = doc.components?.schemas ?? {};
    expect([...refs].filter((name) => !(name in schemas))).toEqual([]);
    for (const name of ['CustomerStatement', 'AgingReport', 'VatReport'])
      expect(schemas).toHaveProperty(name);
  });
});
