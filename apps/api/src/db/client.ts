import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { enableFastReads } from './fast-query';
import { PGliteWorkerClient } from './pglite-worker-client';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<any, Schema>;
export type Tx = PgTransaction<any, Schema, any>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's directory (absent in memory and on PostgreSQL). */
  dataDir?: string;
  migrate(): Promise<void>;
  /** The bare driver, for benchmarks: runs SQL text with positional parameters. */
  rawQuery(text: string, params: unknown[]): Promise<unknown[]>;
  /**
   * Refreshes the planner's statistics. PostgreSQL's autovacuum does this by itself; the embedded
   * database has no background workers, so without it the planner keeps the row counts of an empty
   * database and picks plans for tiny tables (measured: a page of 20 orders out of 5,000 joined
   * every row before sorting). Runs at start-up, after bulk inserts, and every few minutes.
   */
  analyze(opts?: { vacuum?: boolean }): Promise<void>;
  close(): Promise<void>;
  /** Embedded database: an online backup into `file`, the data directory as a gzipped tarball (`npm run restore`). */
  backupTo?: (file: string) => Promise<void>;
  /** Embedded database in memory: its whole cluster into `file`, for `openDatabase({ image })`. */
  saveImage?: (file: string) => Promise<void>;
  /** PostgreSQL: the connection string, for pg_dump. */
  url?: string;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /** postgres://… for a real server; otherwise the embedded PGlite. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /** Embedded database: VACUUM ANALYZE before opening (the server's start-up). */
  vacuum?: boolean;
  /** In memory: start from this image (`saveImage`) instead of an empty cluster. */
  image?: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // Fail fast with a clear error when the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    enableFastReads(db, { kind: 'pg', client: pool });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as any, { migrationsFolder }),
      rawQuery: async (text, params) => (await pool.query(text, params)).rows,
      analyze: async () => undefined, // autovacuum
      close: () => pool.end(),
      url: opts.url,
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // The embedded database runs on its own thread (see pglite-worker.mjs).
  const client = await PGliteWorkerClient.open(opts.dataDir ? path.resolve(opts.dataDir) : undefined, {
    vacuum: opts.vacuum,
    image: opts.image,
  });
  // Drizzle calls only `query` and `transaction` of a PGlite client, and `query` in a transaction:
  // db/pglite-drizzle-contract.test.ts fails when an upgrade makes it use anything else.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  enableFastReads(db, { kind: 'pglite', client });
  return {
    db,
    kind: 'pglite',
    dataDir: opts.dataDir ? path.resolve(opts.dataDir) : undefined,
    migrate: () => migratePglite(db as any, { migrationsFolder }),
    rawQuery: async (text, params) => (await client.query(text, params)).rows,
    analyze: async ({ vacuum = false } = {}) => {
      // VACUUM also sets the visibility map, which index-only scans need; it holds the database
      // for about a second per 300,000 rows, so it runs at start-up only.
      await client.exec(vacuum ? 'vacuum analyze' : 'analyze');
    },
    close: () => client.close(),
    backupTo: async (file) => {
      await client.backupTo(file);
    },
    saveImage: async (file) => {
      await client.backupTo(file, { uncompressed: true });
    },
  };
}
