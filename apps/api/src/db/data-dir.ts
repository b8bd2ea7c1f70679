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
