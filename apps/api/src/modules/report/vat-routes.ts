import { vatReportOut, vatReturnOf } from '@idara/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guarded } from '../../http/guarded';
import type { RoutesPlugin } from '../../http/response-contract';
import { money, reportTags as tags } from './common';
import { issuedInSql, vatPeriodQuery } from './vat-period';

/**
 * The one statement `GET /api/report/vat` runs: issued documents of the period (Riyadh days), summed
 * per kind — the return is linear in its documents, so the domain rule runs on these sums.
 */
export function vatReturnSql(from: string, to: string): SQL {
  return sql`
    select kind, count(*) as n, sum(total_halalas)::bigint as total, sum(vat_halalas)::bigint as vat,
           sum(zero_rated_halalas)::bigint as zero, sum(exempt_halalas)::bigint as exempt,
           sum(out_of_scope_halalas)::bigint as oos
    from einvoices
    where ${issuedInSql(from, to)}
    group by kind`;
}

/** The return of a period in halalas, and how many documents it is made of. */
export async function vatReturnFor(db: DbOrTx, from: string, to: string) {
  const { rows } = await db.execute(vatReturnSql(from, to));
  const groups = rows as {
    kind: 'invoice' | 'credit' | 'debit';
    n: string;
    total: string;
    vat: string;
    zero: string;
    exempt: string;
    oos: string;
  }[];
  const figures = vatReturnOf(
    groups.map((g) => ({
      kind: g.kind,
      total: Number(g.total),
      vat: Number(g.vat),
      zeroRated: Number(g.zero),
      exempt: Number(g.exempt),
      outOfScope: Number(g.oos),
    })),
  );
  return { figures, documents: groups.reduce((sum, g) => sum + Number(g.n), 0) };
}

/** `GET /api/report/vat`: the sales side of the VAT return (docs/API.md "Reports"). */
export const vatRoutes: RoutesPlugin = async (app) => {
  app.get(
    '/vat',
    guarded('report:vat', { tags, querystring: vatPeriodQuery({}), response: { 200: vatReportOut } }),
    async (req) => {
      const from = req.query.from as string;
      const to = req.query.to as string;
      const { figures: r, documents } = await vatReturnFor(app.db, from, to);
      return {
        from,
        to,
        standardRated: { net: money(r.standardRated.net), vat: money(r.standardRated.vat) },
        zeroRated: { net: money(r.zeroRated.net) },
        exempt: { net: money(r.exempt.net) },
        outOfScope: { net: money(r.outOfScope.net) },
        adjustments: { net: money(r.adjustments.net), vat: money(r.adjustments.vat) },
        totalVat: money(r.totalVat),
        documents,
      };
    },
  );
};
