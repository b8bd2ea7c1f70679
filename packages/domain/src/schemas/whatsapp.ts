import { z } from 'zod';
import { findTemplate } from '../whatsapp';
import { nonBlankText } from './common';

const idempotencyKey = z.string().uuid({ message: 'مفتاح الإرسال غير صالح' }).optional();

export const whatsappSendBody = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('text'),
        body: nonBlankText('اكتب الرسالة', 4096, 'لا تزيد الرسالة عن 4096 حرفاً'),
        idempotencyKey,
      }),
      z.object({
        kind: z.literal('template'),
        template: z.string({ message: 'اختر القالب' }).min(1, { message: 'اختر القالب' }),
        params: z
          .record(z.string(), z.string().trim().max(500, { message: 'لا تزيد القيمة عن 500 حرف' }))
          .optional()
          .default({}),
        idempotencyKey,
      }),
      z.object({
        kind: z.literal('media'),
        media: z.object({
          type: z.enum(['image', 'document'], { message: 'نوع الوسائط غير مدعوم' }),
          link: z.string().url({ message: 'رابط الملف غير صحيح' }).startsWith('https://', {
            message: 'رابط الملف يجب أن يبدأ بـ https://',
          }),
          caption: z
            .string()
            .trim()
            .max(1024, { message: 'لا يزيد الوصف عن 1024 حرفاً' })
            .optional()
            .default(''),
          fileName: z.string().trim().max(200).optional().default(''),
        }),
        idempotencyKey,
      }),
    ],
    { message: 'نوع الرسالة غير معروف' },
  )
  .superRefine((b, ctx) => {
    if (b.kind !== 'template') return;
    const template = findTemplate(b.template);
    if (!template || b.template === 'password_reset_code') {
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'القالب غير معروف' });
      return;
    }
    for (const p of template.params) {
      if (!b.params[p.key])
        ctx.addIssue({ code: 'custom', path: ['params', p.key], message: `أدخل ${p.label}` });
    }
  });
export type WhatsappSendBody = z.input<typeof whatsappSendBody>;
