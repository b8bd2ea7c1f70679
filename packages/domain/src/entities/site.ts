import { z } from 'zod';
import { coreNouns, type EntityNoun } from '../grammar';
import { optionalRefInput, optionalText, refInput } from '../schemas/fields';
import { idOut } from '../schemas/responses/common';

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

/** Where the work is and who does it, as a contract and each of its visits write it. */
export const siteInput = () => ({
  customer: refInput(coreNouns.customer),
  assignees: assigneesInput(),
  equipment: equipmentIdsInput(),
  city: optionalRefInput(coreNouns.city),
  address: optionalText(300),
});
/** … and as they answer it, with the customer's and the city's names. */
export const siteOut = () => ({
  customer: idOut,
  customerName: z.string(),
  assignees: z.array(idOut),
  equipment: z.array(idOut),
  city: idOut.nullable(),
  cityName: z.string().nullable(),
  address: z.string(),
});

/** How long a visit lasts, in minutes: a visit's own, and the settings' default. */
export const visitMinutesInput = () =>
  z.coerce
    .number({ message: 'مدة الزيارة يجب أن تكون رقماً' })
    .int({ message: 'مدة الزيارة بالدقائق عدد صحيح' })
    .min(15, { message: 'مدة الزيارة لا تقل عن 15 دقيقة' })
    .max(720, { message: 'مدة الزيارة لا تزيد عن 12 ساعة' });
