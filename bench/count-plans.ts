/**
 * `node --import tsx bench/count-plans.ts [postgres url…]`: EXPLAIN (ANALYZE, BUFFERS) of the count
 * statements of the scale bench's list requests (and of the unfiltered customer list), exact (as
 * `limit=0` counts) and capped (as a paged list now sends it: SEARCH_COUNT_CAP with a search, LIST_COUNT_CAP without), in a read-only
 * transaction: the databases are only read.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { compileListQuery, type ListResource, parseListQuery } from '../apps/api/src/http/list-query';
import { customerResource } from '../apps/api/src/modules/customer/resource';
import { orderResource } from '../apps/api/src/modules/order/resource';
import { scaleRequests } from './scale-requests';

const urls = process.argv.slice(2);
const repeats = Number(process.env.COUNT_PLAN_REPEATS ?? 5);
const requests = scaleRequests();

/** The exact and the capped count statement of one list request. */
function counts(resource: ListResource, query: Record<string, string>) {
  const q = parseListQuery(resource, query);
  return {
    exact: compileListQuery(drizzle.mock(), resource, { ...q, limit: 0 }).count,
    capped: compileListQuery(drizzle.mock(), resource, q).count,
  };
}

const lists = {
  'customer search': counts(customerResource, requests.customerSearch),
  'order list': counts(orderResource, requests.orderList),
  'customer list, no filter': counts(customerResource, { page: '1', limit: '20' }),
};

for (const url of urls) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin transaction read only');
    for (const [list, statements] of Object.entries(lists)) {
      for (const [name, s] of Object.entries(statements)) {
        const times: number[] = [];
        let plan = '';
        let total = 0;
        for (let i = 0; i < repeats; i++) {
          const rows = (await client.query(`explain (analyze, buffers) ${s.sql}`, s.params)).rows as {
            'QUERY PLAN': string;
          }[];
          plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]));
          total = Object.values((await client.query(s.sql, s.params)).rows[0])[0] as number;
        }
        times.sort((a, b) => a - b);
        const [min, median, max] = [times[0], times[times.length >> 1], times[times.length - 1]];
        console.log(
          `\n### ${url.split('/').pop()} ${list}, ${name}: total ${total}; execution ${min} / ${median} / ${max} ms`,
        );
        console.log(s.sql);
        console.log(plan);
      }
    }
    await client.query('rollback');
  } finally {
    await client.end();
  }
}
