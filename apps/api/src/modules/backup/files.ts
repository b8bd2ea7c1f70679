import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One backup file as the API lists it: `file` is the absolute path on the server. */
export interface BackupFile {
  file: string;
  name: string;
  size: number;
  /** When the copy was taken (the data is as of this moment). */
  createdAt: string;
}

export type BackupFormat = 'tar.gz' | 'dump';

// idara-2026-11-24T09-30-00-123Z.tar.gz (embedded) or .dump (pg_dump): names sort by time.
const NAME = /^idara-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z\.(tar\.gz|dump)$/;
const TEMP = /^\..+\.tmp$/;
/** A temporary file (or staging directory) this old was left by a process that died while writing it. */
const STALE_TEMP_MS = 6 * 3600_000;

export function backupName(at: Date, format: BackupFormat) {
  return `idara-${at.toISOString().replace(/[:.]/g, '-')}.${format}`;
}

function takenAt(name: string) {
  const m = NAME.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

/** The backups in `dir`, newest first; a missing directory has none. */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw err;
  }
  const files: BackupFile[] = [];
  for (const name of names
    .filter((n) => NAME.test(n))
    .sort()
    .reverse()) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (!stat?.isFile()) continue;
    files.push({
      file: path.join(dir, name),
      name,
      size: stat.size,
      createdAt: (takenAt(name) ?? stat.mtime).toISOString(),
    });
  }
  return files;
}

/**
 * Writes `name` in `dir` so that the name never shows a partial file: `write` fills a temporary file
 * in the same directory, which is flushed to disk and then renamed (atomic on one file system); the
 * directory is flushed too, so the rename survives a power cut.
 */
export async function writeAtomically(dir: string, name: string, write: (tempPath: string) => Promise<void>) {
  const temp = path.join(dir, `.${name}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await write(temp);
    // A backup holds every record and password hash: readable by the server's user only.
    await fs.chmod(temp, 0o600);
    const handle = await fs.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, path.join(dir, name));
  } catch (err) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw err;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string) {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot flush a directory; the rename itself is still atomic.
  } finally {
    await handle.close();
  }
}

/** Keeps the newest `keep` backups; removes older ones and temporary files left by a crash. */
export async function pruneBackups(dir: string, keep: number) {
  const backups = await listBackups(dir);
  for (const old of backups.slice(keep)) await fs.rm(old.file, { force: true });
  const now = Date.now();
  for (const name of await fs.readdir(dir)) {
    if (!TEMP.test(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_TEMP_MS) {
      await fs.rm(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/** What the last attempts gave, kept in the backup directory so every process and restart sees it. */
export interface BackupStatus {
  lastSuccessAt?: string;
  lastError?: { message: string; at: string };
}

const STATUS_FILE = 'backup-status.json';

export async function readStatus(dir: string): Promise<BackupStatus> {
  try {
    const parsed = JSON.parse(await fs.readFile(path.join(dir, STATUS_FILE), 'utf8'));
    return typeof parsed === 'object' && parsed ? parsed : {};
  } catch {
    return {};
  }
}

export async function writeStatus(dir: string, status: BackupStatus) {
  await writeAtomically(dir, STATUS_FILE, (temp) =>
    fs.writeFile(temp, JSON.stringify(status), { flag: 'wx' }),
  );
}
