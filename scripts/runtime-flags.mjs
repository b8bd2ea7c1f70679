import path from 'node:path';

/** The built server, as `npm run build` leaves it. */
export const serverFile = path.resolve(import.meta.dirname, '../apps/api/dist/server.mjs');

/**
 * V8's heap settings for the server process, by where its database lives (docs/PERFORMANCE.md,
 * "Heap settings by database").
 *
 * Embedded (no DATABASE_URL): PGlite's WebAssembly (150–200 MB) lives in this process, and the whole
 * process must stay within its 300 MB budget through an export: `--optimize-for-size` grows the heap
 * late and keeps the young generation at about 1 MB.
 *
 * PostgreSQL: the process holds no database (about 150 MB in use), and that 1 MB young generation is
 * what a request pays for — a list page allocates about 200 KB, so the server collected every few
 * requests (4× the scavenges of a 4 MB young generation, measured). It runs with 4 MB semi-spaces and
 * a heap that still grows by only 10 % at a time.
 */
export function runtimeFlags(env = process.env) {
  return env.DATABASE_URL
    ? ['--max-semi-space-size=4', '--heap-growing-percent=10']
    : ['--optimize-for-size', '--max-semi-space-size=4'];
}
