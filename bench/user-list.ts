/**
 * GET /api/user (1,000 users, a page of 20 sorted by name) through the whole stack — HTTP,
 * bearer-token session lookup, query parsing, Drizzle, JSON — against the same SQL through the bare
 * driver, on the embedded database (or PostgreSQL when BENCH_DATABASE_URL is set).
 */
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { demoName } from '../apps/api/src/db/demo-names';
import { users } from '../apps/api/src/db/schema';
import { seedIfEmpty } from '../apps/api/src/db/seed';
import { compileListQuery, parseListQuery } from '../apps/api/src/http/list-query';
import { userResource, userSearchText } from '../apps/api/src/modules/user/resource';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 8;
const QUERY = { page: '1', limit: '20', sort: 'name' };

export async function userListBench() {
  const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  await seedIfEmpty(database.db, { phone: '0500000000', password: 'Admin@12345', name: 'مدير النظام' });
  const rows = Array.from({ length: 999 }, (_, i) => {
    const u = {
      name: `${demoName(i)} ${i}`,
      phoneNumber: `+9665${String(10_000_000 + i).padStart(8, '0')}`,
      role: 'employee',
      jobTitle: 'فني',
      permissions: ['task:read'],
      passwordHash: 'x',
    };
    return { ...u, searchText: userSearchText(u) };
  });
  await database.db.insert(users).values(rows);

  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0' });
  const app = await buildApp({ config, database, logger: false, serveWeb: false, realtime: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  const signin = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { phoneNumber: '0500000000', password: 'Admin@12345' },
  });
  const token = signin.json().token as string;

  // The exact SQL the endpoint runs for this request.
  const { rows: pageSql, count: countSql } = compileListQuery(
    database.db,
    userResource,
    parseListQuery(userResource, QUERY),
  );

  const stack = async (seconds: number) => {
    const result = await autocannon({
      url: `http://127.0.0.1:${address.port}/api/user?page=1&limit=20&sort=name`,
      headers: { authorization: `Bearer ${token}` },
      connections: CONNECTIONS,
      duration: seconds,
      // Load generation on its own thread, so it does not eat the server's event loop.
      workers: 1,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`stack run had ${result.non2xx} non-2xx and ${result.errors} errors`);
    return result.requests.average;
  };
  const bare = async (seconds: number) => {
    let done = 0;
    const until = Date.now() + seconds * 1000;
    const worker = async () => {
      while (Date.now() < until) {
        await Promise.all([
          database.rawQuery(pageSql.sql, pageSql.params),
          database.rawQuery(countSql.sql, countSql.params),
        ]);
        done++;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    return done / seconds;
  };

  await stack(2); // warm-up: JIT, plan caches
  await bare(2);
  const baseline = await bare(DURATION_S);
  const stackRps = await stack(DURATION_S);
  await app.close();
  await database.close();
  return {
    name: `GET /api/user, 1,000 users, page of 20 by name (${database.kind})`,
    stack: stackRps,
    baseline,
    ratio: stackRps / baseline,
    goal: 0.8,
  };
}
