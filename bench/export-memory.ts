/**
 * The export's memory (issue 26 item 6): the built server, as `npm run serve` runs it, on a
 * directory of 100,000 customers (BENCH_CUSTOMERS) exports them all as CSV and as XLSX. Its peak
 * resident memory (VmHWM) after start-up, after CSV and after XLSX, over BENCH_EXPORT_MEMORY_RUNS
 * (3) runs, each on a fresh copy of the same seeded directory; also the memory of any process the
 * server starts (sampled every 20 ms) and the time until it listens.
 * BENCH_EXPORT_DATA_DIR keeps the seeded directory for later runs (seeded there when absent), so a
 * comparison of two builds runs on the very same data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertDemoCustomers } from '../apps/api/src/db/demo-customers';
import { CUSTOMERS } from './customer-list';
import { exportAllCustomers } from './export';
import type { BenchResult } from './harness';
import { formatSpread, spread } from './measure';
import { sampleDescendantMemory } from './process-memory';
import { freshDatabase } from './servers';

const RUNS = Math.max(1, Number(process.env.BENCH_EXPORT_MEMORY_RUNS ?? 3));
const BUDGET_MB = 300;
/** "Well inside" the budget: at most this share of it, on the median run. */
const MARGIN_GOAL = 0.85;

/** A data directory holding the admin and CUSTOMERS demo customers, vacuumed as `npm run seed:demo` leaves it. */
async function seededDirectory() {
  const kept = process.env.BENCH_EXPORT_DATA_DIR;
  if (kept && fs.existsSync(path.join(kept, 'PG_VERSION'))) return { dir: kept, temporary: false };
  const { database, dataDir } = await freshDatabase('idara-export-memory');
  await insertDemoCustomers(database.db, CUSTOMERS);
  await database.analyze({ vacuum: true });
  await database.close();
  if (!kept) return { dir: dataDir, temporary: true };
  fs.mkdirSync(path.dirname(path.resolve(kept)), { recursive: true });
  fs.cpSync(dataDir, kept, { recursive: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { dir: kept, temporary: false };
}

async function oneRun(seeded: string) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-export-memory-run-'));
  const dataDir = path.join(scratch, 'data');
  fs.cpSync(seeded, dataDir, { recursive: true });
  const isServer = (args: string[]) => args.some((arg) => arg.endsWith('server.mjs'));
  const sampler = sampleDescendantMemory(isServer);
  try {
    const run = await exportAllCustomers(dataDir);
    const { peakTogetherMb, processes } = sampler.stop();
    const others = processes.filter((p) => !isServer([p.script]));
    return { ...run, peakTogetherMb, othersPeakMb: Math.max(0, ...others.map((p) => p.peakMb)) };
  } finally {
    sampler.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export async function exportMemoryBenches(): Promise<BenchResult[]> {
  if (process.env.BENCH_DATABASE_URL) return []; // the embedded database's memory only
  const seeded = await seededDirectory();
  const runs: Awaited<ReturnType<typeof oneRun>>[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const run = await oneRun(seeded.dir);
      runs.push(run);
      console.log(
        `export memory run ${i + 1}/${RUNS}: listening after ${run.listeningSeconds.toFixed(1)} s; VmHWM start ${run.peakMb.start.toFixed(0)}, warm-up ${run.peakMb.warmUp.toFixed(0)}, CSV ${run.peakMb.csv.toFixed(0)}, XLSX ${run.peakMb.xlsx.toFixed(0)} MB; other processes' peak ${run.othersPeakMb.toFixed(0)} MB; all together at most ${run.peakTogetherMb.toFixed(0)} MB (sampled); CSV ${run.csv.seconds.toFixed(1)} s, XLSX ${run.xlsx.seconds.toFixed(1)} s`,
      );
    }
  } finally {
    if (seeded.temporary) fs.rmSync(seeded.dir, { recursive: true, force: true });
  }
  const mb = (pick: (r: (typeof runs)[number]) => number) => spread(runs.map(pick));
  const xlsx = mb((r) => r.peakMb.xlsx);
  const together = mb((r) => r.peakTogetherMb);
  const n = CUSTOMERS.toLocaleString('en');
  const what = `${RUNS} runs, min / median / max`;
  return [
    {
      name: `export of all ${n} customers (CSV, then XLSX): server peak RSS (VmHWM), ${what}`,
      measured: `start ${formatSpread(mb((r) => r.peakMb.start))}, CSV ${formatSpread(mb((r) => r.peakMb.csv))}, XLSX ${formatSpread(xlsx)} MB`,
      baseline: `${BUDGET_MB} MB budget`,
      ratio: xlsx.median / BUDGET_MB,
      goal: `≤ ${MARGIN_GOAL.toFixed(2)}`,
      met: xlsx.median <= BUDGET_MB * MARGIN_GOAL,
    },
    {
      name: `the same: the server and the processes it starts together (sampled every 20 ms), ${what}`,
      measured: `${formatSpread(together)} MB (its start-up processes alone: ${formatSpread(mb((r) => r.othersPeakMb))} MB)`,
      baseline: `${BUDGET_MB} MB budget`,
      ratio: together.median / BUDGET_MB,
      goal: `≤ ${MARGIN_GOAL.toFixed(2)}`,
      met: together.median <= BUDGET_MB * MARGIN_GOAL,
    },
  ];
}
