import { z } from 'zod';
import { toLatinDigits } from '../digits';
import { formFieldTypes, optionFieldTypes, rangeFieldTypes } from '../forms';
import { arabicPlural, CHARACTERS } from '../plural';
import { idSchema, nonBlankText } from './common';
import { optionalDateTime } from './dates';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `لا يزيد النص عن ${arabicPlural(max, CHARACTERS)}` })
    .optional()
    .default('');

const optionalNumber = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(toLatinDigits(v).trim());
    if (!Number.isFinite(n) || Math.abs(n) > 1e12) {
      ctx.addIssue({ code: 'custom', message: 'أدخل رقماً صحيحاً' });
      return z.NEVER;
    }
    return n;
  });

/** A key answers are stored under: Latin letters, digits and _, starting with a letter. */
export const formFieldKey = nonBlankText('المفتاح مطلوب', 50, 'لا يزيد المفتاح عن 50 حرفاً').regex(
  /^[A-Za-z][A-Za-z0-9_]*$/,
  { message: 'المفتاح بحروف لاتينية وأرقام و _ ويبدأ بحرف' },
);

export const formFieldInput = z
  .object({
    key: formFieldKey,
    type: z.enum(formFieldTypes, { message: 'نوع الحقل غير معروف' }),
    label: nonBlankText('عنوان الحقل مطلوب', 200, 'لا يزيد العنوان عن 200 حرف'),
    required: z.boolean().optional().default(false),
    options: z
      .array(z.string().trim().max(200, { message: 'لا يزيد الخيار عن 200 حرف' }))
      .max(100, { message: 'لا تزيد الخيارات عن 100' })
      .optional()
      .default([]),
    min: optionalNumber,
    max: optionalNumber,
    placeholder: optionalText(200),
    help: optionalText(500),
  })
  .transform((f) => {
    const ranged = rangeFieldTypes.includes(f.type);
    return {
      ...f,
      required: f.type === 'section' ? false : f.required,
      options: optionFieldTypes.includes(f.type) ? f.options.filter((o) => o !== '') : [],
      min: ranged ? f.min : null,
      max: ranged ? f.max : null,
    };
  })
  .superRefine((f, ctx) => {
    if (optionFieldTypes.includes(f.type)) {
      if (f.options.length === 0)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'أضف خياراً واحداً على الأقل' });
      if (new Set(f.options).size !== f.options.length)
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'الخيارات مكررة' });
    }
    if (f.min !== null && f.max !== null && f.min > f.max)
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'الحد الأعلى أقل من الحد الأدنى' });
    if (f.type !== 'number' && ((f.min !== null && f.min < 0) || (f.max !== null && f.max < 0)))
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'الحد لا يكون سالباً' });
  });

export const formBody = z
  .object({
    title: nonBlankText('عنوان النموذج مطلوب', 150, 'لا يزيد العنوان عن 150 حرفاً'),
    description: optionalText(2000),
    active: z.boolean().optional().default(true),
    fields: z
      .array(formFieldInput, { message: 'أضف حقلاً واحداً على الأقل' })
      .max(200, { message: 'لا يزيد النموذج عن 200 حقل' }),
  })
  .superRefine((form, ctx) => {
    const seen = new Map<string, number>();
    form.fields.forEach((f, i) => {
      const key = f.key.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: `المفتاح «${f.key}» مكرر` });
      else seen.set(key, i);
    });
    if (!form.fields.some((f) => f.type !== 'section'))
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'أضف حقلاً واحداً على الأقل' });
  });
export type FormBody = z.input<typeof formBody>;

export const formActiveBody = z.object({ active: z.boolean({ message: 'القيمة مطلوبة' }) });

const optionalId = idSchema.nullable().optional().default(null);

export const taskBody = z.object({
  title: nonBlankText('عنوان المهمة مطلوب', 200, 'لا يزيد العنوان عن 200 حرف'),
  description: optionalText(4000),
  assignee: idSchema,
  dueAt: optionalDateTime,
  order: optionalId,
  customer: optionalId,
  form: optionalId,
});
export type TaskBody = z.input<typeof taskBody>;

export const taskAssignBody = z.object({
  ids: z
    .array(idSchema, { message: 'اختر مهمة واحدة على الأقل' })
    .min(1, { message: 'اختر مهمة واحدة على الأقل' })
    .max(500, { message: 'لا تزيد المهام المختارة عن 500' }),
  assignee: idSchema,
});

/** Answers sent by the assignee; validated against the task's form version on the server. */
export const taskAnswersBody = z.object({
  answers: z.record(z.string(), z.unknown()).optional().default({}),
});

export const taskReviewBody = z
  .object({
    decision: z.enum(['approve', 'return'], { message: 'القرار غير معروف' }),
    note: optionalText(2000),
  })
  .superRefine((b, ctx) => {
    if (b.decision === 'return' && b.note === '')
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'اكتب سبب الإعادة ليعرف الموظف ما يعدّله' });
  });
