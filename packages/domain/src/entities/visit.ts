import { z } from 'zod';
import { defineEntity } from '../entity';
import { coreNouns } from '../grammar';
import { isoDateTime } from '../schemas/dates';
import { optionalRefInput, optionalText } from '../schemas/fields';
import { dateTimeOut, idOut, recordStamps } from '../schemas/responses/common';
import { visitStatuses } from '../visits';
import { entityFacts } from './facts';
import { siteInput, siteOut, visitMinutesInput } from './site';

/** Putting a technician on overlapping visits anyway: the office says why (kept on the visit). */
const override = z
  .object({ reason: z.string().trim().min(3, { message: 'اذكر سبب تجاوز التعارض' }).max(300) })
  .nullable()
  .optional();

/**
 * الزيارات (facts: `entityFacts.visit`): one call at a customer's site, planned by a contract or
 * booked on its own, on a time, for a team; its status runs planned → … → done (visits.ts).
 */
export const visit = /* @__PURE__ */ defineEntity(entityFacts.visit, () => ({
  body: z.object({
    ...siteInput(),
    customerContract: optionalRefInput({ noun: 'العقد', gender: 'm' }),
    // A PUT lays the stored visit under its body: the stored time is a Date.
    scheduledAt: z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), isoDateTime),
    durationMinutes: visitMinutesInput().optional().default(60),
    form: optionalRefInput(coreNouns.form),
    notes: optionalText(2000),
    override,
  }),
  row: z
    .object({
      _id: idOut,
      number: z.number().int(),
      ...siteOut(),
      customerContract: idOut.nullable(),
      /** Its contract's number, as the office names the contract. */
      customerContractNumber: z.number().int().nullable(),
      sequence: z.number().int().nullable(),
      scheduledAt: dateTimeOut,
      durationMinutes: z.number().int(),
      form: idOut.nullable(),
      formName: z.string().nullable(),
      status: z.enum(visitStatuses),
      notes: z.string(),
      overrideReason: z.string(),
      doneAt: dateTimeOut.nullable(),
      doneBy: idOut.nullable(),
      ...recordStamps,
    })
    .meta({ id: 'Visit' }),
}));
export type Visit = z.output<typeof visit.row>;
