/**
 * The mixed workload's set-up and its load options (bench/load.ts, bench/scale-out.ts): the
 * requests themselves are built in the load generator's process by bench/mixed-requests.ts.
 */
import path from 'node:path';
import { callJson } from '../apps/api/src/test/processes';
import type { LoadOptions } from './measure';
import type { MixedArgs } from './mixed-requests';

/** A JSON call to `base`; the answer's body. */
export const callApi = async (...call: Parameters<typeof callJson>) => (await callJson(...call)).json;

/** The seeded admin's token and id, a service, 50 customers and 10 orders to read. */
export async function prepareMixed(base: string) {
  const json = (method: string, url: string, body?: unknown, token?: string) =>
    callApi(base, method, url, body, token);
  const token = (
    await json('POST', '/api/auth/signin', { phoneNumber: '0500000000', password: 'Admin@12345' })
  ).token;
  const me = (await json('GET', '/api/auth/me', undefined, token))._id as string;
  const service = await json(
    'POST',
    '/api/service',
    { name: `خدمة الحمل ${Date.now()}`, price: '150' },
    token,
  );
  const customers: string[] = [];
  for (let i = 0; i < 50; i++) {
    const phone = `05${String(70_000_000 + Math.floor(Math.random() * 9_000_000)).padStart(8, '0')}`;
    const c = await json('POST', '/api/customer', { name: `عميل الحمل ${i}`, phoneNumber: phone }, token);
    if (c._id) customers.push(c._id);
  }
  for (const id of customers.slice(0, 10)) {
    await json(
      'POST',
      '/api/order',
      { customer: id, items: [{ service: service._id, quantity: 1, unitPrice: '150' }] },
      token,
    );
  }
  return { token, me, customers };
}

/** autocannon options for the mixed workload against `url` as the holder of `token`. */
export function mixedLoad(
  url: string,
  token: string,
  args: MixedArgs,
  connections: number,
  seconds: number,
): LoadOptions {
  return {
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requestScript: { module: path.join(import.meta.dirname, 'mixed-requests.ts'), args },
  };
}
