/**
 * `node --import tsx bench/scale-plans.ts [postgres url]`: EXPLAIN (ANALYZE, BUFFERS) of the exact SQL
 * the scale bench's requests run — the list endpoints' compiled statements (rows and count) and the
 * dashboard's queries — printed in full, plus whether any of them reads a big table sequentially.
 */
import { openDatabase } from '../apps/api/src/db/client';
import { compileListQuery, type ListResource, parseListQuery } from '../apps/api/src/http/list-query';
import { customerResource } from '../apps/api/src/modules/customer/resource';
import { dashboardQueries } from '../apps/api/src/modules/dashboard/routes';
import { orderResource } from '../apps/api/src/modules/order/resource';
import { scaleRequests } from './scale-requests';

/** Every statement the scale bench's list and dashboard requests send, by name. */
export function scaleStatements(db: Parameters<typeof dashboardQueries>[0]) {
  const requests = scaleRequests();
  const list = (name: string, resource: ListResource, query: Record<string, string>) => {
    const { rows, count } = compileListQuery(db, resource, parseListQuery(resource, query));
    return [
      { name: `${name}: page`, sql: rows.sql, params: rows.params },
      { name: `${name}: count`, sql: count.sql, params: count.params },
    ];
  };
  const dashboard = dashboardQueries(db, new Date());
  return [
    ...list('customer search', customerResource, requests.customerSearch),
    ...list('order list', orderResource, requests.orderList),
    ...(['byStatus', 'today', 'topServices', 'revenue', 'recentActivity'] as const).map((part) => ({
      name: `dashboard ${part}`,
      ...dashboard[part].toSQL(),
    })),
  ];
}

/** The plans of the scale statements on `url`: each plan's text and its sequential scans. */
export async function explainScale(url: string) {
  const database = await openDatabase({ url });
  try {
    const plans = [];
    for (const s of scaleStatements(database.db)) {
      const rows = (await database.rawQuery(`explain (analyze, buffers) ${s.sql}`, s.params)) as {
        'QUERY PLAN': string;
      }[];
      const text = rows.map((r) => r['QUERY PLAN']).join('\n');
      plans.push({ name: s.name, sql: s.sql, text, seqScans: text.match(/Seq Scan on \w+/g) ?? [] });
    }
    return plans;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:25432/bench_scale_1m';
  for (const plan of await explainScale(url)) {
    console.log(`\n### ${plan.name}\n${plan.sql}\n${plan.text}`);
  }
}
