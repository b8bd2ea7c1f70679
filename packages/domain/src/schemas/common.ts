import { z } from 'zod';
import { normalizeSaudiPhone, PHONE_MESSAGES } from '../phone';

export const idSchema = z.string().uuid({ message: 'معرّف غير صالح' });

/** Trimmed text that may not be blank: `required` answers a missing or blank one, `tooLong` one over `max`. */
export const nonBlankText = (required: string, max: number, tooLong: string) =>
  z.string({ message: required }).trim().min(1, { message: required }).max(max, { message: tooLong });

export const phoneSchema = z
  .string({ message: PHONE_MESSAGES.required })
  .trim()
  .min(1, { message: PHONE_MESSAGES.required })
  .transform((v, ctx) => {
    const n = normalizeSaudiPhone(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return n;
  });

export const passwordSchema = z
  .string({ message: 'كلمة المرور مطلوبة' })
  .min(8, { message: 'كلمة المرور يجب أن تكون 8 أحرف على الأقل' })
  .max(128, { message: 'كلمة المرور طويلة جداً' });

export const nameSchema = z
  .string({ message: 'الاسم مطلوب' })
  .trim()
  .min(2, { message: 'الاسم يجب أن يكون حرفين على الأقل' })
  .max(100, { message: 'الاسم طويل جداً' });

export const emailSchema = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { message: 'البريد الإلكتروني غير صحيح' });

export const messageResponse = z.object({ message: z.string() });
