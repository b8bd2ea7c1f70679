// The embedded database on its own thread: the HTTP thread sends SQL here and gets rows back,
// so WebAssembly query work no longer competes with request handling. Plain JS so it loads the
// same under tsx, Vitest and plain node. Protocol: see pglite-worker-client.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// Drizzle asks for these types as raw text (it parses dates itself).
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
  // An online backup: a gzipped tarball of the data directory. The transaction keeps every other
  // transaction out (PGlite's transaction lock), so the copy falls between transactions; CHECKPOINT
  // writes the changes into the table files first, so a restore has little WAL to replay. The
  // buffer is transferred to the caller, not copied.
  async dump() {
    let bytes;
    await db.transaction(async (tx) => {
      await tx.exec('checkpoint');
      const tarball = await db.dumpDataDir('gzip');
      bytes = new Uint8Array(await tarball.arrayBuffer());
    });
    return { result: bytes, transfer: [bytes.buffer] };
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
    const answer = await handlers[msg.op](msg);
    if (answer?.transfer) {
      parentPort.postMessage({ id: msg.id, ok: true, result: answer.result }, answer.transfer);
    } else {
      parentPort.postMessage({ id: msg.id, ok: true, result: answer });
    }
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
  }
});

try {
  // pg_trgm backs the trigram indexes of Arabic search (also in PostgreSQL's contrib).
  // shared_buffers: PostgreSQL's 128MB default would sit in this process's memory; a file-backed
  // database is cached by the OS anyway, as for a real server (measured: −130 MB RSS on 100k customers).
  db = await PGlite.create(workerData.dataDir ?? undefined, {
    extensions: { pg_trgm },
    postgresqlconf: ['shared_buffers=16MB'],
  });
  if (workerData.vacuum) await db.exec('vacuum analyze');
  if (workerData.initOnly || workerData.vacuum) await db.close();
  parentPort.postMessage({ id: 0, ok: true, result: 'ready' });
} catch (err) {
  parentPort.postMessage({ id: 0, ok: false, error: serializeError(err) });
}
