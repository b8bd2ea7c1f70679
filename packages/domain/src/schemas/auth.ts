import { z } from 'zod';
import { SIGNIN_PASSWORD_MAX, SIGNIN_PASSWORD_REQUIRED } from '../signin';
import { passwordSchema, phoneSchema } from './common';

export const signinBody = z.object({
  phoneNumber: phoneSchema,
  password: z
    .string({ message: SIGNIN_PASSWORD_REQUIRED })
    .min(1, { message: SIGNIN_PASSWORD_REQUIRED })
    .max(SIGNIN_PASSWORD_MAX, { message: 'كلمة المرور طويلة جداً' }),
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
