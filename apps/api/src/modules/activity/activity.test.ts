import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('activity log export', () => {
  it('says what the screen says: Arabic actions and record kinds, never raw codes', async () => {
    const made = await t.inject({
      method: 'POST',
      url: '/api/customer',
      token: admin,
      payload: { name: 'عميل السجل', phoneNumber: '0551239876' },
    });
    expect(made.statusCode).toBe(201);
    const csv = (await t.inject({ method: 'GET', url: '/api/activity/export?fileType=csv', token: admin }))
      .body;
    const row = csv.split('\r\n').find((line) => line.includes('عميل السجل'));
    expect(row).toBeDefined();
    const cells = row!.split(',');
    expect(cells).toContain('إضافة');
    expect(cells).toContain('عميل');
    expect(cells).not.toContain('create');
    expect(cells).not.toContain('customer');
  });
});
