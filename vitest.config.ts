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
