import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { templateFile, unpackTemplate } from './pglite-template.mjs';

type Message = { op: string; [key: string]: unknown };
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: unknown;
}
export interface QueryResult {
  rows: any[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** An error from the worker, carrying PostgreSQL's code, detail and constraint like PGlite's own. */
class WorkerDatabaseError extends Error {
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message));
    Object.assign(this, fields);
  }
}

/** The build's template: beside the bundle, or — run from source (tests, `npm run dev`) — in apps/api/dist. */
function builtTemplate() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [templateFile(here), templateFile(path.resolve(here, '../../dist'))].find((file) =>
    fs.existsSync(file),
  );
}

/**
 * A PGlite-shaped client (query, exec, transaction, close) whose database lives on a worker thread
 * (`pglite-worker.mjs`). Drizzle's PGlite driver uses it unchanged. A transaction holds a real PGlite
 * transaction open in the worker; other queries wait there on PGlite's own lock, as they would in
 * process.
 */
export class PGliteWorkerClient {
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  readonly waitReady: Promise<void>;

  /**
   * Opens a database directory on a worker. A new directory gets the cluster the build made
   * (`pglite-template.mjs`) when there is one (`builtTemplate`; `template` overrides where to look).
   * Without one, it is first initialised by a worker of its own that then exits: PGlite's initdb
   * peaks at ~650–700 MB, and that memory leaves with the thread instead of staying with the
   * server for its whole life.
   */
  static async open(
    dataDir?: string,
    opts: { vacuum?: boolean; template?: string; image?: string } = {},
  ): Promise<PGliteWorkerClient> {
    let fresh = dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    let vacuum = opts.vacuum;
    const template = opts.template ?? builtTemplate();
    if (dataDir && fresh && template && fs.existsSync(template)) {
      await unpackTemplate(template, dataDir);
      fresh = false;
      vacuum = false; // a new cluster has nothing to vacuum
    }
    // Start-up maintenance (VACUUM ANALYZE: statistics and the visibility map for index-only
    // scans) also runs on a worker that exits, so its memory does not stay with the server.
    if (dataDir && (fresh || vacuum)) {
      const init = new PGliteWorkerClient(dataDir, { initOnly: true, vacuum: !fresh && vacuum });
      try {
        await init.waitReady;
      } finally {
        await init.worker.terminate();
      }
    }
    const client = new PGliteWorkerClient(dataDir, { image: dataDir ? undefined : opts.image });
    await client.waitReady;
    return client;
  }

  constructor(dataDir?: string, mode: { initOnly?: boolean; vacuum?: boolean; image?: string } = {}) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, ...mode },
      // The worker's JS heap only carries result pages; a cap makes V8 collect instead of growing.
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 },
    });
    this.waitReady = new Promise((resolve, reject) =>
      this.pending.set(0, { resolve: () => resolve(), reject }),
    );
    this.worker.on(
      'message',
      (msg: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> }) => {
        const waiter = this.pending.get(msg.id);
        if (!waiter) return;
        this.pending.delete(msg.id);
        if (msg.ok) waiter.resolve(msg.result);
        else waiter.reject(new WorkerDatabaseError(msg.error ?? { message: 'database error' }));
      },
    );
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.on('exit', (code) => this.failAll(new Error(`database worker exited (${code})`)));
  }

  private failAll(err: Error) {
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }

  private send<T>(message: Message): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}, txId?: number) {
    return this.send<QueryResult>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode,
      rawTypes: Boolean(options.parsers),
      txId,
    });
  }

  exec(sql: string, txId?: number) {
    return this.send<QueryResult[]>({ op: 'exec', sql, txId });
  }

  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const txId = await this.send<number>({ op: 'begin' });
    const tx = new WorkerTransaction(this, txId, () => this.send({ op: 'rollback', txId }));
    try {
      const result = await fn(tx);
      if (!tx.closed) await this.send({ op: 'commit', txId });
      return result;
    } catch (err) {
      if (!tx.closed) await this.send({ op: 'rollback', txId }).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Writes a consistent gzipped tarball of the data directory to `file` (a new file), online. An
   * in-memory database can write it uncompressed: an image that opens faster (`open`'s `image`).
   */
  backupTo(file: string, opts: { uncompressed?: boolean } = {}) {
    return this.send<null>({ op: 'dump', file, uncompressed: opts.uncompressed });
  }

  async close() {
    try {
      await this.send({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}

/** What the worker client's `transaction` hands its work: the transaction's own query, exec and rollback. */
export class WorkerTransaction {
  closed = false;
  constructor(
    private readonly client: PGliteWorkerClient,
    private readonly txId: number,
    private readonly abort: () => Promise<unknown>,
  ) {}

  query(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.client.query(sql, params, options, this.txId);
  }

  exec(sql: string) {
    return this.client.exec(sql, this.txId);
  }

  async rollback() {
    this.closed = true;
    await this.abort();
  }
}
