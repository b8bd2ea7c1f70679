import { z } from 'zod';
import { toLatinDigits } from '../digits';
import { visitMinutesInput } from '../entities/site';
import { type Gender, requiredText, tooLongText } from '../grammar';
import { nonBlankText } from './common';
import { dayInput } from './fields';

/** The rates ZATCA's rules (BR-KSA-84) allow for standard-rated (S) supplies. */
export const standardVatRates: readonly number[] = [15, 5];

export const vatNumberSchema = z
  .string()
  .trim()
  .transform((v) => toLatinDigits(v))
  .refine((v) => v === '' || /^3\d{13}3$/.test(v), {
    message: 'الرقم الضريبي يتكون من 15 رقماً ويبدأ وينتهي بالرقم 3',
  });

/** Digits typed in any script, checked against a pattern. */
const digitsField = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .transform((v) => toLatinDigits(v))
    .refine((v) => pattern.test(v), { message });

const addressText = (label: string, gender: Gender = 'm') =>
  nonBlankText(requiredText(label, gender), 100, tooLongText(label, gender));

/** The Saudi national address (العنوان الوطني): ZATCA wants all of it for the seller and a standard buyer. */
export const nationalAddressSchema = z.object({
  buildingNumber: digitsField(/^\d{4}$/, 'رقم المبنى 4 أرقام'),
  street: addressText('اسم الشارع'),
  district: addressText('اسم الحي'),
  city: addressText('المدينة', 'f'),
  postalCode: digitsField(/^\d{5}$/, 'الرمز البريدي 5 أرقام'),
  additionalNumber: digitsField(/^(\d{4})?$/, 'الرقم الإضافي 4 أرقام'),
});

export const settingsBody = z
  .object({
    tax: z.coerce
      .number({ message: 'نسبة الضريبة يجب أن تكون رقماً' })
      .min(0, { message: 'نسبة الضريبة لا تقل عن 0' })
      .max(100, { message: 'نسبة الضريبة لا تزيد عن 100' })
      // ZATCA's rules (BR-KSA-84) accept only these rates for standard-rated supplies.
      .refine((v) => standardVatRates.includes(v), {
        message:
          'نسبة الضريبة الأساسية في المملكة 15٪ (أو 5٪ لتوريدات ما قبل يوليو 2020)، ولا تقبل قواعد الهيئة غيرهما',
      }),
    address: z.string().trim().max(300, { message: 'العنوان طويل جداً' }),
    email: z
      .string()
      .trim()
      .max(200)
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
        message: 'البريد الإلكتروني غير صحيح',
      }),
    phoneNumber: z.string().trim().max(30),
    whatsappNumber: z.string().trim().max(30),
    newCustomer: z.boolean(),
    newOrder: z.boolean(),
    newPayment: z.boolean(),
    payPayment: z.boolean(),
    maintenanceMode: z.boolean(),
    // ZATCA QR encodes each value with a one-byte length: the seller name must fit in 127 bytes.
    companyName: z
      .string()
      .trim()
      .min(2, { message: 'اسم المنشأة مطلوب' })
      .refine((v) => new TextEncoder().encode(v).length <= 127, {
        message: 'اسم المنشأة طويل جداً لرمز الفاتورة (127 بايت كحد أقصى)',
      }),
    vatNumber: vatNumberSchema,
    crNumber: digitsField(/^\d{10}$/, 'السجل التجاري 10 أرقام').or(z.literal('')),
    branchName: z.string().trim().max(100, { message: 'اسم الفرع طويل جداً' }),
    vatGroupTin: digitsField(/^(\d{10})?$/, 'رقم التعريف الضريبي للعضو 10 أرقام'),
    businessCategory: z.string().trim().max(100, { message: 'نشاط المنشأة طويل جداً' }),
    /** The seller's national address, printed on every document and required by ZATCA. */
    sellerAddress: nationalAddressSchema.nullable(),
    fourEyes: z.boolean(),
    visitDayStart: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'وقت بدء الزيارات غير صحيح (مثل 08:00)' }),
    visitMinutes: visitMinutesInput(),
    holidays: z
      .array(dayInput('يوم العطلة'))
      .max(100, { message: 'لا تزيد العطل عن 100 يوم' })
      .transform((days) => [...new Set(days)].sort()),
  })
  .partial();
