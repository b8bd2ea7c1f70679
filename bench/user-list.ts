/** GET /api/user: 1,000 users, a page of 20 sorted by name (issue: foundation). */
import type { Database } from '../apps/api/src/db/client';
import { demoName } from '../apps/api/src/db/demo-names';
import { users } from '../apps/api/src/db/schema';
import { userResource, userSearchText } from '../apps/api/src/modules/user/resource';
import { bareListRoute, stackVersusBare } from './harness';
import { freshDatabase, removeData, startStackAndBare } from './servers';

/** The first page of 20 by name. */
export const USER_LIST_QUERY = { page: '1', limit: '20', sort: 'name' };

/** 999 employees beside the admin: the user list's data. */
export async function seedUsers(database: Database) {
  const rows = Array.from({ length: 999 }, (_, i) => {
    const u = {
      name: `${demoName(i)} ${i}`,
      phoneNumber: `+9665${String(10_000_000 + i).padStart(8, '0')}`,
      role: 'employee',
      jobTitle: 'فني',
      permissions: ['task:read'],
      passwordHash: 'x',
    };
    return { ...u, searchText: userSearchText(u) };
  });
  await database.db.insert(users).values(rows);
}

export async function userListBench() {
  const seeded = await freshDatabase('idara-bench-users');
  const { database } = seeded;
  await seedUsers(database);
  const query = USER_LIST_QUERY;
  const route = bareListRoute(database, userResource, '/api/user', query);
  const servers = await startStackAndBare(seeded, [route]);
  try {
    return await stackVersusBare({
      name: `GET /api/user, 1,000 users, page of 20 by name (${database.kind})`,
      ...servers,
      path: '/api/user',
      query,
      sameAnswer: true,
      goal: 0.8,
    });
  } finally {
    await servers.stop();
    removeData(seeded);
  }
}
