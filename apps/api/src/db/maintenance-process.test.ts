import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGliteWorkerClient } from './pglite-worker-client';

let root: string;
let dataDir: string;
const ROWS = 200_000;

/** Opens `dataDir` as the server does, noting the maintenance process it ran (if any). */
async function openNoting(opts: { vacuum?: boolean; onMaintenance?: (child: ChildProcess) => void } = {}) {
  const seen: { pid?: number; args: string[] }[] = [];
  const client = await PGliteWorkerClient.open(dataDir, {
    ...opts,
    template: path.join(root, 'no-template.tar.gz'), // as without a build: no template beside the code
    onMaintenance: (child) => {
      seen.push({ pid: child.pid, args: child.spawnargs });
      opts.onMaintenance?.(child);
    },
  });
  return { client, seen };
}

async function tableStats(client: PGliteWorkerClient) {
  const { rows } = await client.query(
    "select reltuples::int as tuples, relallvisible::int as visible from pg_class where relname = 't'",
  );
  return rows[0] as { tuples: number; visible: number };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-maintenance-'));
  dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir);
}, 120_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('start-up maintenance of the embedded database in a process of its own', () => {
  it('creates a new directory’s cluster in a separate process, then opens it on the worker', async () => {
    const { client, seen } = await openNoting();
    try {
      expect(seen).toHaveLength(1);
      expect(seen[0].pid).not.toBe(process.pid);
      expect(seen[0].args.slice(-2)).toEqual([dataDir, 'create']);
      await client.exec(
        `create table t (id int primary key, note text);
         insert into t select n, 'ملاحظة ' || n from generate_series(1, ${ROWS}) n`,
      );
      // Never vacuumed or analysed: the planner knows nothing of the rows yet.
      expect(await tableStats(client)).toEqual({ tuples: -1, visible: 0 });
    } finally {
      await client.close();
    }
  });

  it('runs VACUUM ANALYZE there before opening: statistics and the visibility map are set', async () => {
    const { client, seen } = await openNoting({ vacuum: true });
    try {
      expect(seen.map((s) => s.args.at(-1))).toEqual(['vacuum']);
      const stats = await tableStats(client);
      expect(stats.tuples).toBe(ROWS);
      expect(stats.visible).toBeGreaterThan(0);
      // Dead rows for the next test's VACUUM to work on.
      await client.exec("update t set note = note || '.' where id % 2 = 0");
    } finally {
      await client.close();
    }
  });

  it('opens and serves when the maintenance process is killed in the middle of its VACUUM', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let killed = false;
    const { client } = await openNoting({
      vacuum: true,
      onMaintenance: (child) =>
        child.on('message', (state) => {
          if (state === 'vacuuming') killed = child.kill('SIGKILL');
        }),
    });
    try {
      expect(killed).toBe(true);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('killed by SIGKILL'));
      const { rows } = await client.query(
        "select count(*)::int as n, count(*) filter (where note like '%.')::int as updated from t",
      );
      expect(rows[0]).toEqual({ n: ROWS, updated: ROWS / 2 });
      await client.exec(`insert into t values (${ROWS + 1}, 'بعد الانقطاع')`);
      expect((await client.query('select count(*)::int as n from t')).rows[0].n).toBe(ROWS + 1);
    } finally {
      warn.mockRestore();
      await client.close();
    }
  });

  it('is stopped with the server when the server is stopped during it', async () => {
    const { client } = await openNoting();
    await client.exec("update t set note = note || '!'"); // work for the VACUUM below
    await client.close();
    // A server process from source that reports the maintenance process once its VACUUM begins.
    const opener = `
      import { PGliteWorkerClient } from ${JSON.stringify(path.join(import.meta.dirname, 'pglite-worker-client.ts'))};
      await PGliteWorkerClient.open(process.argv[1], {
        vacuum: true,
        template: process.argv[2],
        onMaintenance: (child) => child.on('message', (state) => console.log(state + ' ' + child.pid)),
      });`;
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', opener, dataDir, path.join(root, 'none.tar.gz')],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      server.once('exit', (_, signal) => resolve(signal)),
    );
    const maintenancePid = await new Promise<number>((resolve) => {
      let out = '';
      server.stdout!.on('data', (d) => {
        out += d;
        const m = /vacuuming (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
    });
    try {
      server.kill('SIGTERM');
      // The signal still stops the server as it would have without the maintenance running.
      expect(await exited).toBe('SIGTERM');
      // Gone at once, not after its VACUUM (which takes longer than this wait).
      await vi.waitFor(() => expect(isRunning(maintenancePid)).toBe(false), { timeout: 300, interval: 10 });
    } finally {
      server.kill('SIGKILL');
      if (isRunning(maintenancePid)) process.kill(maintenancePid, 'SIGKILL');
    }
  });
});

/** Whether a process exists and is not a zombie waiting to be collected. */
function isRunning(pid: number) {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
