import { agingReportOut, riyadhDayOf } from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { guarded } from '../../http/guarded';
import type { RoutesPlugin } from '../../http/response-contract';
import { agingFilterQuery, customerFilter } from './aging-filter';
import { agingSql } from './aging-query';
import { agingFigureKeys, money, reportPage, reportTags as tags } from './common';

export const agingQuery = agingFilterQuery.extend({
  ...reportPage,
});

export type AgingQuery = z.output<typeof agingQuery>;

/**
 * The one statement `GET /api/report/aging` runs: the totals and count over every selected customer,
 * with the page's rows beside them (a page past the end still gets the totals: one row with no
 * customer).
 */
export function agingReportSql(q: AgingQuery, today: string): SQL {
  return sql`
    with a as (${agingSql(today, customerFilter(q))}),
    s as (select ${sql.raw(agingFigureKeys.map((k) => `sum(${k}) as sum_${k}`).join(', '))}, count(*) as selected from a)
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
    guarded('report:aging', { tags, querystring: agingQuery, response: { 200: agingReportOut } }),
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
            ...Object.fromEntries(agingFigureKeys.map((k) => [k, money(r[k])])),
          })),
        totals: Object.fromEntries(agingFigureKeys.map((k) => [k, money(first?.[`sum_${k}`])])),
        count: Number(first?.selected ?? 0),
        page: q.page,
        limit: q.limit,
      } as z.input<typeof agingReportOut>;
    },
  );
};
