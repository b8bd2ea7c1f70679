import { z } from 'zod';
import { defineEntity } from '../entity';
import { coreNouns } from '../grammar';
import { dayInput, dayOut, optionalText, refInput } from '../schemas/fields';
import { linePriceInput } from '../schemas/money';
import { dateTimeOut, idOut, moneyOut, recordStamps } from '../schemas/responses/common';
import { billingPeriods, contractBillingKinds, customerContractStatuses, visitStatuses } from '../visits';
import { entityFacts } from './facts';
import { siteInput, siteOut } from './site';

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
    ...siteInput(),
    contract: refInput(coreNouns.contract),
    startDate: dayInput('تاريخ بداية العقد'),
    billing: z
      .enum(contractBillingKinds, { message: 'طريقة الفوترة غير معروفة' })
      .optional()
      .default('upfront'),
    billingPeriod: z.enum(billingPeriods, { message: 'فترة الفوترة غير معروفة' }).optional().default('month'),
    /** The contract type's price when left out. */
    price: linePriceInput('سعر العقد').nullable().optional(),
    notes: optionalText(2000),
  }),
  row: z
    .object({
      _id: idOut,
      number: z.number().int(),
      ...siteOut(),
      contract: idOut,
      contractName: z.string(),
      startDate: dayOut,
      endDate: dayOut,
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
