// Start-up maintenance of the embedded database, run as a process of its own before the server
// opens its database (maintenance-process.ts starts it): `create` makes a new cluster (PGlite's
// initdb, ~650–700 MB), `vacuum` runs VACUUM ANALYZE on an existing one. A process gives all of its
// memory back when it exits; a worker thread of the server left ~70 MB of it (malloc's arenas) in
// the server for its whole life. Plain JS, run by plain node.
// Usage: node pglite-maintenance.mjs <dataDir> create|vacuum   (with an IPC channel to the server)
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options.mjs';

const [dataDir, task] = process.argv.slice(2);
if (!dataDir || !['create', 'vacuum'].includes(task)) {
  console.error('usage: pglite-maintenance.mjs <dataDir> create|vacuum');
  process.exit(2);
}
// The server is gone: do not keep its directory open longer than the statement running now
// (PGlite has no lock file; a restarted server could open the directory meanwhile).
process.on('disconnect', () => process.exit(1));
/** Tells the server how far it got (the answer waits until the message has been written). */
const report = (state) => new Promise((resolve) => (process.send ? process.send(state, resolve) : resolve()));

const db = await PGlite.create(dataDir, pgliteOptions());
if (task === 'vacuum') {
  await report('vacuuming');
  await db.exec('vacuum analyze');
}
await db.close();
process.exit(0);
