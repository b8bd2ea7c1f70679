import {
  agingBuckets,
  agingReportOut,
  customerTypes,
  fromHalalas,
  idSchema,
  normalizeArabic,
  optionalCalendarDate,
  riyadhDayBounds,
  riyadhDayOf,
  vatReportOut,
  vatReturnOf,
} from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RoutesPlugin } from '../../http/response-contract';
import { agingSql } from './aging-query';

const tags = ['reports'];
const figureKeys = [...agingBuckets, 'total'] as const;

const agingQuery = z.object({
  government: idSchema.optional(),
  city: idSchema.optional(),
  type: z.enum(customerTypes, { message: 'نوع العميل غير صحيح' }).optional(),
  search: z.string().max(200, { message: 'نص البحث طويل جداً' }).optional(),
  page: z.coerce.number().int().min(1, { message: 'رقم الصفحة غير صحيح' }).optional().default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(500, { message: 'الحد الأقصى 500 صف في الصفحة' })
    .optional()
    .default(50),
});

/** The customers the filters select, as a condition on `customers c`. */
function customerFilter(q: z.output<typeof agingQuery>): SQL {
  const conditions: SQL[] = [sql`true`];
  if (q.government) conditions.push(sql`c.government_id = ${q.government}`);
  if (q.city) conditions.push(sql`c.city_id = ${q.city}`);
  if (q.type) conditions.push(sql`c.type = ${q.type}`);
  for (const term of normalizeArabic(q.search ?? '')
    .split(' ')
    .filter(Boolean))
    conditions.push(sql`c.search_text like ${`%${term.replace(/[\\%_]/g, '\\$&')}%`}`);
  return sql.join(conditions, sql` and `);
}

const money = (v: unknown) => fromHalalas(Number(v ?? 0));

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

/** Financial reports (docs/API.md "Reports"). */
export const reportRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/vat',
    {
      config: { permissions: ['report:vat'] },
      schema: { tags, querystring: vatQuery, response: { 200: vatReportOut } },
    },
    async (req) => {
      const from = req.query.from as string;
      const to = req.query.to as string;
      // Issued documents of the period (Riyadh days), summed per kind and VAT rate: the return is
      // linear in its documents, so the domain rule runs on these sums.
      const { rows } = await app.db.execute(sql`
        select kind, (snapshot->>'vatRate')::numeric as rate, count(*) as n,
               sum(total_halalas)::bigint as total, sum(vat_halalas)::bigint as vat
        from einvoices
        where issued_at >= ${riyadhDayBounds(from).start} and issued_at <= ${riyadhDayBounds(to).end}
        group by kind, rate`);
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

  app.get(
    '/aging',
    {
      config: { permissions: ['report:aging'] },
      schema: { tags, querystring: agingQuery, response: { 200: agingReportOut } },
    },
    async (req) => {
      const q = req.query;
      const today = riyadhDayOf(new Date());
      // The totals and count over every selected customer, with the page's rows beside them (a page
      // past the end still gets the totals: one row with no customer).
      const { rows } = await app.db.execute(sql`
        with a as (${agingSql(today, customerFilter(q))}),
        s as (select ${sql.raw(figureKeys.map((k) => `sum(${k}) as sum_${k}`).join(', '))}, count(*) as selected from a)
        select s.*, p.* from s left join lateral (
          select a.*, c.name as customer_name from a join customers c on c.id = a.customer
          order by a.total desc, c.name, c.id
          limit ${q.limit} offset ${(q.page - 1) * q.limit}
        ) p on true`);
      const list = rows as Record<string, unknown>[];
      const first = list[0];
      return {
        data: list
          .filter((r) => r.customer)
          .map((r) => ({
            customer: String(r.customer),
            customerName: String(r.customer_name),
            ...Object.fromEntries(figureKeys.map((k) => [k, money(r[k])])),
          })),
        totals: Object.fromEntries(figureKeys.map((k) => [k, money(first?.[`sum_${k}`])])),
        count: Number(first?.selected ?? 0),
        page: q.page,
        limit: q.limit,
      } as z.input<typeof agingReportOut>;
    },
  );
};
