/**
 * The embedded database's durability setting and what it costs (issue 8; docs/SECURITY.md).
 * The same write command — a transaction with a record and its activity row, as every mutation is
 * — run N times on a file-backed PGlite with the setting Idara uses (PGlite's default), with
 * `relaxedDurability: true`, and with PostgreSQL's own flushing turned off
 * (`fsync=off, synchronous_commit=off`), each on a fresh data directory in the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { BenchResult } from './harness';

const WRITES = Number(process.env.BENCH_DURABILITY_WRITES ?? 3000);

async function writesPerSecond(options: PGliteOptions): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idara-durability-'));
  const db = await PGlite.create(dir, {
    postgresqlconf: ['shared_buffers=16MB'],
    ...options,
  } as PGliteOptions);
  try {
    await db.exec(`
      create table record (id serial primary key, name text not null, created_at timestamptz default now());
      create table activity (id serial primary key, record_id int not null, action text not null);`);
    const write = (i: number) =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          'insert into record (name) values ($1) returning id',
          [`عميل ${i}`],
        );
        await tx.query('insert into activity (record_id, action) values ($1, $2)', [rows[0].id, 'create']);
      });
    for (let i = 0; i < 200; i++) await write(i); // warm-up
    const started = process.hrtime.bigint();
    for (let i = 0; i < WRITES; i++) await write(i);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return WRITES / seconds;
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function durabilityBenches(): Promise<BenchResult[]> {
  // Alternate the runs so drift on a busy machine falls on all three alike.
  const sums = { chosen: 0, relaxed: 0, noFsync: 0 };
  for (let round = 0; round < 3; round++) {
    sums.chosen += await writesPerSecond({});
    sums.relaxed += await writesPerSecond({ relaxedDurability: true });
    sums.noFsync += await writesPerSecond({
      postgresqlconf: ['shared_buffers=16MB', 'fsync=off', 'synchronous_commit=off'],
    } as PGliteOptions);
  }
  const chosen = sums.chosen / 3;
  const relaxed = sums.relaxed / 3;
  const noFsync = sums.noFsync / 3;
  const row = (name: string, other: number): BenchResult => ({
    name: `embedded writes (transaction + activity row), PGlite default vs ${name}`,
    measured: `${Math.round(chosen)} writes/s`,
    baseline: `${Math.round(other)} writes/s`,
    ratio: chosen / other,
    goal: '≥ 0.80',
    met: chosen / other >= 0.8,
  });
  return [row('relaxedDurability', relaxed), row('fsync=off, synchronous_commit=off', noFsync)];
}
