import fs from 'node:fs/promises';
import { healthOut } from '@idara/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isDiskFull, STORAGE_FULL_MESSAGE } from './errors';

/** Below this much free space in the embedded database's directory, writes are about to fail. */
export const MIN_FREE_BYTES = 2 * 1024 * 1024;
/**
 * After a write failed for a full disk, health says so until a write succeeds, space is freed
 * (embedded) or this long passes (PostgreSQL: its disk is not ours to measure).
 */
const FULL_REMEMBERED_MS = 60_000;

async function freeBytes(dir: string) {
  try {
    const s = await fs.statfs(dir);
    return s.bavail * s.bsize;
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/health`: 200 `{status:'ok'}` while the database answers and there is room to write;
 * 503 `{status:'degraded', storage:'full'}` when the embedded database's file system is (nearly)
 * full or a write has just failed for lack of space; back to ok once space returns.
 */
export function registerHealth(app: FastifyInstance) {
  let fullSince = 0;
  /** Free bytes when the last write failed: PostgreSQL may need more than MIN_FREE_BYTES at once. */
  let freeAtFailure = 0;
  app.addHook('onError', async (_req, _reply, err) => {
    if (!isDiskFull(err)) return;
    fullSince = Date.now();
    const dir = app.database.dataDir;
    freeAtFailure = (dir && (await freeBytes(dir))) || 0;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (fullSince && req.method !== 'GET' && reply.statusCode < 300) fullSince = 0;
  });

  app.get(
    '/api/health',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: healthOut, 503: healthOut } } },
    async (_req, reply) => {
      await app.db.execute(sql`select 1`);
      const database = app.database.kind;
      const dir = app.database.dataDir;
      const free = dir ? await freeBytes(dir) : undefined;
      if (free !== undefined && free >= freeAtFailure + MIN_FREE_BYTES) fullSince = 0;
      if (fullSince && Date.now() - fullSince > FULL_REMEMBERED_MS) fullSince = 0;
      const full = (free !== undefined && free < MIN_FREE_BYTES) || fullSince > 0;
      if (!full) return { status: 'ok' as const, database };
      return reply
        .status(503)
        .send({ status: 'degraded' as const, database, storage: 'full', message: STORAGE_FULL_MESSAGE });
    },
  );
}
