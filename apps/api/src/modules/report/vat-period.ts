import { optionalCalendarDate, riyadhDayBounds, type VatFigure } from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { countedDocumentsSql } from '../invoice/counted';
import { periodCheck } from './period-check';

/** A VAT return covers a month or a quarter; a year at the most. */
const MAX_VAT_DAYS = 366;

const checkPeriod = periodCheck(MAX_VAT_DAYS, 'الفترة أطول من سنة؛ اختر شهراً أو ربع سنة');

/** The period of the return (from, to: Riyadh days) with `extra` query fields, refused in Arabic when absurd. */
export const vatPeriodQuery = <Extra extends z.ZodRawShape>(extra: Extra) =>
  z
    .object({ from: optionalCalendarDate, to: optionalCalendarDate, ...extra })
    .superRefine((q, ctx) => checkPeriod(q as { from?: string | null; to?: string | null }, ctx));

/**
 * A document's part in one figure of the return, in SQL (vatReturnPartsOf): its signed net and VAT
 * there, and whether it has a part there at all.
 */
const sign = sql`(case when kind = 'credit' then -1 else 1 end)`;
const standardNet = sql`(total_halalas - vat_halalas - zero_rated_halalas - exempt_halalas - out_of_scope_halalas)`;
const onlyStandard = sql`(zero_rated_halalas = 0 and exempt_halalas = 0 and out_of_scope_halalas = 0)`;
const otherColumn: Record<Exclude<VatFigure, 'standardRated' | 'adjustments'>, SQL> = {
  zeroRated: sql.raw('zero_rated_halalas'),
  exempt: sql.raw('exempt_halalas'),
  outOfScope: sql.raw('out_of_scope_halalas'),
};
export function vatFigurePart(figure: VatFigure): { where: SQL; net: SQL; vat: SQL } {
  if (figure === 'standardRated' || figure === 'adjustments') {
    const kind = figure === 'standardRated' ? sql`kind = 'invoice'` : sql`kind <> 'invoice'`;
    return {
      where: sql`${kind} and (${standardNet} <> 0 or vat_halalas <> 0 or ${onlyStandard})`,
      net: sql`${sign} * ${standardNet}`,
      vat: sql`${sign} * vat_halalas`,
    };
  }
  const column = otherColumn[figure];
  return { where: sql`${column} <> 0`, net: sql`${sign} * ${column}`, vat: sql`0` };
}

/** Documents of `einvoices` issued in the period's Riyadh days. */
/** The period's documents that count: issued in it, and not rejected by FATOORA (not tax documents). */
export const issuedInSql = (from: string, to: string) =>
  sql`issued_at >= ${riyadhDayBounds(from).start} and issued_at <= ${riyadhDayBounds(to).end} and ${countedDocumentsSql('einvoices')}`;
