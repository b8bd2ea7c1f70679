// Times the dashboard's five statements (dashboardQueries) on a PostgreSQL database: 7 calls after one warm-up.
import { openDatabase } from '../apps/api/src/db/client';
import { dashboardQueries } from '../apps/api/src/modules/dashboard/routes';

for (const url of process.argv.slice(2)) {
  const database = await openDatabase({ url });
  const times: number[] = [];
  for (let i = 0; i < 8; i++) {
    const q = dashboardQueries(database.db, new Date());
    const t0 = performance.now();
    for (const part of [q.byStatus, q.today, q.topServices, q.revenue, q.recentActivity]) await part;
    if (i > 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${url}: dashboard SQL min / median / max ${times[0].toFixed(1)} / ${times[3].toFixed(1)} / ${times[6].toFixed(1)} ms`,
  );
  for (const [name, part] of Object.entries(dashboardQueries(database.db, new Date()))) {
    if (!part || typeof part !== 'object' || !('toSQL' in part)) continue;
    const s = (part as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
    const rows = (await database.rawQuery(`explain (analyze) ${s.sql}`, s.params)) as {
      'QUERY PLAN': string;
    }[];
    console.log(`  ${name}: ${rows[0]['QUERY PLAN']} | ${rows.at(-1)!['QUERY PLAN']}`);
  }
  await database.close();
}
