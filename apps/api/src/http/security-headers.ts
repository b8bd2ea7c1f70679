import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, worked out once at start-up. The options are static,
 * so every request gets the same headers; @fastify/helmet built Helmet's middleware again on each
 * request (parsing the CSP every time), ~5 % of the server's CPU on a list request (profile in
 * docs/PERFORMANCE.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined, // X-Powered-By, which Fastify never sets
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
