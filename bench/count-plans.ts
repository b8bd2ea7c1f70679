/**
 * `node --import tsx bench/count-plans.ts [postgres url…]`: EXPLAIN (ANALYZE, BUFFERS) of the customer
 * search's count statement (the scale bench's request), exact (as before LIST_COUNT_CAP) and capped
 * (as the list now sends it), in a read-only transaction: the databases are only read.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { compileListQuery, parseListQuery } from '../apps/api/src/http/list-query';
import { customerResource } from '../apps/api/src/modules/customer/resource';
import { scaleRequests } from './scale-requests';

const urls = process.argv.slice(2);
const repeats = Number(process.env.COUNT_PLAN_REPEATS ?? 5);
const q = parseListQuery(customerResource, scaleRequests().customerSearch);
const capped = compileListQuery(drizzle.mock(), customerResource, q).count;
const exact = compileListQuery(drizzle.mock(), customerResource, { ...q, limit: 0 }).count;

for (const url of urls) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin transaction read only');
    for (const [name, s] of [
      ['exact', exact],
      ['capped', capped],
    ] as const) {
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
        `\n### ${url.split('/').pop()} ${name}: total ${total}; execution ${min} / ${median} / ${max} ms`,
      );
      console.log(s.sql);
      console.log(plan);
    }
    await client.query('rollback');
  } finally {
    await client.end();
  }
}
