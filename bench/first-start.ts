/**
 * The first start on an empty DATA_DIR (issue 26 item 6): the built server as `npm run serve` runs
 * it creates its database, migrates, seeds and answers sign-in; its peak resident memory over that
 * life (Linux VmHWM of the process, its worker threads included: they share its memory) must stay
 * well below a 512 MB container's limit. Repeated; reports min / median / max.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signInAsAdmin, startServer, stopServer } from '../scripts/server-process';
import type { BenchResult } from './harness';
import { median } from './measure';

const RUNS = Math.max(1, Number(process.env.BENCH_FIRST_START_RUNS ?? 3));
const CONTAINER_MB = 512;

async function firstStart() {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'idara-first-start-')), 'data');
  const server = await startServer(dataDir);
  try {
    const signin = await signInAsAdmin(server.port);
    if (signin.status !== 200) throw new Error(`sign-in after the first start answered ${signin.status}`);
    return server.peakRssMb();
  } finally {
    await stopServer(server.child);
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

export async function firstStartBenches(): Promise<BenchResult[]> {
  const peaks: number[] = [];
  for (let i = 0; i < RUNS; i++) peaks.push(await firstStart());
  const mid = median(peaks);
  return [
    {
      name: `first start on an empty DATA_DIR, up to a signed-in admin: peak RSS (VmHWM), ${RUNS} runs`,
      measured: `${mid.toFixed(0)} MB (${Math.min(...peaks).toFixed(0)}–${Math.max(...peaks).toFixed(0)})`,
      baseline: `${CONTAINER_MB} MB container`,
      ratio: mid / CONTAINER_MB,
      goal: '≤ 0.80',
      met: Math.max(...peaks) <= CONTAINER_MB * 0.8,
    },
  ];
}
