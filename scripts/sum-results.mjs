// Sums the JSON reports of every suite (vitest and Playwright) into one closing line:
// `N passed, N failed` (plus `, N skipped`). Exits 1 when anything failed or no test ran.
// Above that line it names every failure, so a CI log cut to its tail still says what broke.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((l) => l.trim()) ?? '';

function playwrightFailures(suite, trail) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected') continue;
      const result = (t.results ?? []).at(-1);
      failures.push(`${[...trail, spec.title].join(' › ')}: ${firstLine(result?.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...trail, child.title]);
}

const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  if ('numPassedTests' in report) {
    // vitest (jest-compatible JSON)
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A file that failed without a failing test (it did not load) still counts, once per suite;
    // otherwise failed suites are the describe blocks around the failed tests, already counted.
    if (report.numTotalTests === 0 || (report.success === false && report.numFailedTests === 0)) {
      failed += Math.max(1, report.numFailedTestSuites ?? 0);
      failures.push(
        `${file}: the run failed outside any test (an unhandled error or a file that did not load)`,
      );
    }
    for (const result of report.testResults ?? []) {
      const name = path.relative(process.cwd(), result.name ?? '');
      const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failedTests)
        failures.push(`${name} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
      if (result.status === 'failed' && failedTests.length === 0)
        failures.push(`${name}: ${firstLine(result.message)}`);
    }
  } else if ('check' in report) {
    // typecheck or lint, written by .ci/run: one pass or one failure each
    if (report.ok) passed += 1;
    else {
      failed += 1;
      failures.push(`${report.check}: the check failed (its output is above)`);
    }
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, [suite.title]);
  }
}
for (const f of failures) console.log(`FAILED ${file(f)}`);
const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
console.log(line);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

function file(text) {
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
