import {
  visit as definition,
  normalizeArabic,
  openVisitStatuses,
  type VisitStatus,
  visitStatuses,
  visitStatusLabels,
} from '@idara/domain';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cities, customerContracts, customers, visits } from '../../db/schema';
import { arabicContainsFilter } from '../../http/arabic-filter';
import { entityRoutes } from '../../http/entity-routes';
import { AppError, fieldError } from '../../http/errors';
import { rowColumns } from '../../http/list-parts';
import { containsFilter } from '../../http/list-query';
import { ref } from '../../http/references';
import { nextNumber } from '../../lib/counters';
import { billDoneVisit } from '../customer-contract/billing';
import { registerVisitAnswers } from './answers';
import { visitLabel } from './label';
import { registerVisitReport } from './report';
import { registerVisitStep } from './status';
import { assertEquipmentOf, assertNoClash, assertTeam } from './team';
import { registerVisitUploads } from './uploads';
import { registerWorkingSet } from './working-set';

/** A visit's contract, joined for its number (a one-off visit has none). */
const contractOf = alias(customerContracts, 'visits_customer_contract');

/** الزيارات: one-off calls and the visits contracts plan; nobody booked on two at once. */
export default entityRoutes(definition, {
  table: visits,
  refs: [ref('customer', visits.customer), ref('city', visits.city), ref('form', visits.form)],
  search: ['address', 'notes'],
  label: visitLabel,
  // A technician (`visit:work`) lists, opens and steps only the visits whose team has them.
  assigned: {
    permission: 'visit:work',
    filter: 'assignee',
    holds: (row, userId) => (row.assignees as string[]).includes(userId),
  },
  resource: {
    fields: { ...rowColumns(definition.row, visits), customerContractNumber: contractOf.number },
    joins: [{ table: contractOf, on: eq(contractOf._id, visits.customerContract) }],
    defaultSort: 'scheduledAt',
    maxLimit: 2000,
    filters: {
      customerContract: { column: visits.customerContract, type: 'uuid' },
      assignee: containsFilter(visits.assignees),
      status: { column: visits.status, type: 'enum', values: visitStatuses },
      scheduledAt: { column: visits.scheduledAt, type: 'date' },
      region: {
        column: visits.city,
        type: 'uuid',
        where: (id) =>
          sql`exists (select 1 from ${cities} where ${cities._id} = ${visits.city} and ${cities.government} = ${id}::uuid)`,
      },
      // The customer's district (حي), as typed on the customer: the board narrows a city by it.
      district: arabicContainsFilter(
        visits.customer,
        sql`(select ${customers.district} from ${customers} where ${customers._id} = ${visits.customer})`,
      ),
      overdue: {
        column: visits.status,
        type: 'boolean',
        where: (flag) =>
          sql`((${visits.status} in (${sql.join(
            openVisitStatuses.map((s) => sql`${s}`),
            sql`, `,
          )}) and ${visits.scheduledAt} + make_interval(mins => ${visits.durationMinutes}) < now()) = ${flag}::boolean)`,
      },
      unassigned: {
        column: visits.assignees,
        type: 'boolean',
        where: (flag) => sql`((cardinality(${visits.assignees}) = 0) = ${flag}::boolean)`,
      },
    },
  },
  validate: async (tx, input, before) => {
    await assertTeam(tx, input.assignees);
    await assertEquipmentOf(tx, input.customer, input.equipment);
    if (input.customerContract) {
      const [contract] = await tx
        .select({ customer: customerContracts.customer })
        .from(customerContracts)
        .where(eq(customerContracts._id, input.customerContract));
      if (!contract) throw fieldError('customerContract', 'العقد المختار غير موجود');
      if (contract.customer !== input.customer)
        throw fieldError('customerContract', 'العقد المختار ليس لهذا العميل');
    }
    if (before && !openVisitStatuses.includes(before.status as VisitStatus))
      throw new AppError(409, `لا تُعدَّل زيارة ${visitStatusLabels[before.status as VisitStatus]}`);
    if (!input.override?.reason)
      await assertNoClash(tx, {
        visitId: before ? String(before._id) : undefined,
        assignees: input.assignees,
        scheduledAt: new Date(input.scheduledAt),
        durationMinutes: input.durationMinutes,
      });
  },
  prepare: async (tx, values, before) => {
    const { override, ...rest } = values as typeof values & { override?: { reason: string } | null };
    const number = before ? Number(before.number) : await nextNumber(tx, 'visit');
    const [customer] = await tx
      .select({ name: customers.name, phoneNumber: customers.phoneNumber })
      .from(customers)
      .where(eq(customers._id, String(rest.customer)));
    const scheduledAt = new Date(String(rest.scheduledAt));
    return {
      ...rest,
      number,
      scheduledAt,
      overrideReason: override?.reason ?? '',
      // Moved by the office: its contract's re-planning leaves this time alone.
      moved: before
        ? Boolean(before.moved) || scheduledAt.getTime() !== new Date(String(before.scheduledAt)).getTime()
        : false,
      searchText: normalizeArabic(
        `${number} ${customer?.name ?? ''} ${customer?.phoneNumber ?? ''} ${rest.searchText ?? ''}`,
      ),
    };
  },
  // A per-visit contract bills a visit of its plan when it is done.
  afterWrite: async (tx, row, before, write) => {
    if (row.status === 'done' && before?.status !== 'done' && row.customerContract && row.sequence)
      await billDoneVisit(tx, String(row.customerContract), Number(row.sequence), write);
  },
  routes: async (app, kit) => {
    registerVisitStep(app, kit);
    registerWorkingSet(app, kit);
    registerVisitAnswers(app, kit);
    registerVisitUploads(app, kit);
    registerVisitReport(app, kit);
  },
  export: {
    fileName: 'الزيارات',
    pdf: true,
    columns: () => [
      { key: 'number', header: 'رقم الزيارة', type: 'number', width: 12 },
      { key: 'customerName', header: 'العميل', width: 28 },
      { key: 'scheduledAt', header: 'الموعد', type: 'datetime' },
      { key: 'durationMinutes', header: 'المدة (دقيقة)', type: 'number' },
      { key: 'status', header: 'الحالة' },
      { key: 'cityName', header: 'المدينة' },
      { key: 'address', header: 'العنوان', width: 30 },
    ],
  },
});
