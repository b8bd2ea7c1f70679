import { z } from 'zod';
import { type LineTax, lineTaxProblems, vatCategories } from '../vat-categories';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from './text';

/** A service's (or an order line's) VAT category and, for Z, E and O, ZATCA's reason code. */
export const lineTaxInput = {
  vatCategory: z.enum(vatCategories, { message: 'فئة الضريبة: S أو Z أو E أو O' }).optional().default('S'),
  vatExemptionCode: z.string().trim().max(30, { message: 'رمز السبب طويل جداً' }).optional().default(''),
  /** The office's reason for an out-of-scope supply (VATEX-SA-OOS). */
  vatExemptionReason: z
    .string()
    .trim()
    .max(300, { message: 'السبب طويل جداً' })
    .refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE })
    .optional()
    .default(''),
};

/** Refuses, by field and in Arabic, a category without a reason ZATCA accepts for it. */
export function checkLineTax(tax: LineTax, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  const problems = lineTaxProblems(tax);
  if (!problems) return;
  for (const [field, message] of Object.entries(problems))
    ctx.addIssue({ code: 'custom', path: [...path, field], message });
}
