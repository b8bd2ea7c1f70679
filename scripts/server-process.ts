import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runtimeEnv, runtimeFlags, serverFile } from './runtime-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** `npm run serve` as node arguments (the launcher picks the runtime flags production uses). */
export function serveArgs(checkout: string) {
  const command: string = JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')).scripts
    .serve;
  const [node, ...args] = command.split(/\s+/);
  if (node !== 'node') throw new Error(`scripts.serve should start with node: ${command}`);
  if (!fs.existsSync(path.join(checkout, 'apps/api/dist/server.mjs'))) {
    throw new Error('the server is not built: run `npm run build` first');
  }
  return args;
}

/**
 * The real server as `npm run serve` starts it (built, with its runtime flags), as a child process on
 * a data directory; resolves once it listens. `checkout` is the built checkout to run (this one by
 * default; a bench compares another build against it). `wrap`: a command the server runs under
 * (valgrind): then node is started with the flags and environment `scripts/serve.mjs` would give
 * it, since a launcher that execs node would leave the wrapper behind.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  checkout = root,
  wrap?: string[],
) {
  const serverEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    ...env,
  };
  if (wrap && checkout !== root) throw new Error('a wrapped server runs this checkout only');
  const [command, args, childEnv] = wrap
    ? [
        wrap[0],
        [...wrap.slice(1), process.execPath, ...runtimeFlags(serverEnv), serverFile],
        runtimeEnv(serverEnv),
      ]
    : [process.execPath, serveArgs(checkout), serverEnv];
  const child = spawn(command, args, { cwd: checkout, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const port = await new Promise<number>((resolve, reject) => {
    // Under valgrind start-up takes minutes (the embedded database: tens of minutes on a shared machine).
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      wrap ? 3_600_000 : 60_000,
    );
    const poll = setInterval(() => {
      const m = /"port":(\d+),"msg":"Idara is running/.exec(output);
      if (m) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    }, 100);
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
  return { child, port, peakRssMb: () => peakRss(child), rssMb: () => currentRss(child) };
}

/** Peak resident memory of a process over its life (Linux VmHWM), in MB. */
function peakRss(child: ChildProcess) {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Resident memory of a process now (Linux VmRSS), in MB. */
function currentRss(child: ChildProcess) {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

export function stopServer(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Signs in as the admin a new database is seeded with (the README's quick-start credentials). */
export function signInAsAdmin(port: number) {
  return fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '0500000000', password: 'Admin@12345' }),
  });
}
