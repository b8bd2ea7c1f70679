import { optionalCalendarDate, riyadhDayBounds, vatReportOut, vatReturnOf } from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RoutesPlugin } from '../../http/response-contract';
import { money, reportTags as tags } from './common';

/** A VAT return covers a month or a quarter; a year at the most. */
const MAX_VAT_DAYS = 366;
const vatQuery = z.object({ from: optionalCalendarDate, to: optionalCalendarDate }).superRefine((q, ctx) => {
  if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'بداية الفترة مطلوبة (YYYY-MM-DD)' });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'نهاية الفترة مطلوبة (YYYY-MM-DD)' });
  if (!q.from || !q.to) return;
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'نهاية الفترة قبل بدايتها' });
  else if (days > MAX_VAT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'الفترة أطول من سنة؛ اختر شهراً أو ربع سنة' });
});

/**
 * The one statement `GET /api/report/vat` runs: issued documents of the period (Riyadh days), summed
 * per kind and VAT rate — the return is linear in its documents, so the domain rule runs on these sums.
 */
export function vatReturnSql(from: string, to: string): SQL {
  return sql`
    select kind, (snapshot->>'vatRate')::numeric as rate, count(*) as n,
           sum(total_halalas)::bigint as total, sum(vat_halalas)::bigint as vat
    from einvoices
    where issued_at >= ${riyadhDayBounds(from).start} and issued_at <= ${riyadhDayBounds(to).end}
    group by kind, rate`;
}

/** `GET /api/report/vat`: the sales side of the VAT return (docs/API.md "Reports"). */
export const vatRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/vat',
    {
      config: { permissions: ['report:vat'] },
      schema: { tags, querystring: vatQuery, response: { 200: vatReportOut } },
    },
    async (req) => {
      const from = req.query.from as string;
      const to = req.query.to as string;
      const { rows } = await app.db.execute(vatReturnSql(from, to));
      const groups = rows as {
        kind: 'invoice' | 'credit' | 'debit';
        rate: string;
        n: string;
        total: string;
        vat: string;
      }[];
      const r = vatReturnOf(
        groups.map((g) => ({
          kind: g.kind,
          vatRate: Number(g.rate),
          total: Number(g.total),
          vat: Number(g.vat),
        })),
      );
      return {
        from,
        to,
        standardRated: { net: money(r.standardRated.net), vat: money(r.standardRated.vat) },
        zeroRated: { net: money(r.zeroRated.net) },
        exempt: { net: money(r.exempt.net) },
        adjustments: { net: money(r.adjustments.net), vat: money(r.adjustments.vat) },
        totalVat: money(r.totalVat),
        documents: groups.reduce((sum, g) => sum + Number(g.n), 0),
      };
    },
  );
};
