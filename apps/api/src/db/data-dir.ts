import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's directory must exist (or be creatable), be a directory and take writes
 * before PGlite opens it: PGlite itself hangs on a read-only directory and throws a bare stack
 * trace on a file. Returns an operator message (Arabic and English) when it is unusable.
 */
export function dataDirProblem(dir: string): string | null {
  const where = path.resolve(dir);
  const say = (ar: string, en: string, err?: unknown) =>
    `DATA_DIR «${where}»: ${ar} / ${en}${err ? ` (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` : ''}`;
  try {
    fs.mkdirSync(where, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR')
      return say('المسار ملف وليس مجلداً', 'the path (or a part of it) is a file, not a directory', err);
    return say('تعذّر إنشاء المجلد', 'the directory cannot be created', err);
  }
  if (!fs.statSync(where).isDirectory())
    return say('المسار ملف وليس مجلداً', 'the path is a file, not a directory');
  const probe = path.join(where, `.write-check-${process.pid}`);
  try {
    const fd = fs.openSync(probe, 'w');
    try {
      fs.writeSync(fd, 'idara');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.unlinkSync(probe);
  } catch (err) {
    try {
      fs.rmSync(probe, { force: true });
    } catch {}
    if ((err as NodeJS.ErrnoException).code === 'ENOSPC')
      return say('مساحة التخزين ممتلئة', 'the file system is full', err);
    return say('لا يمكن الكتابة في المجلد', 'the directory is not writable', err);
  }
  return null;
}

/**
 * The data directory holds password hashes, the link-signing key and the books: owner-only. Creates
 * it 0700 and takes group and other bits off everything already in it (an installation from before,
 * made under umask 022); the server runs under umask 077, so what it writes later is owner-only too.
 */
export function makeDataDirPrivate(dir: string) {
  const where = path.resolve(dir);
  fs.mkdirSync(where, { recursive: true, mode: 0o700 });
  const stack = [where];
  while (stack.length) {
    const current = stack.pop() as string;
    const stat = fs.lstatSync(current);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(current, stat.mode & 0o700);
    if (stat.isDirectory()) for (const name of fs.readdirSync(current)) stack.push(path.join(current, name));
  }
}
