import { normalizeSaudiPhone, phoneNumberError } from './phone';

/**
 * Sign-in's rules without zod: the sign-in page checks with these so the first page a visitor
 * loads stays within the shell's JavaScript budget; `signinBody` (schemas/auth.ts) applies the
 * same rules and messages on the server.
 */
export const SIGNIN_PASSWORD_REQUIRED = 'كلمة المرور مطلوبة';
export const SIGNIN_PASSWORD_MAX = 128;

export interface SigninValues {
  phoneNumber: string;
  password: string;
}

export const signinPasswordError = (value: unknown): string | null =>
  typeof value !== 'string' || value.length === 0
    ? SIGNIN_PASSWORD_REQUIRED
    : value.length > SIGNIN_PASSWORD_MAX
      ? 'كلمة المرور طويلة جداً'
      : null;

/** Field → Arabic message for every refused field (empty when the values may be sent). */
export function signinErrors(values: SigninValues): Partial<Record<keyof SigninValues, string>> {
  const errors: Partial<Record<keyof SigninValues, string>> = {};
  const phone = phoneNumberError(values.phoneNumber);
  if (phone) errors.phoneNumber = phone;
  const password = signinPasswordError(values.password);
  if (password) errors.password = password;
  return errors;
}

/** The body the API expects, with the number in E.164; call after `signinErrors` found none. */
export function signinRequest(values: SigninValues): SigninValues {
  return {
    phoneNumber: normalizeSaudiPhone(values.phoneNumber.trim()) ?? values.phoneNumber,
    password: values.password,
  };
}
