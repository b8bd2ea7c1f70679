import { z } from 'zod';
import { agree, type EntityNoun } from '../grammar';
import { nonBlankText } from './common';
import { INVALID_DATE_MESSAGE, readIsoDate } from './dates';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from './text';

/**
 * Field kinds a record's body is made of beyond plain text and numbers: a calendar day and a
 * reference to another record. Each answers in Arabic and means one thing everywhere (the API's
 * columns, filters and exports, the web's inputs and displays: docs/ARCHITECTURE.md, "Typed
 * resources").
 */

/** Required text: trimmed, at most `max` characters, no control characters. */
export const text = (label: string, max: number) =>
  nonBlankText(`${label} مطلوب`, max, `${label} طويل جداً`).refine(isSafeText, {
    message: UNSAFE_TEXT_MESSAGE,
  });
/** Optional text: '' when absent. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'النص طويل جداً' })
    .refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE })
    .optional()
    .default('');
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a calendar day `YYYY-MM-DD` (Arabic-Indic digits allowed): a real day, 1900–2200. */
export function readDay(input: string): { ok: true; day: string } | { ok: false; message: string } {
  const r = readIsoDate(input);
  if (!r.ok) return r;
  // A date-time is an instant, not a day: which day it is depends on where it was read.
  if (!DAY_RE.test(r.day) || input.trim().length > 10) return { ok: false, message: INVALID_DATE_MESSAGE };
  return { ok: true, day: r.day };
}

/** `label غير صحيح` for a malformed day, the range message for a day out of range. */
const dayMessage = (label: string, message: string) =>
  message === INVALID_DATE_MESSAGE ? `${label} غير صحيح` : message;

/**
 * A required calendar day (a Riyadh day: the day the office means, never an instant), `YYYY-MM-DD`
 * on the wire and in the database (`date`).
 */
export const dayInput = (label: string) =>
  z
    .string({ message: `${label} مطلوب` })
    .trim()
    .min(1, { message: `${label} مطلوب` })
    .transform((v, ctx) => {
      const r = readDay(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: dayMessage(label, r.message) });
        return z.NEVER;
      }
      return r.day;
    });

/** An optional calendar day: `null` when empty. */
export const optionalDayInput = (label: string) =>
  z
    .union([z.string(), z.null()], { message: `${label} غير صحيح` })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v.trim() === '') return null;
      const r = readDay(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: dayMessage(label, r.message) });
        return z.NEVER;
      }
      return r.day;
    });

/** A day as the API answers it. */
export const dayOut = z.string().regex(DAY_RE);

/** «اختر العميل», «اختر المدينة». */
const chooseText = (noun: EntityNoun) => `اختر ${noun.noun}`;
/** «العميل المختار غير موجود», «المدينة المختارة غير موجودة». */
export const chosenMissingText = (noun: EntityNoun) =>
  `${noun.noun} ${agree(noun.gender, 'المختار غير موجود', 'المختارة غير موجودة')}`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refId = (noun: EntityNoun) =>
  z
    .string({ message: chooseText(noun) })
    .trim()
    .min(1, { message: chooseText(noun) })
    .refine((v) => UUID_RE.test(v), { message: chosenMissingText(noun) });

/**
 * A required reference to another record by its id. The body checks the id's form; the API checks
 * that the record exists (422 `chosenMissingText`) and refuses to delete a record referred to (409).
 */
export const refInput = (noun: EntityNoun) => refId(noun);

/** An optional reference: `null` when empty. */
export const optionalRefInput = (noun: EntityNoun) =>
  z
    .union([z.literal(''), z.null(), refId(noun)], { message: chosenMissingText(noun) })
    .optional()
    .transform((v) => v || null);
