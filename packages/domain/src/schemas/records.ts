import { z } from 'zod';
import { toLatinDigits } from '../digits';
import { entityBodiesOf } from '../entities';
import { coreNouns } from '../grammar';
import { customerTypes, paymentMethodKinds } from '../record-kinds';
import { units } from '../units';
import { messageOptOutKinds } from '../whatsapp';
import { emailSchema, idSchema, phoneSchema } from './common';
import { optionalRefInput, optionalText, text } from './fields';
import { linePriceInput } from './money';
import { checkLineTax, lineTaxInput } from './tax';

export {
  customerTypeLabels,
  customerTypes,
  paymentMethodKindLabels,
  paymentMethodKinds,
} from '../record-kinds';

const digits = (label: string, length: number, extra?: (v: string) => boolean, hint?: string) =>
  z
    .string()
    .trim()
    .transform((v) => toLatinDigits(v))
    .refine((v) => v === '' || (new RegExp(`^\\d{${length}}$`).test(v) && (!extra || extra(v))), {
      message: hint ?? `${label} يتكون من ${length} أرقام`,
    })
    .optional()
    .default('');
const count = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} يجب أن يكون رقماً` })
    .int({ message: `${label} يجب أن يكون عدداً صحيحاً` })
    .min(min, { message: `${label} لا يقل عن ${min}` })
    .max(max, { message: `${label} لا يزيد عن ${max}` });

export const governmentBody = z.object({ name: text('اسم المنطقة', 100) });

export const cityBody = z.object({ name: text('اسم المدينة', 100), government: idSchema });

export const serviceBody = z
  .object({
    name: text('اسم الخدمة', 150),
    description: optionalText(2000),
    price: linePriceInput('السعر'),
    active: z.boolean().optional().default(true),
    /** The form filled on this service's tasks. */
    form: idSchema.nullable().optional().default(null),
    ...lineTaxInput,
    unit: z.enum(units, { message: 'الوحدة غير معروفة' }).optional().default('piece'),
  })
  .superRefine(checkLineTax);

export const contractBody = z.object({
  name: text('اسم العقد', 150),
  description: optionalText(2000),
  durationMonths: count('مدة العقد بالأشهر', 1, 120),
  visits: count('عدد الزيارات', 0, 1000),
  price: linePriceInput('السعر'),
  active: z.boolean().optional().default(true),
  form: optionalRefInput(coreNouns.form),
  /** The service its customers' contracts are invoiced as. */
  service: optionalRefInput(coreNouns.service),
});

export const paymentMethodBody = z.object({
  name: text('اسم طريقة الدفع', 100),
  kind: z.enum(paymentMethodKinds, { message: 'نوع طريقة الدفع غير معروف' }),
  details: optionalText(500),
  active: z.boolean().optional().default(true),
});

const optionalPhone = z
  .union([z.literal(''), phoneSchema])
  .optional()
  .default('');

export const customerBody = z
  .object({
    name: text('اسم العميل', 150),
    type: z.enum(customerTypes, { message: 'نوع العميل غير معروف' }).default('individual'),
    phoneNumber: phoneSchema,
    whatsappNumber: optionalPhone,
    email: emailSchema.optional().default(''),
    vatNumber: digits(
      'الرقم الضريبي',
      15,
      (v) => v.startsWith('3') && v.endsWith('3'),
      'الرقم الضريبي يتكون من 15 رقماً ويبدأ وينتهي بالرقم 3',
    ),
    crNumber: digits('رقم السجل التجاري', 10),
    government: idSchema.nullable().optional().default(null),
    city: idSchema.nullable().optional().default(null),
    buildingNumber: digits('رقم المبنى', 4),
    street: optionalText(150),
    district: optionalText(150),
    postalCode: digits('الرمز البريدي', 5),
    additionalNumber: digits('الرقم الإضافي', 4),
    notes: optionalText(2000),
    /** The visit messages the customer declined, each kind once. */
    messageOptOuts: z
      .array(z.enum(messageOptOutKinds, { message: 'نوع الرسالة غير معروف' }))
      .max(messageOptOutKinds.length)
      .optional()
      .default([])
      .transform((kinds) => messageOptOutKinds.filter((k) => kinds.includes(k))),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'individual' && (c.vatNumber || c.crNumber)) {
      if (c.crNumber)
        ctx.addIssue({ code: 'custom', path: ['crNumber'], message: 'السجل التجاري للمنشآت فقط' });
    }
  });

/** The request body of each record the web's resource screens edit, by the resource's name. */
export const recordBodies = {
  government: governmentBody,
  city: cityBody,
  service: serviceBody,
  contract: contractBody,
  paymentMethod: paymentMethodBody,
  ...entityBodiesOf(),
};
export type RecordBodyName = keyof typeof recordBodies;
