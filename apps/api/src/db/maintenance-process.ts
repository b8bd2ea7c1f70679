import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type MaintenanceTask = 'create' | 'vacuum';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs start-up maintenance on `dataDir` in a process of its own (`pglite-maintenance.mjs`) and
 * resolves once that process has exited and closed the directory; rejects when it failed or was
 * killed. While it runs, a signal that stops the server stops it too (PGlite has no lock file: a
 * restarted server must not find it still writing). `onStart` sees the process (tests stop it).
 */
export async function runMaintenance(
  dataDir: string,
  task: MaintenanceTask,
  onStart?: (child: ChildProcess) => void,
): Promise<void> {
  const child = fork(fileURLToPath(new URL('./pglite-maintenance.mjs', import.meta.url)), [dataDir, task], {
    // Plain node: not the server's runtime flags, not a TypeScript loader (the script is plain JS).
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killChild = () => child.kill('SIGKILL');
  const stopBoth = (signal: NodeJS.Signals) => {
    killChild();
    release();
    // As if this handler had not been there: the signal's own effect (by default, exiting).
    process.kill(process.pid, signal);
  };
  const release = () => {
    process.off('exit', killChild);
    for (const signal of SIGNALS) process.off(signal, stopBoth);
  };
  process.on('exit', killChild);
  for (const signal of SIGNALS) process.on(signal, stopBoth);
  onStart?.(child);
  try {
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve) => {
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.once('error', () => resolve({ code: null, signal: null })); // could not start
      },
    );
    if (code !== 0) {
      throw new Error(
        `start-up ${task} of ${dataDir} failed (${signal ? `killed by ${signal}` : `exit ${code}`})`,
      );
    }
  } finally {
    release();
  }
}
