/**
 * GET /api/customer on 100,000 customers: city filter + Arabic search + sort by name, a page of 20
 * (issue: records).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client';
import { insertDemoCustomers } from '../apps/api/src/db/demo-customers';
import { cities } from '../apps/api/src/db/schema';
import { customerResource } from '../apps/api/src/modules/customer/resource';
import { exportAllCustomers } from './export';
import { type BenchResult, bareListRoute, stackVersusBare } from './harness';
import { freshDatabase, removeData, startStackAndBare } from './servers';

export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);

export async function customerBenches(): Promise<BenchResult[]> {
  const seeded = await freshDatabase('idara-bench');
  try {
    const list = await listBench(seeded);
    // The export bench runs on the embedded database only (a server process on that directory).
    return seeded.url ? list : [...list, ...(await exportBench(seeded.dataDir))];
  } finally {
    removeData(seeded);
  }
}

/**
 * Export of all customers by a fresh server process on the seeded data directory: XLSX time against
 * CSV time, and the server's peak resident memory over its whole life (start-up included).
 */
async function exportBench(dataDir: string): Promise<BenchResult[]> {
  const kind = 'pglite';
  const { csv, xlsx, peakMb } = await exportAllCustomers(dataDir);
  const peak = peakMb.xlsx;
  const n = CUSTOMERS.toLocaleString('en');
  return [
    {
      name: `export of all ${n} customers to XLSX vs CSV (${kind})`,
      measured: `XLSX ${xlsx.seconds.toFixed(1)} s, ${(xlsx.bytes / 1e6).toFixed(1)} MB`,
      baseline: `CSV ${csv.seconds.toFixed(1)} s, ${(csv.bytes / 1e6).toFixed(1)} MB`,
      ratio: xlsx.seconds / csv.seconds,
      goal: '≤ 3.00',
      met: xlsx.seconds / csv.seconds <= 3,
    },
    {
      name: `server peak RSS (VmHWM) through start-up and both exports (${kind})`,
      measured: `${peak.toFixed(0)} MB`,
      baseline: '300 MB budget',
      ratio: peak / 300,
      goal: '≤ 1.00',
      met: peak <= 300,
    },
  ];
}

/** CUSTOMERS demo customers, analysed; the list's query: Riyadh, «احمد», by name, a page of 20. */
export async function seedCustomerList(database: Database) {
  await insertDemoCustomers(database.db, CUSTOMERS);
  await database.analyze();
  const [riyadh] = await database.db
    .select({ _id: cities._id })
    .from(cities)
    .where(eq(cities.name, 'الرياض'));
  return { page: '1', limit: '20', sort: 'name', city: riyadh._id, search: 'احمد' };
}

async function listBench(seeded: Awaited<ReturnType<typeof freshDatabase>>): Promise<BenchResult[]> {
  const { database } = seeded;
  const query = await seedCustomerList(database);
  const route = bareListRoute(database, customerResource, '/api/customer', query);
  const servers = await startStackAndBare(seeded, [route]);
  try {
    return await stackVersusBare({
      name: `GET /api/customer, ${CUSTOMERS.toLocaleString('en')} customers, city + search «احمد» + sort by name (${database.kind})`,
      ...servers,
      path: '/api/customer',
      query,
      sameAnswer: true,
      goal: 0.8,
    });
  } finally {
    await servers.stop();
  }
}
