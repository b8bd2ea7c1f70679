import { type APIRequestContext, expect } from '@playwright/test';

/** The seeded administrator of every fresh E2E database. */
export const ADMIN = { phoneNumber: '0500000000', password: 'Admin@12345' } as const;

/** The role presets (packages/domain permissions.ts): `employee` is the front office, `technician` sees only their tasks. */
export type Role = 'admin' | 'manager' | 'accountant' | 'employee' | 'technician';

export interface ApiUser {
  _id: string;
  name: string;
  phoneNumber: string;
  role: Role;
  permissions: string[];
  gender?: 'male' | 'female';
}

export interface Session {
  user: ApiUser;
  token: string;
}

export interface TestUser extends ApiUser {
  /** The local form typed in the UI (05XXXXXXXX). */
  phone: string;
  password: string;
}

const used = new Set<string>();

/**
 * A fresh Saudi mobile number (05 + 8 digits), never the seeded admin's. The first of the 8 digits is
 * the worker's parallel index, so the two workers can never draw the same number.
 */
export function randomPhone(): string {
  const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  for (;;) {
    const phone = `05${lane}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    if (phone !== ADMIN.phoneNumber && !used.has(phone)) {
      used.add(phone);
      return phone;
    }
  }
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * POSTs `data` to `url` as `token` and gives the answer's JSON, which must come with `status` (201,
 * a record made, unless said).
 */
export async function postAs<T = { _id: string }>(
  request: APIRequestContext,
  token: string,
  url: string,
  data: unknown = {},
  status = 201,
): Promise<T> {
  const res = await request.post(url, { data, headers: bearer(token) });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

export async function signIn(request: APIRequestContext, phoneNumber: string, password: string) {
  const res = await request.post('/api/auth/signin', { data: { phoneNumber, password } });
  expect(res.status(), `sign-in of ${phoneNumber}: ${await res.text()}`).toBe(200);
  return (await res.json()) as Session;
}

let adminToken: string | null = null;

/** The admin's token, signed in once per worker (no test signs this session out). */
export async function adminAuth(request: APIRequestContext): Promise<string> {
  adminToken ??= (await signIn(request, ADMIN.phoneNumber, ADMIN.password)).token;
  return adminToken;
}

/**
 * What the `employee` preset granted before it became the front office: reads customers and orders
 * and sees one's own tasks. Specs that need someone who only looks give this list explicitly.
 */
export const READER_PERMISSIONS = [
  'task:read',
  'customer:read',
  'customer:details',
  'order:read',
  'order:details',
  'user:read',
];

export interface NewUser {
  role?: Role;
  /** An explicit list instead of the role's preset (a reader: `role: 'employee'` with read permissions). */
  permissions?: string[];
  name?: string;
  password?: string;
  gender?: 'male' | 'female';
}

/** Creates a user through the API as the seeded admin; every call gets a fresh phone. */
export async function createUser(request: APIRequestContext, input: NewUser = {}): Promise<TestUser> {
  const token = await adminAuth(request);
  const phone = randomPhone();
  const password = input.password ?? 'Test@12345';
  const body = {
    name: input.name ?? `مستخدم اختبار ${phone.slice(-4)}`,
    phoneNumber: phone,
    role: input.role ?? 'employee',
    password,
    ...(input.permissions ? { permissions: input.permissions } : {}),
    ...(input.gender ? { gender: input.gender } : {}),
  };
  const res = await request.post('/api/user', { data: body, headers: bearer(token) });
  expect(res.status(), `create user: ${await res.text()}`).toBe(201);
  const created = (await res.json()) as ApiUser;
  return { ...created, phone, password };
}

/** Signs a token out on the server (the session is revoked; the browser is not told). */
export async function revokeToken(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.post('/api/auth/signout', { headers: bearer(token) });
  expect(res.status(), `sign-out: ${await res.text()}`).toBe(200);
}

/**
 * Orders `quantity` × the service at `unitPrice` for the customer and issues the order's invoice,
 * through the API with `headers`; returns the order and its invoice.
 */
export async function orderAndInvoice(
  request: APIRequestContext,
  headers: Record<string, string>,
  item: { customer: string; service: string; quantity: number; unitPrice: string },
) {
  const { customer, ...line } = item;
  const order = await (
    await request.post('/api/order', { headers, data: { customer, items: [line] } })
  ).json();
  const res = await request.post(`/api/order/${order._id}/invoice`, { headers });
  expect(res.status(), await res.text()).toBe(201);
  return { order, invoice: await res.json() };
}

/**
 * A new service at `price` and a new individual customer (random phone), then an order of `quantity`
 * of it and the order's invoice, all through the API as the admin; returns the customer, the order
 * and the invoice.
 */
export async function invoicedNewCustomer(
  request: APIRequestContext,
  input: { serviceName: string; price: string; customerName: string; quantity: number },
) {
  const headers = bearer(await adminAuth(request));
  const service = await (
    await request.post('/api/service', { headers, data: { name: input.serviceName, price: input.price } })
  ).json();
  const customer = await (
    await request.post('/api/customer', {
      headers,
      data: { name: input.customerName, phoneNumber: randomPhone() },
    })
  ).json();
  const { order, invoice } = await orderAndInvoice(request, headers, {
    customer: customer._id,
    service: service._id,
    quantity: input.quantity,
    unitPrice: input.price,
  });
  return { customer, order, invoice };
}
