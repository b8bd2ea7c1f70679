import type { TestApp } from './harness';

/**
 * A VAT-registered company with its national address (the first city of the seed): its documents are
 * standard tax invoices, cleared by FATOORA. Returns the customer's id.
 */
export async function companyBuyer(t: TestApp, token: string, name: string, phoneNumber: string) {
  const [city] = (await t.inject({ method: 'GET', url: '/api/city?limit=1', token })).json().data;
  const res = await t.inject({
    method: 'POST',
    url: '/api/customer',
    token,
    payload: { name, type: 'company', phoneNumber, vatNumber: '310122393500003', ...nationalAddressIn(city) },
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
