import { type VatFigure, vatDocumentsOut, vatFigures } from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { guarded } from '../../http/guarded';
import type { RoutesPlugin } from '../../http/response-contract';
import { money, reportPage, reportTags as tags } from './common';
import { issuedInSql, vatFigurePart, vatPeriodQuery } from './vat-period';

/** The period's documents with a part in `figure`, each with its signed net and VAT there. */
export const vatDocumentsSql = (from: string, to: string, figure: VatFigure): SQL => {
  const part = vatFigurePart(figure);
  return sql`
  select id, seq, number, kind, issued_at, buyer_name, ${part.net} as net, ${part.vat} as vat
  from einvoices where ${issuedInSql(from, to)} and ${part.where}`;
};

const documentsQuery = vatPeriodQuery({
  figure: z.enum(vatFigures, {
    message: 'البند غير صحيح: «standardRated» أو «zeroRated» أو «exempt» أو «outOfScope» أو «adjustments»',
  }),
  ...reportPage,
});

/** `GET /api/report/vat/documents`: the documents behind one figure (docs/API.md "VAT return"). */
export const vatDocumentRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/vat/documents',
    guarded('report:vat', { tags, querystring: documentsQuery, response: { 200: vatDocumentsOut } }),
    async (req) => {
      const q = req.query;
      const from = q.from as string;
      const to = q.to as string;
      // The sums and count over the whole figure beside the page's rows (a page past the end still
      // gets the sums: one row with no document).
      const { rows } = await app.db.execute(sql`
        with d as (${vatDocumentsSql(from, to, q.figure)}),
        s as (select sum(net)::bigint as sum_net, sum(vat)::bigint as sum_vat, count(*) as selected from d)
        select s.*, p.* from s left join lateral (
          select * from d order by issued_at, seq limit ${q.limit} offset ${(q.page - 1) * q.limit}
        ) p on true`);
      const list = rows as Record<string, unknown>[];
      const first = list[0];
      return {
        from,
        to,
        figure: q.figure,
        data: list
          .filter((r) => r.id)
          .map((r) => ({
            _id: String(r.id),
            number: String(r.number),
            kind: r.kind as 'invoice' | 'credit' | 'debit',
            issuedAt: new Date(r.issued_at as string | Date),
            customerName: String(r.buyer_name),
            net: money(r.net),
            vat: money(r.vat),
          })),
        sums: { net: money(first?.sum_net), vat: money(first?.sum_vat) },
        count: Number(first?.selected ?? 0),
        page: q.page,
        limit: q.limit,
      };
    },
  );
};
