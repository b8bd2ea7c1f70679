import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/fixture';

const t = useTestApp();

describe('activity log export', () => {
  it('says what the screen says: Arabic actions and record kinds, never raw codes', async () => {
    const made = await t.post('/api/customer', { name: 'عميل السجل', phoneNumber: '0551239876' });
    expect(made.statusCode).toBe(201);
    const csv = (await t.get('/api/activity/export?fileType=csv')).body;
    const row = csv.split('\r\n').find((line) => line.includes('عميل السجل'));
    expect(row).toBeDefined();
    const cells = row!.split(',');
    expect(cells).toContain('إضافة');
    expect(cells).toContain('عميل');
    expect(cells).not.toContain('create');
    expect(cells).not.toContain('customer');
  });
});
