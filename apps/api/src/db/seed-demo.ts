/**
 * `npm run seed:demo [-- --users N] [-- --customers N] [-- --orders N]`: demo data for trying the app, screenshots and
 * benchmarks — one user per role (password Demo@12345), optionally N more employees, and N realistic
 * customers, and N orders with about two payments each. Safe to run again: existing staff phones are skipped, customers are added after the last.
 */
import { normalizeSaudiPhone, rolePresets } from '@idara/domain';
import { inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { hashPassword } from '../modules/auth/passwords';
import { migrateLegacyInvoices } from '../modules/invoice/legacy';
import { userSearchText } from '../modules/user/resource';
import { withIndexesBuiltAfter } from './bulk-insert';
import { type Db, openDatabase } from './client';
import { insertDemoCustomers } from './demo-customers';
import { demoName, jobTitles } from './demo-names';
import { insertDemoOrders } from './demo-orders';
import { customers, orderItems, orders, payments, users } from './schema';
import { seedIfEmpty } from './seed';

const DEMO_PASSWORD = 'Demo@12345';
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

function argValue(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number`);
  return n;
}

const config = loadConfig();
const customerCount = argValue('customers', 0);
const orderCount = argValue('orders', 0);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
await seedIfEmpty(database.db, {
  phone: config.ADMIN_PHONE,
  password: config.ADMIN_PASSWORD,
  name: config.ADMIN_NAME,
});

const passwordHash = await hashPassword(DEMO_PASSWORD);
const demo = [
  { name: 'نورة الشهري', phone: '0500000001', role: 'manager', jobTitle: 'مديرة العمليات' },
  { name: 'خالد القحطاني', phone: '0500000002', role: 'accountant', jobTitle: 'محاسب' },
  { name: 'فهد الدوسري', phone: '0500000003', role: 'employee', jobTitle: 'فني صيانة' },
];
const extra = argValue('users', 0);
for (let i = 0; i < extra; i++) {
  demo.push({
    name: demoName(i),
    phone: `05${String(10_000_000 + i).padStart(8, '0')}`,
    role: 'employee',
    jobTitle: jobTitles[i % jobTitles.length],
  });
}
const rows = demo.map((d) => {
  const values = {
    name: d.name,
    phoneNumber: normalizeSaudiPhone(d.phone)!,
    email: '',
    jobTitle: d.jobTitle,
    role: d.role,
    permissions: rolePresets[d.role].permissions,
    passwordHash,
  };
  return { ...values, searchText: userSearchText(values) };
});
const existing = new Set(
  (
    await database.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(
        inArray(
          users.phoneNumber,
          rows.map((r) => r.phoneNumber),
        ),
      )
  ).map((r) => r.phone),
);
const fresh = rows.filter((r) => !existing.has(r.phoneNumber));
for (let i = 0; i < fresh.length; i += 500) await database.db.insert(users).values(fresh.slice(i, i + 500));
console.log(
  `Added ${fresh.length} demo users (${existing.size} already there). Demo password: ${DEMO_PASSWORD}`,
);
console.log('  manager 0500000001 · accountant 0500000002 · employee 0500000003');
// Payments from before e-invoicing become invoices at the server's first start; the demo payments
// are today's, so that step runs now, on what was there before them (at 1M orders it would otherwise
// turn two million demo payments into invoices one by one at start-up).
await migrateLegacyInvoices(database.db);
const seedStarted = Date.now();
const addRecords = async (db: Db) => {
  if (customerCount > 0) {
    const [{ existing: already }] = await db.select({ existing: sql<number>`count(*)::int` }).from(customers);
    const started = Date.now();
    await insertDemoCustomers(db, customerCount, already);
    console.log(`Added ${customerCount} demo customers in ${seconds(started)} s`);
  }
  if (orderCount > 0) {
    const started = Date.now();
    const added = await insertDemoOrders(db, orderCount);
    console.log(`Added ${added.orders} demo orders and ${added.payments} payments in ${seconds(started)} s`);
  }
};
// Small counts keep their indexes; large ones load first and build each index once afterwards.
if (customerCount + orderCount >= 50_000) {
  await withIndexesBuiltAfter(database.db, [customers, orders, orderItems, payments], addRecords);
  console.log(`Seeded and indexed in ${seconds(seedStarted)} s`);
} else {
  await addRecords(database.db);
}
await database.analyze({ vacuum: true });
if (database.kind === 'postgres') await database.db.execute(sql`vacuum analyze`);
console.log(`Done in ${seconds(seedStarted)} s`);
await database.close();
