// How the server's PGlite opens its directory, shared by the database worker (pglite-worker.mjs) and
// the start-up maintenance process (pglite-maintenance.mjs): both must load the same extensions.
// Plain JS so it loads the same under tsx, Vitest and plain node.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Options for `PGlite.create` (a new object each time: PGlite fills in what is missing). */
export function pgliteOptions() {
  return {
    // pg_trgm backs the trigram indexes of Arabic search (also in PostgreSQL's contrib).
    extensions: { pg_trgm },
    // shared_buffers: PostgreSQL's 128MB default would sit in this process's memory; a file-backed
    // database is cached by the OS anyway, as for a real server (measured: −130 MB RSS on 100k customers).
    postgresqlconf: ['shared_buffers=16MB'],
  };
}
