// A new embedded database from a template instead of PGlite's initdb. initdb (run by PGlite when it
// opens an empty directory) peaks at ~650–700 MB of memory — it runs a second PGlite instance and
// the initdb program beside the first — more than a 512 MB container has. The build runs initdb
// once and keeps the cluster it made as a tarball (`npm run build` → apps/api/dist); a first start
// unpacks it into DATA_DIR, as a stream, and PGlite opens it like any existing database.
// Plain JS: the build script (plain node) and the server share it.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';

/** The marker of a cluster: PostgreSQL's version file in the directory's top level. */
const MARKER = 'PG_VERSION';

/** The installed PGlite's version: a template is only valid for the PGlite that made it. */
function pgliteVersion() {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
}

/** Where the template for the installed PGlite lives in `dir`. */
export function templateFile(dir) {
  return path.join(dir, `pgdata-pglite-${pgliteVersion()}.tar.gz`);
}

/** Runs PGlite's initdb once and writes the new cluster to `file` (a gzipped tarball). */
export async function writeTemplate(file) {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-pgdata-'));
  try {
    const db = await PGlite.create(staging);
    await db.close();
    const partial = `${file}.${process.pid}.tmp`;
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, fs.readdirSync(staging));
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Unpacks the template into `dataDir` (without a cluster yet). Streaming, so memory stays flat.
 * PG_VERSION is unpacked last, on its own: an unpack cut short is not taken for a database, and
 * the next start unpacks again.
 */
export async function unpackTemplate(file, dataDir) {
  const isMarker = (entry) => path.normalize(entry) === MARKER;
  await tar.x({ file, cwd: dataDir, strict: true, filter: (entry) => !isMarker(entry) });
  await tar.x({ file, cwd: dataDir, strict: true, filter: isMarker });
  if (!fs.existsSync(path.join(dataDir, MARKER))) throw new Error(`no ${MARKER} in ${file}`);
}
