import { expect } from 'vitest';
import type { TestApp } from './harness';

/**
 * A VAT-registered company with its national address (the first city of the seed), made by the
 * administrator (`t.admin`): its documents are standard tax invoices, cleared by FATOORA. Returns the
 * customer's id.
 */
export async function companyBuyer(t: TestApp, name: string, phoneNumber: string) {
  const [city] = (await t.get('/api/city?limit=1')).json().data;
  const res = await t.post('/api/customer', {
    name,
    type: 'company',
    phoneNumber,
    vatNumber: '310122393500003',
    ...nationalAddressIn(city),
  });
  return res.json()._id as string;
}

/** A national address in `city` (a row of `/api/city`), as a customer body takes it. */
export const nationalAddressIn = (city: { _id: string; government: string }) => ({
  city: city._id,
  government: city.government,
  buildingNumber: '1111',
  street: 'صلاح الدين',
  district: 'المروج',
  postalCode: '12222',
});

/**
 * Orders one `service` at 100.00 for `buyer` and issues the order's invoice, both through `post`
 * (a file's POST as its admin); returns the issued invoice.
 */
export async function issuedInvoiceFor(
  post: (url: string, payload?: unknown) => ReturnType<TestApp['inject']>,
  buyer: string,
  service: string,
) {
  const order = (
    await post('/api/order', { customer: buyer, items: [{ service, quantity: 1, unitPrice: '100.00' }] })
  ).json();
  const res = await post(`/api/order/${order._id}/invoice`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
