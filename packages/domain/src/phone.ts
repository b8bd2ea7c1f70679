import { toLatinDigits } from './digits';

/**
 * Normalises a Saudi mobile number to E.164 (+9665XXXXXXXX). Accepts 05XXXXXXXX, 5XXXXXXXX,
 * +9665…, 009665…, 9665…, Arabic-Indic digits, spaces, dashes, brackets and invisible
 * direction marks (LRM/RLM, ALM U+061C, embeddings and isolates U+2066–U+2069).
 * Returns null when the input is not a Saudi mobile number.
 */
export function normalizeSaudiPhone(input: string | null | undefined): string | null {
  if (input == null) return null;
  let s = toLatinDigits(String(input)).replace(/[\s\-().\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  if (s.startsWith('+')) s = s.slice(1);
  else if (s.startsWith('00')) s = s.slice(2);
  if (!/^\d+$/.test(s)) return null;
  if (s.startsWith('966')) s = s.slice(3);
  if (s.startsWith('0')) s = s.slice(1);
  if (!/^5\d{8}$/.test(s)) return null;
  return `+966${s}`;
}

/** +9665XXXXXXXX → 05XXXXXXXX, the form Saudi staff read and type. */
export function formatSaudiPhoneLocal(e164: string): string {
  return e164.startsWith('+966') ? `0${e164.slice(4)}` : e164;
}

export const PHONE_MESSAGES = {
  required: 'رقم الجوال مطلوب',
  invalid: 'رقم الجوال غير صحيح، مثال: 05XXXXXXXX',
} as const;

/** Why a typed mobile number is refused, or null when it is a Saudi mobile (phoneSchema's rule). */
export function phoneNumberError(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return PHONE_MESSAGES.required;
  return normalizeSaudiPhone(value.trim()) ? null : PHONE_MESSAGES.invalid;
}
