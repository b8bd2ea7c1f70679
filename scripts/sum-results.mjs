// Sums the JSON reports of every suite (vitest and Playwright) into one closing line:
// `N passed, N failed` (plus `, N skipped`). Exits 1 when anything failed or no test ran.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
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
    if (report.numTotalTests === 0 || (report.success === false && report.numFailedTests === 0))
      failed += Math.max(1, report.numFailedTestSuites ?? 0);
  } else if (report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  }
}
const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
console.log(line);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
