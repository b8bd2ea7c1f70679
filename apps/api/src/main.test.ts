import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_START_MS } from './test/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-main-'));
// As an installation from before left it: world-readable.
fs.chmodSync(dataDir, 0o755);
fs.mkdirSync(path.join(dataDir, 'old'), { mode: 0o755 });
fs.writeFileSync(path.join(dataDir, 'old', 'notes.txt'), 'x', { mode: 0o644 });

/** Every path under the data directory that its group or others may read, write or enter. */
function notPrivate(dir: string) {
  const open: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop() as string;
    const stat = fs.lstatSync(current);
    if ((stat.mode & 0o077) !== 0) open.push(`${current} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(current)) stack.push(path.join(current, name));
  }
  return open;
}
const mainPath = path.resolve(import.meta.dirname, 'main.ts');

/** Starts the real server process; resolves with its port and everything it logged. */
function start() {
  const child = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      WEB_DIST: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  return new Promise<{ child: ChildProcess; port: number; log: () => string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), SERVER_START_MS);
    const poll = setInterval(() => {
      const m = /"port":(\d+),"msg":"Idara is running/.exec(output);
      if (m) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), log: () => output });
      }
    }, 100);
    child.on('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited ${code}:\n${output}`));
    });
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it(
    'seeds once, serves, shuts down cleanly on SIGTERM, and does not re-seed on the next start',
    async () => {
      const first = await start();
      expect(first.log()).toContain('Seeded a new database');
      const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
      const signin = await fetch(`http://127.0.0.1:${first.port}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: '0500000000', password: 'Admin@12345' }),
      });
      expect(signin.status).toBe(200);
      expect(await stop(first.child)).toBe(0);
      expect(first.log()).toContain('shutting down');
      // The data directory and everything in it are the server user's only (password hashes, keys).
      expect(fs.readdirSync(dataDir).length).toBeGreaterThan(3);
      expect(notPrivate(dataDir)).toEqual([]);

      const second = await start();
      expect(second.log()).not.toContain('Seeded a new database');
      const { token } = (await (
        await fetch(`http://127.0.0.1:${second.port}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phoneNumber: '0500000000', password: 'Admin@12345' }),
        })
      ).json()) as { token: string };
      const list = await fetch(`http://127.0.0.1:${second.port}/api/user?limit=0`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await list.json()) as { total: number }).total).toBe(1);
      expect(await stop(second.child)).toBe(0);
    },
    3 * SERVER_START_MS,
  );
});
