import { z } from 'zod';
import { vatCategories } from '../vat-categories';
import { moneyInput } from './money';

const noteCategory = z.enum(vatCategories, { message: 'فئة الضريبة: S أو Z أو E أو O' }).optional();

/** A credit or debit note: why (required), and either an amount (VAT included) or lines (before VAT). */
export const creditNoteBody = z
  .object({
    reason: z
      .string({ message: 'سبب الإشعار مطلوب' })
      .trim()
      .min(3, 'اكتب سبب الإشعار (3 أحرف على الأقل)')
      .max(500, 'سبب الإشعار أطول من 500 حرف'),
    amount: moneyInput('مبلغ الإشعار').optional(),
    /** Which of the invoice's VAT categories the note corrects; needed only when the invoice has several. */
    vatCategory: noteCategory,
    lines: z
      .array(
        z.object({
          name: z.string().trim().min(1, 'البيان مطلوب').max(200),
          quantity: z.number().int('الكمية عدد صحيح').min(1, 'الكمية 1 على الأقل').max(100_000),
          unitPrice: moneyInput('سعر الوحدة'),
          vatCategory: noteCategory,
        }),
      )
      .max(100)
      .optional(),
  })
  .refine((b) => b.amount !== undefined || (b.lines?.length ?? 0) > 0, {
    message: 'أدخل مبلغ الإشعار أو بنوده',
    path: ['amount'],
  });
