import { optionalCalendarDate, riyadhDayBounds, type VatFigure } from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { countedDocumentsSql } from '../invoice/counted';

/** A VAT return covers a month or a quarter; a year at the most. */
const MAX_VAT_DAYS = 366;

function checkPeriod(q: { from?: string | null; to?: string | null }, ctx: z.RefinementCtx) {
  if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'بداية الفترة مطلوبة (YYYY-MM-DD)' });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'نهاية الفترة مطلوبة (YYYY-MM-DD)' });
  if (!q.from || !q.to) return;
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'نهاية الفترة قبل بدايتها' });
  else if (days > MAX_VAT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'الفترة أطول من سنة؛ اختر شهراً أو ربع سنة' });
}

/** The period of the return (from, to: Riyadh days) with `extra` query fields, refused in Arabic when absurd. */
export const vatPeriodQuery = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z
    .object({ from: optionalCalendarDate, to: optionalCalendarDate, ...extra })
    .superRefine((q, ctx) => checkPeriod(q as { from?: string | null; to?: string | null }, ctx));

/** Which figure of the return a document of `einvoices` counts in (vatReturnRowOf, in SQL). */
export const vatFigureSql = sql`case when kind <> 'invoice' then 'adjustments'
  when coalesce((snapshot->>'vatRate')::numeric, 0) > 0 then 'standardRated' else 'zeroRated' end`;

/** Idara issues no exempt documents (vat-return.ts), so that figure selects none. */
export const vatFigureWhere = (figure: VatFigure): SQL =>
  figure === 'exempt' ? sql`false` : sql`(${vatFigureSql}) = ${figure}`;

/** Net and VAT signed as in the return: credit notes subtract. */
export const signedNetSql = sql`(case when kind = 'credit' then -1 else 1 end) * (total_halalas - vat_halalas)`;
export const signedVatSql = sql`(case when kind = 'credit' then -1 else 1 end) * vat_halalas`;

/** Documents of `einvoices` issued in the period's Riyadh days. */
/** The period's documents that count: issued in it, and not rejected by FATOORA (not tax documents). */
export const issuedInSql = (from: string, to: string) =>
  sql`issued_at >= ${riyadhDayBounds(from).start} and issued_at <= ${riyadhDayBounds(to).end} and ${countedDocumentsSql('einvoices')}`;
