/** GET /api/user: 1,000 users, a page of 20 sorted by name (issue: foundation). */
import { openDatabase } from '../apps/api/src/db/client';
import { demoName } from '../apps/api/src/db/demo-names';
import { users } from '../apps/api/src/db/schema';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { userResource, userSearchText } from '../apps/api/src/modules/user/resource';
import { benchApp, stackVersusBareDriver } from './harness';

export async function userListBench() {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
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
  const { app, token } = await benchApp(database);
  try {
    return await stackVersusBareDriver({
      name: `GET /api/user, 1,000 users, page of 20 by name (${database.kind})`,
      app,
      database,
      token,
      path: '/api/user',
      resource: userResource,
      query: { page: '1', limit: '20', sort: 'name' },
      goal: 0.8,
    });
  } finally {
    await app.close();
    await database.close();
  }
}
