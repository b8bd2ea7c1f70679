import { z } from 'zod';
import { toLatinDigits } from '../digits';
import { orderStatuses, paymentStatuses } from '../orders';
import { idSchema } from './common';
import { optionalCalendarDate, optionalDateTime } from './dates';
import { moneyInput } from './money';
import { lineTaxInput } from './tax';

const optionalText = (max: number) =>
  z.string().trim().max(max, { message: 'النص طويل جداً' }).optional().default('');

/** Up to three decimals (hours, metres); whether the service's unit takes a fraction is checked with the service. */
const quantity = z
  .union([z.string(), z.number()], { message: 'الكمية مطلوبة' })
  .transform((v) => Number(toLatinDigits(String(v)).trim().replace('٫', '.')))
  .pipe(
    z
      .number({ message: 'الكمية يجب أن تكون رقماً' })
      .refine((q) => Number.isFinite(q) && Math.abs(q * 1000 - Math.round(q * 1000)) < 1e-6, {
        message: 'الكمية بثلاث منازل عشرية على الأكثر',
      })
      .refine((q) => q > 0, { message: 'الكمية يجب أن تكون أكبر من صفر' })
      .refine((q) => q <= 10_000, { message: 'الكمية لا تزيد عن 10000' }),
  );

export const orderItemInput = z.object({
  service: idSchema,
  quantity,
  unitPrice: moneyInput('سعر الوحدة'),
  /** The service's category and reason unless the line says otherwise (an export of services: Z, VATEX-SA-33). */
  vatCategory: lineTaxInput.vatCategory.unwrap().unwrap().optional(),
  vatExemptionCode: z.string().trim().max(30, { message: 'رمز السبب طويل جداً' }).optional(),
  vatExemptionReason: z.string().trim().max(300, { message: 'السبب طويل جداً' }).optional(),
});

export const orderBody = z
  .object({
    customer: idSchema,
    contract: idSchema.nullable().optional().default(null),
    city: idSchema.nullable().optional().default(null),
    address: optionalText(300),
    items: z
      .array(orderItemInput, { message: 'أضف خدمة واحدة على الأقل' })
      .min(1, { message: 'أضف خدمة واحدة على الأقل' })
      .max(100, { message: 'لا يزيد الطلب عن 100 بند' }),
    discount: moneyInput('الخصم').optional().default('0.00'),
    assignees: z.array(idSchema).max(50).optional().default([]),
    scheduledAt: optionalDateTime,
    startDate: optionalCalendarDate,
    endDate: optionalCalendarDate,
    notes: optionalText(2000),
    /** On creation: one task per assignee for each service that carries a form. */
    createTasks: z.boolean().optional().default(false),
  })
  .superRefine((o, ctx) => {
    if (o.startDate && o.endDate && o.endDate < o.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'تاريخ النهاية قبل تاريخ البداية' });
    }
  });
export type OrderBody = z.input<typeof orderBody>;

export const orderStatusBody = z.object({
  status: z.enum(orderStatuses, { message: 'حالة الطلب غير معروفة' }),
  /** Cancelling an invoiced order: the reason of the credit note that takes its invoice back. */
  reason: z.string().trim().max(500, { message: 'السبب طويل جداً' }).optional().default(''),
});

export const paymentBody = z.object({
  order: idSchema,
  amount: moneyInput('المبلغ').refine((v) => v !== '0.00', { message: 'المبلغ يجب أن يكون أكبر من صفر' }),
  paymentMethod: idSchema,
  dueDate: optionalCalendarDate,
  note: optionalText(1000),
  /** Set after the user confirmed paying more than the order's balance. */
  allowOverpay: z.boolean().optional().default(false),
});
export type PaymentBody = z.input<typeof paymentBody>;

export const paymentStatusBody = z
  .object({
    status: z.enum(paymentStatuses, { message: 'حالة الدفعة غير معروفة' }),
    reason: z.string().trim().max(500, { message: 'السبب طويل جداً' }).optional().default(''),
    /** Four eyes: an administrator approving a payment they recorded says why. */
    overrideReason: z.string().trim().max(500, { message: 'السبب طويل جداً' }).optional().default(''),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'rejected' && b.reason.length < 3) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'اكتب سبب الرفض' });
    }
  });
