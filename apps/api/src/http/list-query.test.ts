import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { userResource, userSearchText } from '../modules/user/resource';
import { useTestApp } from '../test/fixture';
import { iterateList, parseListQuery, runList } from './list-query';

const t = useTestApp({ signedIn: false });
beforeAll(async () => {
  const names = ['أحمد سالم', 'إيمان علي', 'آمنة حسن', 'مريم', 'زياد'];
  await t.db.insert(users).values(
    names.map((name, i) => {
      const u = {
        name,
        phoneNumber: `+96655${String(1000000 + i)}`,
        role: i % 2 ? 'manager' : 'employee',
        passwordHash: 'x',
      };
      return { ...u, searchText: userSearchText(u) };
    }),
  );
});

describe('list query', () => {
  const queries: Record<string, unknown>[] = [
    { sort: 'name' },
    { sort: '-createdAt,name', limit: '2', page: '2' },
    { search: 'امنه' },
    { search: 'ا', role: 'employee,manager', limit: '0' },
    { active: 'true', fields: 'name,role' },
    { createdAtFrom: '2000-01-01', createdAtTo: '2199-01-01', sort: '-name' },
  ];

  it('gives the same answer through the bare-driver path, in a transaction and with an extra condition', async () => {
    for (const query of queries) {
      const fast = await runList(t.db, userResource, query);
      const inTx = await t.db.transaction((tx) => runList(tx, userResource, query));
      const withExtra = await runList(t.db, userResource, query, eq(users.active, true));
      expect(inTx, JSON.stringify(query)).toEqual(fast);
      expect(withExtra, JSON.stringify(query)).toEqual(fast);
    }
  });

  it('exports every row once, in the list order, when paging by keyset', async () => {
    // Ties and NULLs in the sort column, and timestamps with microseconds JavaScript cannot hold.
    const some = await t.db.select({ _id: users._id }).from(users).limit(4);
    await t.db
      .update(users)
      .set({ lastLoginAt: sql`'2026-01-01 10:00:00.123456+00'` })
      .where(
        inArray(
          users._id,
          some.slice(0, 3).map((u) => u._id),
        ),
      );
    const sorts = ['lastLoginAt', '-lastLoginAt', 'role,-name', '-role,lastLoginAt', '-createdAt'];
    for (const sort of sorts) {
      for (const fields of [undefined, 'name']) {
        const query = { sort, ...(fields ? { fields } : {}) };
        const all = await runList(t.db, userResource, { ...query, limit: '0' });
        expect(all.total, sort).toBeGreaterThan(5);
        const exported: Record<string, unknown>[] = [];
        for await (const row of iterateList(t.db, userResource, query, 2)) exported.push(row);
        expect(exported, `${sort} ${fields}`).toEqual(all.data);
      }
    }
  });

  it('treats the first letter forms alike and counts what it filters', async () => {
    const result = await runList(t.db, userResource, { search: 'ا', sort: 'name', limit: '0' });
    const names = result.data.map((u) => u.name);
    expect(names).toEqual(expect.arrayContaining(['أحمد سالم', 'إيمان علي', 'آمنة حسن']));
    expect(result.total).toBe(result.data.length);
    expect(result.data[0].createdAt).toBeInstanceOf(Date);
    expect(Array.isArray(result.data[0].permissions)).toBe(true);
  });

  it('parses paging, sorting, fields and ranges, and refuses what it does not know', () => {
    const q = parseListQuery(userResource, {
      page: '٢',
      limit: '10',
      sort: '-name',
      fields: 'name',
      cache: 'x',
    });
    expect(q).toMatchObject({ page: 2, limit: 10, fields: ['_id', 'name'] });
    expect(q.sort).toEqual([
      { field: 'name', descending: true },
      { field: '_id', descending: false },
    ]);
    expect(() => parseListQuery(userResource, { sort: 'constructor' })).toThrow();
    expect(() => parseListQuery(userResource, { fields: '__proto__' })).toThrow();
    expect(() => parseListQuery(userResource, { createdAtFrom: 'yesterday' })).toThrow();
    expect(() => parseListQuery(userResource, { search: 'x'.repeat(201) })).toThrow();
  });
});
