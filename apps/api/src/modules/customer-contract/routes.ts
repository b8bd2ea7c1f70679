import { addDays, customerContract as definition, riyadhDayOf, text } from '@idara/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { customerContracts, visits } from '../../db/schema';
import { entityRoutes } from '../../http/entity-routes';
import { AppError } from '../../http/errors';
import { containsFilter } from '../../http/list-query';
import { ref } from '../../http/references';
import { assertEquipmentOf, assertTeam } from '../visit/team';
import { assertBillable, billDue } from './billing';
import { planContractVisits, prepareContract, visitsOf } from './planning';

/**
 * `endingWithin=<days>`: the end day from today (Riyadh) to that many days later. Its values are the
 * whole days 1–365, declared as an enum so that anything else is a 400 and no From/To range applies.
 */
const endingWithinDays = Array.from({ length: 365 }, (_, i) => String(i + 1));
const riyadhToday = sql`(now() at time zone 'Asia/Riyadh')::date`;

/** عقود العملاء: the records, each planning its visits, and cancel and renew. */
export default entityRoutes(definition, {
  table: customerContracts,
  refs: [
    ref('customer', customerContracts.customer),
    ref('contract', customerContracts.contract),
    ref('city', customerContracts.city),
  ],
  references: [{ table: visits, column: visits.customerContract, what: 'الزيارات' }],
  search: ['address', 'notes'],
  label: (r) => `رقم ${r.number} — ${r.customerName}`,
  resource: {
    filters: {
      status: { column: customerContracts.status, type: 'enum', values: ['active', 'expired', 'cancelled'] },
      billing: {
        column: customerContracts.billing,
        type: 'enum',
        values: ['upfront', 'per_period', 'per_visit'],
      },
      endingWithin: {
        column: customerContracts.endDate,
        type: 'enum',
        values: endingWithinDays,
        where: (days) =>
          sql`${customerContracts.endDate} between ${riyadhToday} and ${riyadhToday} + ${days}::int`,
      },
      assignee: containsFilter(customerContracts.assignees),
    },
  },
  validate: async (tx, input) => {
    await assertBillable(tx, input.contract);
    await assertTeam(tx, input.assignees);
    await assertEquipmentOf(tx, input.customer, input.equipment);
  },
  prepare: async (tx, values, before) => {
    const prepared = await prepareContract(tx, values, before);
    // A contract written after its end is expired from the start; a cancelled one stays cancelled.
    const today = riyadhDayOf(new Date());
    const status =
      before?.status === 'cancelled' ? 'cancelled' : String(prepared.endDate) < today ? 'expired' : 'active';
    return { ...prepared, status };
  },
  afterWrite: async (tx, row, before, write) => {
    await planContractVisits(tx, row, { created: !before });
    await billDue(tx, row, riyadhDayOf(new Date()), write);
  },
  alsoChanges: ['visit'],
  decorate: async (db, row) => ({ ...row, visits: await visitsOf(db, String(row._id)) }),
  actions: {
    cancel: {
      permission: 'update',
      body: z.object({ reason: text('سبب الإلغاء', 300) }),
      summary: (label, input) => `إلغاء العقد «${label}»: ${input.reason}`,
      run: async (_tx, row, input) => {
        if (row.status === 'cancelled') throw new AppError(409, 'العقد ملغى مسبقاً');
        return {
          status: 'cancelled',
          notes: [row.notes, `سبب الإلغاء: ${input.reason}`].filter(Boolean).join('\n'),
        };
      },
    },
    renew: {
      permission: 'create',
      creates: true,
      body: z.object({}).optional(),
      summary: (label) => `تجديد العقد «${label}»`,
      run: async (tx, row) => {
        if (row.status === 'cancelled') throw new AppError(409, 'لا يُجدَّد عقد ملغى');
        const [next] = await tx
          .select({ number: customerContracts.number })
          .from(customerContracts)
          .where(eq(customerContracts.renewedFrom, String(row._id)));
        if (next) throw new AppError(409, `جُدِّد هذا العقد مسبقاً بالعقد رقم ${next.number}`);
        return { ...row, startDate: addDays(String(row.endDate), 1) };
      },
      carry: (row) => ({ renewedFrom: row._id }),
    },
  },
  export: {
    fileName: 'عقود العملاء',
    pdf: true,
    columns: () => [
      { key: 'number', header: 'رقم العقد', type: 'number', width: 12 },
      { key: 'customerName', header: 'العميل', width: 28 },
      { key: 'contractName', header: 'نوع العقد', width: 24 },
      { key: 'startDate', header: 'البداية', type: 'date' },
      { key: 'endDate', header: 'النهاية', type: 'date' },
      { key: 'price', header: 'السعر (ر.س)', type: 'money' },
      { key: 'status', header: 'الحالة' },
      { key: 'cityName', header: 'المدينة' },
    ],
  },
});
