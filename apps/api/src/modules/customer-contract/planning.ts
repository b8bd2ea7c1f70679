import { contractEndDate, normalizeArabic, planVisitDays, visitInstant } from '@idara/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { contracts, customers, visits } from '../../db/schema';
import { fieldError, notFound } from '../../http/errors';
import { nextNumber, nextNumbers } from '../../lib/counters';
import { getSettings } from '../settings/service';

type Row = Record<string, unknown>;

/** The contract type a customer contract sells. */
export async function contractTypeOf(tx: Tx, id: string) {
  const [type] = await tx.select().from(contracts).where(eq(contracts._id, id));
  if (!type) throw notFound({ noun: 'نوع العقد', gender: 'm' });
  return type;
}

/** The contract's own values the database gives: its number, end day and (when left out) the type's price. */
export async function prepareContract(tx: Tx, values: Row, before?: Row): Promise<Row> {
  const type = await contractTypeOf(tx, String(values.contract));
  const number = before ? Number(before.number) : await nextNumber(tx, 'customerContract');
  const [customer] = await tx
    .select({ name: customers.name, phoneNumber: customers.phoneNumber })
    .from(customers)
    .where(eq(customers._id, String(values.customer)));
  return {
    ...values,
    number,
    endDate: contractEndDate(String(values.startDate), type.durationMonths),
    price: values.price ?? type.price,
    searchText: normalizeArabic(
      `${number} ${customer?.name ?? ''} ${customer?.phoneNumber ?? ''} ${type.name} ${values.searchText ?? ''}`,
    ),
  };
}

/**
 * Plans a contract's visits, or re-plans them after an edit: visit i of its type's n keeps its place
 * (`sequence`), so running this again changes nothing, and an edit moves only what is still
 * planned — done, started and missed visits stay as they were, visits the office moved by hand keep
 * their time, visits beyond a smaller n are removed while still only planned. A cancelled contract
 * cancels what is still planned. `created`: the contract was inserted in this transaction.
 */
export async function planContractVisits(tx: Tx, contract: Row, opts: { created?: boolean } = {}) {
  const id = String(contract._id);
  // A contract written just now has no visits yet: nothing to read or lock.
  const existing = opts.created
    ? []
    : await tx
        .select()
        .from(visits)
        .where(eq(visits.customerContract, id))
        .orderBy(visits.sequence)
        .for('update');
  if (contract.status === 'cancelled') {
    await tx
      .update(visits)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(visits.customerContract, id), eq(visits.status, 'planned')));
    return;
  }
  const [type, settings] = await Promise.all([
    contractTypeOf(tx, String(contract.contract)),
    getSettings(tx),
  ]);
  const plan = planVisitDays({
    startDate: String(contract.startDate),
    endDate: String(contract.endDate),
    visits: type.visits,
    holidays: settings.holidays,
  });
  if (!plan.ok) throw fieldError('startDate', plan.message);

  const shared = {
    customer: String(contract.customer),
    assignees: contract.assignees as string[],
    equipment: contract.equipment as string[],
    city: (contract.city as string | null) ?? null,
    address: String(contract.address ?? ''),
    form: type.form,
  };
  const searchText = normalizeArabic(`${contract.customerName ?? ''} ${contract.number}`);
  const bySequence = new Map(existing.map((v) => [v.sequence, v]));
  const missing: { sequence: number; scheduledAt: Date }[] = [];
  for (const [i, day] of plan.days.entries()) {
    const sequence = i + 1;
    const at = visitInstant(day, settings.visitDayStart);
    const visit = bySequence.get(sequence);
    if (!visit) {
      missing.push({ sequence, scheduledAt: at });
      continue;
    }
    if (visit.status !== 'planned') continue;
    const scheduledAt = visit.moved ? visit.scheduledAt : at;
    const changed =
      scheduledAt.getTime() !== visit.scheduledAt.getTime() ||
      JSON.stringify([
        shared.customer,
        shared.assignees,
        shared.equipment,
        shared.city,
        shared.address,
        shared.form,
      ]) !==
        JSON.stringify([
          visit.customer,
          visit.assignees,
          visit.equipment,
          visit.city,
          visit.address,
          visit.form,
        ]);
    if (changed)
      await tx
        .update(visits)
        .set({ ...shared, scheduledAt, version: visit.version + 1, updatedAt: new Date() })
        .where(eq(visits._id, visit._id));
  }
  // The visits it has not got yet, numbered and written in one statement each: a new contract's
  // year of visits costs two round trips, not two per visit (bench/visits.ts).
  if (missing.length) {
    const first = await nextNumbers(tx, 'visit', missing.length);
    await tx.insert(visits).values(
      missing.map((v, i) => ({
        ...shared,
        ...v,
        number: first + i,
        customerContract: id,
        durationMinutes: settings.visitMinutes,
        searchText: normalizeArabic(`${first + i} ${searchText}`),
      })),
    );
  }
  const beyond = existing.filter((v) => (v.sequence ?? 0) > plan.days.length && v.status === 'planned');
  if (beyond.length)
    await tx.delete(visits).where(
      inArray(
        visits._id,
        beyond.map((v) => v._id),
      ),
    );
}

/** A contract's visits in order, as its details answer them. */
export async function visitsOf(db: DbOrTx, contractId: string) {
  return db
    .select({
      _id: visits._id,
      number: visits.number,
      scheduledAt: visits.scheduledAt,
      status: visits.status,
    })
    .from(visits)
    .where(eq(visits.customerContract, contractId))
    .orderBy(visits.scheduledAt);
}
