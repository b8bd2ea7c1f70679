import { z } from 'zod';
import { defineEntity } from '../entity';
import { coreNouns, type EntityNoun } from '../grammar';
import { dayInput, dayOut, optionalRefInput, optionalText, refInput } from '../schemas/fields';
import { moneyInput } from '../schemas/money';
import { dateTimeOut, idOut, moneyOut, recordStamps } from '../schemas/responses/common';
import { billingPeriods, contractBillingKinds, customerContractStatuses, visitStatuses } from '../visits';
import { entityFacts } from './facts';

const ids = (noun: EntityNoun, max: number, tooMany: string) =>
  z
    .array(refInput(noun), { message: 'القائمة غير صحيحة' })
    .max(max, { message: tooMany })
    .optional()
    .default([])
    .transform((list) => [...new Set(list.map((v) => v.toLowerCase()))]);

/** The team a contract's or a visit's work goes to: at most 10 employees. */
export const assigneesInput = () => ids(coreNouns.user, 10, 'لا يزيد الفريق عن 10 موظفين');
/** The customer's equipment a contract or visit covers (the equipment register). */
export const equipmentIdsInput = () => ids({ noun: 'المعدّة', gender: 'f' }, 200, 'لا تزيد المعدات عن 200');

/** A visit as a contract's answer lists it. */
const plannedVisit = z.object({
  _id: idOut,
  number: z.number().int(),
  scheduledAt: dateTimeOut,
  status: z.enum(visitStatuses),
});

/**
 * عقود العملاء (facts: `entityFacts['customer-contract']`): a contract type sold to one customer from
 * a day; it plans its visits (visit-planning.ts) and is billed through the tax invoice path.
 */
export const customerContract = /* @__PURE__ */ defineEntity(entityFacts['customer-contract'], () => ({
  body: z.object({
    customer: refInput(coreNouns.customer),
    contract: refInput(coreNouns.contract),
    startDate: dayInput('تاريخ بداية العقد'),
    assignees: assigneesInput(),
    equipment: equipmentIdsInput(),
    city: optionalRefInput(coreNouns.city),
    address: optionalText(300),
    billing: z
      .enum(contractBillingKinds, { message: 'طريقة الفوترة غير معروفة' })
      .optional()
      .default('upfront'),
    billingPeriod: z.enum(billingPeriods, { message: 'فترة الفوترة غير معروفة' }).optional().default('month'),
    /** The contract type's price when left out. */
    price: moneyInput('سعر العقد').nullable().optional(),
    notes: optionalText(2000),
  }),
  row: z
    .object({
      _id: idOut,
      number: z.number().int(),
      customer: idOut,
      customerName: z.string(),
      contract: idOut,
      contractName: z.string(),
      startDate: dayOut,
      endDate: dayOut,
      assignees: z.array(idOut),
      equipment: z.array(idOut),
      city: idOut.nullable(),
      cityName: z.string().nullable(),
      address: z.string(),
      billing: z.enum(contractBillingKinds),
      billingPeriod: z.enum(billingPeriods),
      price: moneyOut,
      status: z.enum(customerContractStatuses),
      notes: z.string(),
      /** Its visits, in order (details, create and update answers). */
      visits: z.array(plannedVisit).optional(),
      ...recordStamps,
    })
    .meta({ id: 'CustomerContract' }),
}));
export type CustomerContract = z.output<typeof customerContract.row>;
