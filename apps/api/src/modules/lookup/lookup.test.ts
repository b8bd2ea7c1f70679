import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';

const t = useTestApp({ signedIn: false });

describe('reference data for the screens that need it', () => {
  it('names places for a customer reader and services for an order creator, and nothing for others', async () => {
    const reader = await t.userWith('employee', ['customer:read']);
    const creator = await t.userWith('employee', ['order:create']);
    const nobody = await t.userWith('employee', ['task:read']);
    const get = (url: string, token: string) => t.get(url, token);

    const places = await get('/api/lookup/places', reader.token);
    expect(places.statusCode).toBe(200);
    expect(places.json().cities.length).toBeGreaterThan(0);
    expect(places.json().cities[0]).toEqual({
      _id: expect.any(String),
      name: expect.any(String),
      government: expect.any(String),
    });
    // The same reader may not manage cities or read services.
    expect((await get('/api/city', reader.token)).statusCode).toBe(403);
    expect((await get('/api/lookup/services', reader.token)).statusCode).toBe(403);

    const admin = await t.adminToken();
    await t.post('/api/service', { name: 'فحص', price: '50' }, admin);
    const services = await get('/api/lookup/services', creator.token);
    expect(services.statusCode).toBe(200);
    expect(services.json().services).toContainEqual({
      _id: expect.any(String),
      name: 'فحص',
      price: '50.00',
      active: true,
      // What an order line needs of it: its unit and VAT category.
      unit: 'piece',
      vatCategory: 'S',
      vatExemptionCode: '',
      vatExemptionReason: '',
    });
    expect((await get('/api/service', creator.token)).statusCode).toBe(403);

    // A contract type says how long it runs and how many visits it plans: what selling it shows.
    await t.post(
      '/api/contract',
      { name: 'صيانة ربع سنوية', price: '1200', durationMonths: 12, visits: 4 },
      admin,
    );
    const seller = await t.userWith('employee', ['customerContract:create']);
    const types = await get('/api/lookup/services', seller.token);
    expect(types.statusCode).toBe(200);
    const sold = types.json().contracts.find((c: { name: string }) => c.name === 'صيانة ربع سنوية');
    expect([sold?.durationMonths, sold?.visits, sold?.price, sold?.active]).toEqual([12, 4, '1200.00', true]);

    expect((await get('/api/lookup/places', nobody.token)).statusCode).toBe(403);
    expect((await get('/api/lookup/services', nobody.token)).statusCode).toBe(403);
  });

  it('lets a task creator pick employees, forms and orders with only what a picker shows', async () => {
    const creator = await t.userWith('employee', ['task:create']);
    const outsider = await t.userWith('employee', ['customer:read']);
    const get = (url: string, token: string) => t.get(url, token);

    const me = { _id: creator.user._id, name: creator.user.name, jobTitle: creator.user.jobTitle ?? null };
    const users = await get(`/api/lookup/users?search=${creator.phoneNumber}`, creator.token);
    expect(users.statusCode).toBe(200);
    expect(users.json().data).toEqual([me]);
    // The picker's preselected value, without user:details; a made-up id is a clear Arabic 404.
    const one = await get(`/api/lookup/users/${me._id}`, creator.token);
    expect(one.json()).toEqual(me);
    const missing = await get('/api/lookup/users/00000000-0000-4000-8000-000000000000', creator.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('المستخدم غير موجود');
    // Asking for more fields than a picker shows gets the picker's fields only.
    const wide = await get('/api/lookup/users?fields=permissions,phoneNumber', creator.token);
    expect(Object.keys(wide.json().data[0]).sort()).toEqual(['_id', 'jobTitle', 'name']);

    expect((await get('/api/lookup/forms', creator.token)).statusCode).toBe(200);
    expect((await get('/api/lookup/orders', creator.token)).statusCode).toBe(200);
    expect((await get('/api/user', creator.token)).statusCode).toBe(403);
    expect((await get('/api/lookup/users', outsider.token)).statusCode).toBe(403);
    expect((await get('/api/lookup/forms', outsider.token)).statusCode).toBe(403);
  });
});
