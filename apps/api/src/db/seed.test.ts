import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/fixture';
import { seedIfEmpty } from './seed';

const t = useTestApp({ signedIn: false });

const counts = async () => {
  const result = await t.db.execute(sql`select
    (select count(*)::int from users) as users, (select count(*)::int from roles) as roles,
    (select count(*)::int from governments) as governments, (select count(*)::int from cities) as cities,
    (select count(*)::int from payment_methods) as methods, (select count(*)::int from settings) as settings`);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0];
};

describe('database', () => {
  it('runs on the engine the suite was asked for', async () => {
    const health = (await t.get('/api/health')).json();
    expect(health).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

describe('seed', () => {
  it('fills an empty database with the admin, roles, 13 regions with cities, payment methods, settings', async () => {
    const c = await counts();
    expect(c).toMatchObject({ users: 1, roles: 5, governments: 13, settings: 1, methods: 3 });
    expect(c.cities).toBeGreaterThanOrEqual(50);
    const methods = await t.db.execute(sql`select name from payment_methods order by name`);
    expect((methods as unknown as { rows: { name: string }[] }).rows.map((r) => r.name).sort()).toEqual(
      ['تحويل بنكي', 'مدى', 'نقدي'].sort(),
    );
  });

  it('does not seed twice', async () => {
    const before = await counts();
    expect(await seedIfEmpty(t.db, { phone: '0511111111', password: 'Another1!', name: 'x' })).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
