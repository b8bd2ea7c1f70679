/**
 * The maintenance-contracts bench's data, written fast but as the app writes it: technicians,
 * customers, contract types and active customer contracts by bulk inserts; the contracts' visits
 * come from the planning bench (bench/visits.ts), then the past ones are marked done or missed.
 */
import {
  addDays,
  contractEndDate,
  normalizeArabic,
  planVisitDays,
  riyadhDayOf,
  visitInstant,
} from '@idara/domain';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { bulkInsert } from '../apps/api/src/db/bulk-insert';
import type { Database, Db } from '../apps/api/src/db/client';
import { insertDemoCustomers } from '../apps/api/src/db/demo-customers';
import { demoName } from '../apps/api/src/db/demo-names';
import { contracts, customerContracts, customers, services, users, visits } from '../apps/api/src/db/schema';
import { getSettings, type SettingsRow } from '../apps/api/src/modules/settings/service';
import { userSearchText } from '../apps/api/src/modules/user/resource';

export const TECHNICIANS = 100;

/** Visits a year by contract type; contract i sells type `i % 4`: 12 a year on average. */
const TYPES = [
  { name: 'صيانة مكيفات كل شهرين', visits: 6, price: 3600 },
  { name: 'صيانة مكيفات شهرية', visits: 12, price: 6000 },
  { name: 'صيانة مكيفات شهرية', visits: 12, price: 6000 },
  { name: 'صيانة مكيفات مكثفة', visits: 18, price: 8400 },
];

export type ContractType = typeof contracts.$inferSelect;

/** A customer contract as the create route hands it to `planContractVisits` (the row with its names). */
export type PlannedContract = typeof customerContracts.$inferSelect & { customerName: string };

/**
 * 100 technicians, `customerCount` customers (the demo generator), one service, three contract
 * types (6, 12 and 18 visits a year) and `contractCount` customer contracts of 12 months started
 * over the last 360 days, so every one is active and its plan runs into next year. Each contract
 * has one technician, every third a second; it answers the type's price, numbers from 1 and the
 * search text `prepareContract` writes. Returns the contracts as the planner is given them.
 */
export async function seedContracts(database: Database, contractCount: number, customerCount: number) {
  const { db } = database;
  const technicians = Array.from({ length: TECHNICIANS }, (_, i) => {
    const u = {
      name: `${demoName(i)} ${i + 1}`,
      phoneNumber: `+9665${String(20_000_000 + i).padStart(8, '0')}`,
      role: 'employee',
      jobTitle: 'فني تكييف',
      permissions: ['visit:read', 'visit:update'],
      passwordHash: 'x',
    };
    return { ...u, searchText: userSearchText(u) };
  });
  const techIds = (await db.insert(users).values(technicians).returning({ _id: users._id })).map(
    (u) => u._id,
  );
  await insertDemoCustomers(db, customerCount);
  const customerRows = await db
    .select({
      _id: customers._id,
      name: customers.name,
      phoneNumber: customers.phoneNumber,
      city: customers.city,
      street: customers.street,
      district: customers.district,
    })
    .from(customers)
    .orderBy(customers.phoneNumber);
  const [service] = await db
    .insert(services)
    .values({ name: 'عقد صيانة مكيفات', searchText: normalizeArabic('عقد صيانة مكيفات') })
    .returning({ _id: services._id });
  const types = new Map<string, ContractType>();
  for (const t of TYPES) {
    if (types.has(t.name)) continue;
    const [row] = await db
      .insert(contracts)
      .values({
        name: t.name,
        durationMonths: 12,
        visits: t.visits,
        price: String(t.price),
        service: service._id,
        searchText: normalizeArabic(t.name),
      })
      .returning();
    types.set(t.name, row);
  }
  const today = riyadhDayOf(new Date());
  const rows = Array.from({ length: contractCount }, (_, i) => {
    const customer = customerRows[i % customerRows.length];
    const type = types.get(TYPES[i % TYPES.length].name)!;
    const startDate = addDays(today, -Math.floor((i * 360) / contractCount));
    const address = `${customer.district}، ${customer.street}`;
    const number = i + 1;
    const assignees = [techIds[i % TECHNICIANS]];
    if (i % 3 === 0) assignees.push(techIds[(i * 7 + 3) % TECHNICIANS]);
    return {
      number,
      customer: customer._id,
      contract: type._id,
      startDate,
      endDate: contractEndDate(startDate, type.durationMonths),
      assignees: [...new Set(assignees)],
      city: customer.city,
      address,
      billing: 'upfront',
      price: type.price,
      status: 'active',
      searchText: normalizeArabic(
        `${number} ${customer.name} ${customer.phoneNumber} ${type.name} ${normalizeArabic(address)}`,
      ),
    };
  });
  await bulkInsert(db, customerContracts, rows);
  await db.execute(
    sql`insert into counters (name, value) values ('customerContract', ${contractCount})
        on conflict (name) do update set value = excluded.value`,
  );
  const planned: PlannedContract[] = await db
    .select({ ...getTableColumns(customerContracts), customerName: customers.name })
    .from(customerContracts)
    .innerJoin(customers, eq(customers._id, customerContracts.customer))
    .orderBy(customerContracts.number);
  return { contracts: planned, types: new Map([...types.values()].map((t) => [t._id, t])) };
}

/**
 * The rows `planContractVisits` inserts for a contract that has none yet, numbered from
 * `firstNumber`: what the baseline inserts directly (the bench checks both write the same rows).
 */
export function visitRowsOf(
  contract: PlannedContract,
  type: ContractType,
  settings: SettingsRow,
  firstNumber: number,
): (typeof visits.$inferInsert)[] {
  const plan = planVisitDays({
    startDate: contract.startDate,
    endDate: contract.endDate,
    visits: type.visits,
    holidays: settings.holidays,
  });
  if (!plan.ok) throw new Error(plan.message);
  const searchText = normalizeArabic(`${contract.customerName} ${contract.number}`);
  return plan.days.map((day, i) => {
    const number = firstNumber + i;
    return {
      customer: contract.customer,
      assignees: contract.assignees,
      equipment: contract.equipment,
      city: contract.city,
      address: contract.address,
      form: type.form,
      number,
      customerContract: contract._id,
      sequence: i + 1,
      scheduledAt: visitInstant(day, settings.visitDayStart),
      durationMinutes: settings.visitMinutes,
      searchText: normalizeArabic(`${number} ${searchText}`),
    };
  });
}

/** Takes `n` visit numbers from the app's counter at once (the baseline's rows need numbers too). */
export async function reserveVisitNumbers(db: Db, n: number) {
  const { rows } = await db.execute<{ value: number }>(
    sql`insert into counters (name, value) values ('visit', ${n})
        on conflict (name) do update set value = counters.value + ${n} returning value`,
  );
  return Number(rows[0].value) - n + 1;
}

/**
 * What the office's past looks like: visits before now done (one in ten missed), as the status
 * action leaves them (done at the end of the visit, by its first technician).
 */
export async function markPastVisits(database: Database) {
  await database.rawQuery(
    `update visits set
       status = case when number % 10 = 0 then 'missed' else 'done' end,
       done_at = case when number % 10 = 0 then null else scheduled_at + make_interval(mins => duration_minutes) end,
       done_by = case when number % 10 = 0 then null else assignees[1] end,
       version = version + 1, updated_at = scheduled_at + make_interval(mins => duration_minutes)
     where scheduled_at + make_interval(mins => duration_minutes) < now()`,
    [],
  );
  // As the server's start-up (embedded) or autovacuum (PostgreSQL) would leave the tables.
  if (database.kind === 'pglite') await database.analyze({ vacuum: true });
  else await database.rawQuery('vacuum analyze', []);
}

/**
 * The contracts of `seedContracts` with the visits the planner would give them, written by bulk
 * inserts, the past marked: the board's and the list's data without timing the planner.
 */
export async function seedPlannedVisits(database: Database, contractCount: number, customerCount: number) {
  const { contracts: planned, types } = await seedContracts(database, contractCount, customerCount);
  const settings = await getSettings(database.db);
  const typeOf = (c: PlannedContract) => types.get(c.contract)!;
  let next = await reserveVisitNumbers(
    database.db,
    planned.reduce((sum, c) => sum + typeOf(c).visits, 0),
  );
  const rows = planned.flatMap((c) => {
    const own = visitRowsOf(c, typeOf(c), settings, next);
    next += own.length;
    return own;
  });
  await bulkInsert(database.db, visits, rows);
  await markPastVisits(database);
}
