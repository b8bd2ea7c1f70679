import path from 'node:path';

/** The built server, as `npm run build` leaves it. */
export const serverFile = path.resolve(import.meta.dirname, '../apps/api/dist/server.mjs');

/**
 * V8's heap settings for the server process, by where its database lives (docs/PERFORMANCE.md,
 * "Heap settings by database").
 *
 * Embedded (no DATABASE_URL): PGlite (150–200 MB with its thread) lives in this process, and the whole
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

/** glibc malloc's threshold from which a block gets a mapping of its own (freed straight back to the system). */
const MMAP_THRESHOLD = 'glibc.malloc.mmap_threshold';
const FIXED_MMAP_THRESHOLD = `${MMAP_THRESHOLD}=131072`;

/**
 * The server process's environment, by where its database lives (docs/PERFORMANCE.md, "Memory with
 * margin"). Embedded: glibc's malloc starts with a 128 KB threshold and raises it (up to 32 MB)
 * each time it frees such a block, so later large blocks come from its per-thread arenas, whose
 * freed pages stay resident; with PGlite and its start-up VACUUM in this process the arenas held
 * ~95 MB at the export peak (measured in /proc/<pid>/smaps). Fixed at its default 128 KB (a tunable
 * glibc reads when the process starts), they held ~50 MB and the peak fell by about 50 MB, at no cost
 * in requests per second. A threshold already set in GLIBC_TUNABLES wins; musl ignores the variable.
 */
export function runtimeEnv(env = process.env) {
  if (env.DATABASE_URL) return env;
  const tunables = env.GLIBC_TUNABLES ?? '';
  if (tunables.includes(MMAP_THRESHOLD)) return env;
  return { ...env, GLIBC_TUNABLES: tunables ? `${tunables}:${FIXED_MMAP_THRESHOLD}` : FIXED_MMAP_THRESHOLD };
}
