import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
/**
 * GET /api/customer on 100,000 customers: city filter + Arabic search + sort by name, a page of 20
 * (issue: records).
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { insertDemoCustomers } from '../apps/api/src/db/demo-customers';
import { cities } from '../apps/api/src/db/schema';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { customerResource } from '../apps/api/src/modules/customer/resource';
import { signInAsAdmin, startServer, stopServer } from '../scripts/server-process';
import { timeExport } from './export';
import { type BenchResult, benchApp, stackVersusBareDriver } from './harness';

export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);

export async function customerBenches(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-bench-'));
  try {
    const list = await listBench(dataDir);
    // The export bench runs on the embedded database only (a server process on that directory).
    return process.env.BENCH_DATABASE_URL ? list : [...list, ...(await exportBench(dataDir))];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Export of all customers by a fresh server process on the seeded data directory: XLSX time against
 * CSV time, and the server's peak resident memory over its whole life (start-up included).
 */
async function exportBench(dataDir: string): Promise<BenchResult[]> {
  const kind = 'pglite';
  const server = await startServer(dataDir);
  try {
    const signin = await signInAsAdmin(server.port);
    const { token } = (await signin.json()) as { token: string };
    await timeExport(server.port, token, '/api/customer/export?fileType=xlsx&search=zzzz'); // warm-up
    const csv = await timeExport(server.port, token, '/api/customer/export?fileType=csv');
    const xlsx = await timeExport(server.port, token, '/api/customer/export?fileType=xlsx');
    const peak = server.peakRssMb();
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
  } finally {
    await stopServer(server.child);
  }
}

async function listBench(dataDir: string): Promise<BenchResult[]> {
  // File-backed, as deployed; the export bench then starts a real server on the same directory.
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, dataDir });
  await database.migrate();
  await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
  await insertDemoCustomers(database.db, CUSTOMERS);
  await database.analyze();
  const [riyadh] = await database.db
    .select({ _id: cities._id })
    .from(cities)
    .where(eq(cities.name, 'الرياض'));
  const { app, token } = await benchApp(database);
  try {
    const list = await stackVersusBareDriver({
      name: `GET /api/customer, ${CUSTOMERS.toLocaleString('en')} customers, city + search «احمد» + sort by name (${database.kind})`,
      app,
      database,
      token,
      path: '/api/customer',
      resource: customerResource,
      query: { page: '1', limit: '20', sort: 'name', city: riyadh._id, search: 'احمد' },
      goal: 0.8,
    });
    return [list];
  } finally {
    await app.close();
    await database.close();
  }
}
