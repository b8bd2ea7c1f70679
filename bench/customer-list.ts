/**
 * GET /api/customer on 100,000 customers: city filter + Arabic search + sort by name, a page of 20
 * (issue: records).
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { insertDemoCustomers } from '../apps/api/src/db/demo-customers';
import { cities } from '../apps/api/src/db/schema';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { customerResource } from '../apps/api/src/modules/customer/resource';
import { stackVersusBareDriver } from './harness';

export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);

export async function customerListBench() {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
  await insertDemoCustomers(database.db, CUSTOMERS);
  const [riyadh] = await database.db
    .select({ _id: cities._id })
    .from(cities)
    .where(eq(cities.name, 'الرياض'));
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    logger: false,
    serveWeb: false,
    realtime: false,
  });
  const signin = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { phoneNumber: '0500000000', password: 'Admin@12345' },
  });
  try {
    return await stackVersusBareDriver({
      name: `GET /api/customer, ${CUSTOMERS.toLocaleString('en')} customers, city + search «احمد» + sort by name (${database.kind})`,
      app,
      database,
      token: signin.json().token,
      path: '/api/customer',
      resource: customerResource,
      query: { page: '1', limit: '20', sort: 'name', city: riyadh._id, search: 'احمد' },
      goal: 0.8,
    });
  } finally {
    await app.close();
    await database.close();
  }
}
