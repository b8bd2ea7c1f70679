/**
 * The baseline a bench compares the stack with: a minimal Fastify server, in a process of its own,
 * whose routes run the very SQL the app's route runs — through `pg` with the app's pool size on
 * PostgreSQL, through the app's own PGlite worker on the embedded database — and answer the same
 * JSON with Fastify's default serialiser. No auth, no hooks, no logging, no schemas.
 *
 * The technician's sync (`sync`) is written out through the app's own driver instead, as issue 44's
 * baseline is (bench/field-sync-bare.ts).
 *
 * Configured by one JSON argument (BareServerConfig); prints `listening <port>` when ready.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { PGliteWorkerClient } from '../apps/api/src/db/pglite-worker-client';
import { cappedTotal } from '../apps/api/src/http/list-query';

export interface BareStatement {
  sql: string;
  params: unknown[];
  /** The answer's key for each column, by position (the app selects `"col"` and names it). */
  keys: string[];
}

export interface BareRoute {
  path: string;
  statements: BareStatement[];
  /**
   * `list`: `{ data, total, page, limit }` from a page statement and a count statement, as `runList`
   * answers; `rows`: each statement's rows under its index (an aggregate page such as the dashboard).
   */
  answer: { kind: 'list'; page: number; limit: number; countBound?: number } | { kind: 'rows' };
}

export interface BareServerConfig {
  databaseUrl?: string;
  dataDir?: string;
  routes: BareRoute[];
  /**
   * The technician's sync written out (bench/field-sync-bare.ts `registerBareSync`: the phone's
   * actions and `GET /bare/mine/:tech`) through the app's own driver, with what its rows log.
   */
  sync?: { channel: 'whatsapp' | 'outbox'; origin: string; ip: string; agent: string };
}

type ArrayQuery = (sql: string, params: unknown[]) => Promise<unknown[][]>;

async function connect(config: BareServerConfig): Promise<{ query: ArrayQuery; close: () => Promise<void> }> {
  if (config.databaseUrl) {
    // The app's pool size (apps/api/src/db/client.ts).
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    return {
      query: async (text, values) => (await pool.query({ text, values, rowMode: 'array' })).rows,
      close: () => pool.end(),
    };
  }
  // The server's own start-up: VACUUM ANALYZE on a worker that exits, then the database's worker.
  const client = await PGliteWorkerClient.open(config.dataDir, { vacuum: true });
  return {
    query: async (text, params) => (await client.query(text, params, { rowMode: 'array' })).rows,
    close: () => client.close(),
  };
}

const objects = (rows: unknown[][], keys: string[]) =>
  rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[keys[i]] = row[i];
    return out;
  });

async function main() {
  const config = JSON.parse(process.argv[2]) as BareServerConfig;
  // One opening of the database: an embedded directory opens in one process at a time.
  const database = config.routes.length ? await connect(config) : undefined;
  const app = Fastify({ logger: false });
  let closeSync: () => Promise<void> = async () => {};
  if (config.sync) {
    const { openDatabase } = await import('../apps/api/src/db/client');
    const { bareWrites, registerBareSync } = await import('./field-sync-bare');
    const syncDatabase = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    registerBareSync(app, bareWrites(syncDatabase, config.sync));
    closeSync = () => syncDatabase.close();
  }
  for (const route of config.routes) {
    app.get(route.path, async () => {
      const results = await Promise.all(route.statements.map((s) => database!.query(s.sql, s.params)));
      const answers = results.map((rows, i) => objects(rows, route.statements[i].keys));
      if (route.answer.kind === 'list') {
        const { page, limit, countBound } = route.answer;
        return { data: answers[0], ...cappedTotal(countBound, answers[1][0].total as number), page, limit };
      }
      return answers;
    });
  }
  const shutdown = async () => {
    await app.close();
    await database?.close();
    await closeSync();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
