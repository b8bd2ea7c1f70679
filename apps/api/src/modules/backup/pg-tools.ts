import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A PostgreSQL client program (`pg_dump`, `pg_restore`): the newest Debian install under
 * /usr/lib/postgresql/<major>/bin first (a pg_dump older than the server refuses to run), then PATH.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string | null {
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((d) => /^\d+$/.test(d))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const major of majors) {
    const candidate = path.join(root, major, 'bin', name);
    if (isExecutable(candidate)) return candidate;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The connection string without its password (which goes in PGPASSWORD, not on a command line). */
export function connectionOf(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export class PgToolError extends Error {
  constructor(
    public tool: string,
    public stderr: string,
  ) {
    super(`${tool} failed: ${stderr.trim().split('\n')[0] ?? ''}`);
  }
}

export function runPgTool(bin: string, args: string[], url: string) {
  const { dbname, env } = connectionOf(url);
  return new Promise<void>((resolve, reject) => {
    execFile(
      bin,
      [...args, `--dbname=${dbname}`],
      { env: { ...process.env, ...env }, maxBuffer: 4 * 1024 * 1024 },
      (err, _stdout, stderr) => {
        if (err) reject(new PgToolError(path.basename(bin), String(stderr || err.message)));
        else resolve();
      },
    );
  });
}

/** `pg_dump --format=custom` of the database at `url` into `file` (a consistent snapshot; the app keeps running). */
export function pgDump(bin: string, url: string, file: string) {
  return runPgTool(bin, ['--format=custom', '--no-password', `--file=${file}`], url);
}
