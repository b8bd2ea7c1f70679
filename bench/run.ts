/**
 * `npm run bench`: each figure is a ratio against a baseline measured in the same run, so the
 * numbers compare on any machine. Results are printed and written to docs/PERFORMANCE.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bytesBenches } from './bytes';
import { customerBenches } from './customer-list';
import { durabilityBenches } from './durability';
import { einvoiceBenches } from './einvoice';
import { exportMemoryBenches } from './export-memory';
import { fieldPhoneBenches } from './field-phone';
import { fieldSyncBenches } from './field-sync';
import { firstLoadBenches } from './first-load';
import { firstStartBenches } from './first-start';
import type { BenchResult } from './harness';
import { instructionBenches } from './instructions';
import { loadBenches } from './load';
import { notificationBenches } from './notifications';
import { orderBenches } from './orders';
import { peerBenches } from './peer';
import { receivableBenches } from './receivables';
import { scaleBenches } from './scale';
import { scaleOutBenches } from './scale-out';
import { statementPdfBenches } from './statement-pdf';
import { userListBench } from './user-list';
import { visitBenches } from './visits';

/**
 * Lighthouse and its browser drivers are the benches' own tools (bench/lighthouse/package.json):
 * installed from their lock file the first time this bench runs, never by the project's `npm ci`.
 */
async function lighthouseBenches() {
  const dir = path.resolve(import.meta.dirname, 'lighthouse');
  if (!fs.existsSync(path.join(dir, 'node_modules/lighthouse'))) {
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0) throw new Error('could not install the lighthouse bench tools');
  }
  // A path the root type check does not follow: those tools' types come with them
  // (`npx tsc -p bench/lighthouse` once installed).
  const entry = './lighthouse/lighthouse.ts';
  const { lighthouseBenches: run } = (await import(entry)) as {
    lighthouseBenches: () => Promise<BenchResult[]>;
  };
  return run();
}

// One at a time: each bench owns the machine while it runs.
const only = process.env.BENCH_ONLY;
const suites: [string, () => Promise<Awaited<ReturnType<typeof orderBenches>>>][] = [
  ['user', userListBench],
  ['customer', customerBenches],
  ['instructions', instructionBenches],
  ['order', orderBenches],
  ['notification', notificationBenches],
  ['load', loadBenches],
  ['lighthouse', lighthouseBenches],
  ['first-load', firstLoadBenches],
  ['first-start', firstStartBenches],
  ['export-memory', exportMemoryBenches],
  ['durability', durabilityBenches],
  ['einvoice', einvoiceBenches],
  ['receivables', receivableBenches],
  ['statement-pdf', statementPdfBenches],
  ['visits', visitBenches],
  ['field-sync', fieldSyncBenches],
  ['field-phone', fieldPhoneBenches],
  ['scale', scaleBenches],
  ['bytes', bytesBenches],
  ['peer', peerBenches],
  ['scale-out', scaleOutBenches],
];
const results = [];
// Run only when asked for by name: `scale` seeds a million customers and orders on PostgreSQL;
// `instructions` runs the servers under valgrind (tens of minutes).
const askedOnly = new Set(['scale', 'instructions']);
const selected = (name: string) => (only ? only.split(',').includes(name) : !askedOnly.has(name));
for (const [name, run] of suites) if (selected(name)) results.push(...(await run()));

const lines = results.map(
  (r) =>
    `| ${r.name} | ${r.measured} | ${r.baseline} | **${r.ratio.toFixed(2)}** | ${r.goal} | ${r.met ? 'met' : 'NOT met'} |`,
);
const table = [
  '| benchmark | measured | baseline | ratio | goal | result |',
  '|---|---|---|---|---|---|',
  ...lines,
].join('\n');
console.log(`\n${table}\n`);

const docPath = path.resolve(import.meta.dirname, '../docs/PERFORMANCE.md');
if (!only && fs.existsSync(docPath)) {
  const doc = fs.readFileSync(docPath, 'utf8');
  const marker = /<!-- bench:start -->[\s\S]*<!-- bench:end -->/;
  const stamp = `Last run: ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}.`;
  const block = `<!-- bench:start -->\n${stamp}\n\n${table}\n<!-- bench:end -->`;
  if (marker.test(doc)) fs.writeFileSync(docPath, doc.replace(marker, block));
}
