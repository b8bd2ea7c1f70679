import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report per run so one closing line can sum every suite.
const reportDir = process.env.IDARA_REPORT_DIR;
const reporters = reportDir ? ['default', 'json'] : ['default'];
const outputFile = reportDir
  ? { json: path.join(reportDir, `vitest-${process.env.IDARA_REPORT_NAME ?? 'unit'}.json`) }
  : undefined;

export default defineConfig({
  test: {
    // One test file per core, not Vitest's cores − 1: an API test spends much of its time waiting on
    // a database worker thread, a PostgreSQL backend or a child server, so two files share two cores
    // well (the PostgreSQL suite on 2 cores: 448 → 258 s).
    maxWorkers: os.availableParallelism(),
    reporters,
    outputFile,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          // The web's stores and models; the notification and export stores talk to a real API
          // (apps/api's test harness) listening on a local port, hence the API's timeouts.
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
