import { z } from 'zod';
import { passwordSchema, phoneSchema } from './common';

export const signinBody = z.object({
  phoneNumber: phoneSchema,
  password: z.string({ message: 'كلمة المرور مطلوبة' }).min(1, { message: 'كلمة المرور مطلوبة' }).max(128),
});
export type SigninBody = z.input<typeof signinBody>;

export const forgotPasswordBody = z.object({ phoneNumber: phoneSchema });

export const resetPasswordBody = z.object({
  phoneNumber: phoneSchema,
  code: z
    .string({ message: 'الرمز مطلوب' })
    .trim()
    .regex(/^[0-9٠-٩]{6}$/, { message: 'الرمز يتكون من 6 أرقام' }),
  password: passwordSchema,
});

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ message: 'كلمة المرور الحالية مطلوبة' })
    .min(1, { message: 'كلمة المرور الحالية مطلوبة' }),
  newPassword: passwordSchema,
});

export const tokenSigninBody = z.object({ token: z.string().min(10).max(200) });
