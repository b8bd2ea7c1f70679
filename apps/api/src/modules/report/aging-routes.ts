import {
  agingBuckets,
  agingReportOut,
  customerTypes,
  idSchema,
  normalizeArabic,
  riyadhDayOf,
} from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RoutesPlugin } from '../../http/response-contract';
import { agingSql } from './aging-query';
import { money, reportTags as tags } from './common';

const figureKeys = [...agingBuckets, 'total'] as const;

export const agingQuery = z.object({
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
function customerFilter(q: AgingQuery): SQL {
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

export type AgingQuery = z.output<typeof agingQuery>;

/**
 * The one statement `GET /api/report/aging` runs: the totals and count over every selected customer,
 * with the page's rows beside them (a page past the end still gets the totals: one row with no
 * customer).
 */
export function agingReportSql(q: AgingQuery, today: string): SQL {
  return sql`
    with a as (${agingSql(today, customerFilter(q))}),
    s as (select ${sql.raw(figureKeys.map((k) => `sum(${k}) as sum_${k}`).join(', '))}, count(*) as selected from a)
    select s.*, p.* from s left join lateral (
      select a.*, c.name as customer_name from a join customers c on c.id = a.customer
      order by a.total desc, c.name, c.id
      limit ${q.limit} offset ${(q.page - 1) * q.limit}
    ) p on true`;
}

/** `GET /api/report/aging`: receivables aging per customer (docs/API.md "Reports"). */
export const agingRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/aging',
    {
      config: { permissions: ['report:aging'] },
      schema: { tags, querystring: agingQuery, response: { 200: agingReportOut } },
    },
    async (req) => {
      const q = req.query;
      const { rows } = await app.db.execute(agingReportSql(q, riyadhDayOf(new Date())));
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
