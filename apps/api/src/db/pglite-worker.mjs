// The embedded database on its own thread: the HTTP thread sends SQL here and gets rows back,
// so WebAssembly query work no longer competes with request handling. Plain JS so it loads the
// same under tsx, Vitest and plain node. Protocol: see pglite-worker-client.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';

// Drizzle asks for these types as raw text (it parses dates itself); the functions it sends cannot
// cross to this thread, so the list is kept here: db/pglite-drizzle-contract.test.ts checks it is Drizzle's.
const RAW_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const rawParsers = Object.fromEntries(RAW_TYPES.map((oid) => [oid, (value) => value]));

const ROLLBACK = Symbol('rollback');
/** A WAL segment file in pg_wal: 24 hex digits (timeline, log, segment). */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
let db;
const transactions = new Map();
let nextTxId = 1;

function serializeError(err) {
  const out = { message: err?.message ?? String(err) };
  for (const key of [
    'code',
    'detail',
    'constraint',
    'severity',
    'table',
    'column',
    'schema',
    'hint',
    'position',
  ]) {
    if (err && err[key] !== undefined) out[key] = err[key];
  }
  return out;
}

function target(txId) {
  if (txId === undefined) return db;
  const t = transactions.get(txId);
  if (!t?.tx) throw new Error(`transaction ${txId} is not open`);
  return t.tx;
}

const handlers = {
  async query({ sql, params, rowMode, rawTypes, txId }) {
    const opts = {};
    if (rowMode) opts.rowMode = rowMode;
    if (rawTypes) opts.parsers = rawParsers;
    const result = await target(txId).query(sql, params, opts);
    return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
  },
  async exec({ sql, txId }) {
    const results = await target(txId).exec(sql);
    return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
  },
  async begin() {
    const txId = nextTxId++;
    const t = { tx: undefined, end: undefined, finished: undefined };
    const ended = new Promise((resolve) => {
      t.end = resolve;
    });
    transactions.set(txId, t);
    return new Promise((started, failed) => {
      // `finished` settles only after COMMIT or ROLLBACK has run, so the answer to commit waits for it.
      t.finished = db
        .transaction(async (tx) => {
          t.tx = tx;
          started(txId);
          if ((await ended) === 'rollback') throw ROLLBACK;
        })
        .catch((err) => {
          if (err !== ROLLBACK) throw err;
        })
        .finally(() => transactions.delete(txId));
      t.finished.catch(failed);
    });
  },
  async commit({ txId }) {
    return finish(txId, 'commit');
  },
  async rollback({ txId }) {
    return finish(txId, 'rollback');
  },
  // An online backup into `file`, a gzipped tarball of the data directory (what PGlite's
  // `dumpDataDir` makes, and `npm run restore` reads). While one transaction of ours holds PGlite's
  // transaction and query locks, nothing else runs: CHECKPOINT writes every committed change into
  // the table files, then the directory is copied as it stands, between two transactions. Only
  // the WAL segments from the checkpoint on are needed (PostgreSQL keeps up to max_wal_size of old,
  // recycled ones: 850 MB of 1.2 GB in a measured directory). The copy is then packed, streaming,
  // while the database serves again. `dumpDataDir` itself would build the whole tarball in memory
  // with the database held (measured on 1.2 GB: 2.7 GB of memory, requests stalled 38 s).
  async dump({ file, uncompressed }) {
    if (!workerData.dataDir) {
      const tarball = await db.dumpDataDir(uncompressed ? 'none' : 'gzip');
      await fs.writeFile(file, new Uint8Array(await tarball.arrayBuffer()), { flag: 'wx' });
      return null;
    }
    const dataDir = workerData.dataDir;
    const staging = `${file}-staging.tmp`;
    try {
      await db.transaction(async (tx) => {
        await tx.exec('checkpoint');
        const { rows } = await tx.query(
          `select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last
           from pg_control_checkpoint()`,
        );
        const { first, last } = rows[0];
        const needed = (src) => {
          const rel = path.relative(dataDir, src);
          const name = path.basename(rel);
          if (path.dirname(rel) !== 'pg_wal' || !WAL_SEGMENT.test(name)) return true;
          return name >= first && name <= last;
        };
        await db._runExclusiveQuery(() => fs.cp(dataDir, staging, { recursive: true, filter: needed }));
      });
      await tar.c({ gzip: true, file, cwd: staging, portable: true }, await fs.readdir(staging));
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
    return null;
  },
  async close() {
    await db.close();
    return null;
  },
};

async function finish(txId, outcome) {
  const t = transactions.get(txId);
  if (!t) throw new Error(`transaction ${txId} is not open`);
  t.end(outcome);
  await t.finished;
  return null;
}

parentPort.on('message', async (msg) => {
  try {
    const result = await handlers[msg.op](msg);
    parentPort.postMessage({ id: msg.id, ok: true, result });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
  }
});

try {
  // An in-memory database may start from an image (a tarball `dump` wrote) instead of initdb:
  // the test harness opens every test's database from one migrated, seeded image.
  const image = workerData.image ? new Blob([await fs.readFile(workerData.image)]) : undefined;
  // pg_trgm backs the trigram indexes of Arabic search (also in PostgreSQL's contrib).
  // shared_buffers: PostgreSQL's 128MB default would sit in this process's memory; a file-backed
  // database is cached by the OS anyway, as for a real server (measured: −130 MB RSS on 100k customers
  // at 16MB; 8MB took another ~8 MB off the export peak at no measurable cost in list, dashboard or
  // export speed — docs/PERFORMANCE.md, "Memory with margin"). PGlite writes these lines as the
  // directory's whole postgresql.conf at every open, so a directory made with initdb's 128MB (the
  // build's template, older data) runs with this too.
  db = await PGlite.create(workerData.dataDir ?? undefined, {
    extensions: { pg_trgm },
    postgresqlconf: ['shared_buffers=8MB'],
    ...(image ? { loadDataDir: image } : {}),
  });
  if (workerData.vacuum) await db.exec('vacuum analyze');
  if (workerData.initOnly || workerData.vacuum) await db.close();
  parentPort.postMessage({ id: 0, ok: true, result: 'ready' });
} catch (err) {
  parentPort.postMessage({ id: 0, ok: false, error: serializeError(err) });
}
