import { z } from 'zod';
import { defineEntity } from '../entity';
import { coreNouns } from '../grammar';
import { isoDateTime } from '../schemas/dates';
import { optionalRefInput, optionalText, refInput } from '../schemas/fields';
import { dateTimeOut, idOut, recordStamps } from '../schemas/responses/common';
import { visitStatuses } from '../visits';
import { assigneesInput, equipmentIdsInput } from './customer-contract';
import { entityFacts } from './facts';

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
    customer: refInput(coreNouns.customer),
    customerContract: optionalRefInput({ noun: 'العقد', gender: 'm' }),
    // A PUT lays the stored visit under its body: the stored time is a Date.
    scheduledAt: z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), isoDateTime),
    durationMinutes: z.coerce
      .number({ message: 'مدة الزيارة يجب أن تكون رقماً' })
      .int({ message: 'مدة الزيارة بالدقائق عدد صحيح' })
      .min(15, { message: 'مدة الزيارة لا تقل عن 15 دقيقة' })
      .max(720, { message: 'مدة الزيارة لا تزيد عن 12 ساعة' })
      .optional()
      .default(60),
    assignees: assigneesInput(),
    equipment: equipmentIdsInput(),
    form: optionalRefInput(coreNouns.form),
    city: optionalRefInput(coreNouns.city),
    address: optionalText(300),
    notes: optionalText(2000),
    override,
  }),
  row: z
    .object({
      _id: idOut,
      number: z.number().int(),
      customer: idOut,
      customerName: z.string(),
      customerContract: idOut.nullable(),
      sequence: z.number().int().nullable(),
      scheduledAt: dateTimeOut,
      durationMinutes: z.number().int(),
      assignees: z.array(idOut),
      equipment: z.array(idOut),
      form: idOut.nullable(),
      formName: z.string().nullable(),
      city: idOut.nullable(),
      cityName: z.string().nullable(),
      address: z.string(),
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
