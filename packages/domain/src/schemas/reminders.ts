import { z } from 'zod';
import { isTimeOfDay } from '../reminders';
import { nonBlankText } from './common';
import { idOut, moneyOut, storedRowOut } from './responses/common';

const timeOfDay = (label: string) =>
  z.string({ message: `أدخل ${label}` }).refine(isTimeOfDay, { message: `${label} بصيغة HH:MM، مثل 09:00` });

/**
 * A reminder rule as the settings form sends it. Whether the template is approved is checked by the
 * API (422), so a disabled draft may be saved without one.
 */
export const reminderRuleBody = z
  .object({
    name: nonBlankText('أدخل اسم القاعدة', 100, 'لا يزيد الاسم عن 100 حرف'),
    daysAfterDue: z.coerce
      .number({ message: 'أدخل عدد الأيام بعد الاستحقاق' })
      .int({ message: 'عدد الأيام عدد صحيح' })
      .min(1, { message: 'يبدأ التذكير بعد يوم واحد من الاستحقاق على الأقل' })
      .max(3650, { message: 'عدد الأيام كبير جداً' }),
    repeatEveryDays: z.coerce
      .number({ message: 'أدخل مدة التكرار' })
      .int({ message: 'مدة التكرار عدد صحيح' })
      .min(0, { message: 'مدة التكرار لا تكون سالبة (0 = مرة واحدة)' })
      .max(365, { message: 'مدة التكرار لا تزيد عن 365 يوماً' }),
    windowStart: timeOfDay('بداية نافذة الإرسال'),
    windowEnd: timeOfDay('نهاية نافذة الإرسال'),
    template: z.string().trim().max(100).optional().default(''),
    enabled: z.boolean().optional().default(false),
  })
  .refine((b) => b.windowStart < b.windowEnd, {
    message: 'نهاية نافذة الإرسال بعد بدايتها',
    path: ['windowEnd'],
  });
export type ReminderRuleInput = z.input<typeof reminderRuleBody>;

export const reminderRuleOut = storedRowOut('ReminderRule', {
  name: z.string(),
  daysAfterDue: z.number().int(),
  repeatEveryDays: z.number().int(),
  windowStart: z.string(),
  windowEnd: z.string(),
  template: z.string(),
  enabled: z.boolean(),
});
export type ReminderRuleRecord = z.output<typeof reminderRuleOut>;

export const reminderRulesOut = z.object({ data: z.array(reminderRuleOut) });

/** `GET /api/reminder/customer/:id`: whether the customer's overdue reminders are stopped. */
export const customerRemindersOut = z.object({ remindersStopped: z.boolean() });
export type CustomerReminders = z.output<typeof customerRemindersOut>;

/** `GET /api/reminder/preview`: the day's candidates (send) and skipped ones, each with its reason. */
export const reminderPreviewOut = z
  .object({
    today: z.string(),
    friday: z.boolean(),
    data: z.array(
      z.object({
        customer: idOut,
        customerName: z.string(),
        einvoice: idOut,
        invoiceNumber: z.string(),
        open: moneyOut,
        daysOverdue: z.number().int(),
        rule: idOut,
        ruleName: z.string(),
        occurrence: z.number().int(),
        send: z.boolean(),
        insideWindow: z.boolean(),
        reason: z.string(),
      }),
    ),
  })
  .meta({ id: 'ReminderPreview' });
export type ReminderPreview = z.output<typeof reminderPreviewOut>;
