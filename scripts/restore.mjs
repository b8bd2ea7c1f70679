// `npm run restore -- <backup file> <new DATA_DIR>`: turns a backup of the embedded database (the
// gzipped tarball `POST /api/backup` or the schedule writes) into a data directory that
// `DATA_DIR=<new DATA_DIR> npm run serve` starts on. Offline, into an empty or new directory only:
// it never overwrites a database. Plain node (no TypeScript), so it runs beside the built server.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';

/** A refusal the operator can act on: Arabic first, then English for terminals without RTL. */
export class RestoreError extends Error {
  constructor(arabic, english) {
    super(`${arabic}\n${english}`);
  }
}

const GZIP = Buffer.from([0x1f, 0x8b]);
const PG_DUMP = Buffer.from('PGDMP');

function readHead(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(8);
    fs.readSync(fd, head, 0, head.length, 0);
    return head;
  } finally {
    fs.closeSync(fd);
  }
}

function checkBackupFile(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new RestoreError(`ملف النسخة الاحتياطية غير موجود: ${file}`, `Backup file not found: ${file}`);
  }
  if (!stat.isFile()) {
    throw new RestoreError(`ليس ملفاً: ${file}`, `Not a file: ${file}`);
  }
  const head = readHead(file);
  if (head.subarray(0, 5).equals(PG_DUMP)) {
    throw new RestoreError(
      'هذه نسخة PostgreSQL (pg_dump)؛ تُستعاد بالأمر pg_restore كما في docs/DEPLOY.md:',
      `This is a PostgreSQL (pg_dump) archive; restore it with pg_restore:\n  createdb idara_restored && pg_restore --no-owner --dbname=postgres://…/idara_restored "${file}"`,
    );
  }
  if (!head.subarray(0, 2).equals(GZIP)) {
    throw new RestoreError(
      `الملف ليس نسخة احتياطية من إدارة: ${file}`,
      `Not an Idara backup (expected a .tar.gz from POST /api/backup): ${file}`,
    );
  }
}

/** Creates the target, or checks that it is an empty directory. Returns whether it was created. */
function prepareTarget(target) {
  if (!fs.existsSync(target)) {
    fs.mkdirSync(target, { recursive: true });
    return true;
  }
  if (!fs.statSync(target).isDirectory()) {
    throw new RestoreError(`الهدف ليس مجلداً: ${target}`, `Target is not a directory: ${target}`);
  }
  if (fs.readdirSync(target).length > 0) {
    throw new RestoreError(
      `المجلد ليس فارغاً: ${target} — الاستعادة لا تكتب فوق قاعدة بيانات؛ اختر مجلداً جديداً أو فارغاً.`,
      `Target directory is not empty: ${target}. Restore never overwrites a database; choose a new or empty directory.`,
    );
  }
  return false;
}

/** Restores `file` into `target` and checks that the result opens as an Idara database. */
export async function restore(file, target) {
  const backup = path.resolve(file);
  const dataDir = path.resolve(target);
  checkBackupFile(backup);
  const created = prepareTarget(dataDir);
  try {
    // Unpacked as a stream (memory stays flat for any size; `tar` refuses paths that leave the
    // target), then opened once: PostgreSQL replays the WAL the backup carries, and the check
    // below proves this is an Idara database.
    // (PGlite's own dumpDataDir writes absolute names, "/base/1/…": made relative, as a notice.)
    const problems = [];
    await tar.x({
      file: backup,
      cwd: dataDir,
      onwarn: (code, message) => {
        if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${message}`);
      },
    });
    if (problems.length) throw new Error(problems.join('; '));
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error('no PG_VERSION in the archive');
    const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    try {
      const { rows } = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      if (!rows[0] || rows[0].n < 1) throw new Error('no migrations recorded');
      await db.exec('checkpoint');
    } finally {
      await db.close();
    }
  } catch (err) {
    // Leave nothing half-restored behind: the directory was empty or did not exist.
    if (created) fs.rmSync(dataDir, { recursive: true, force: true });
    else
      for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true });
    if (err instanceof RestoreError) throw err;
    throw new RestoreError(
      `تعذرت استعادة النسخة الاحتياطية: ${err?.message ?? err}`,
      `Restore failed: ${err?.message ?? err}`,
    );
  }
  return dataDir;
}

async function main(args) {
  if (args.length !== 2) {
    console.error('الاستخدام: npm run restore -- <ملف النسخة الاحتياطية> <مجلد بيانات جديد>');
    console.error('Usage: npm run restore -- <backup file> <new DATA_DIR>');
    return 2;
  }
  try {
    const dataDir = await restore(args[0], args[1]);
    console.log(`تمت الاستعادة إلى ${dataDir}`);
    console.log(
      `Restored into ${dataDir}. Start the server on it with:\n  DATA_DIR=${dataDir} npm run serve`,
    );
    return 0;
  } catch (err) {
    console.error(err instanceof RestoreError ? err.message : err);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
