import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// CI asks for a JSON report per run so one closing line can sum every suite.
const reportDir = process.env.IDARA_REPORT_DIR;
const reporters = reportDir ? ['default', 'json'] : ['default'];
const outputFile = reportDir
  ? { json: path.join(reportDir, `vitest-${process.env.IDARA_REPORT_NAME ?? 'unit'}.json`) }
  : undefined;

// The database suite (`npm run test:db`, TEST_DATABASE_URL set) runs the API's files again on
// PostgreSQL. These files never reach the database engine, or test only the embedded one or what
// does not depend on the engine (PDF rendering, address parsing): the embedded suite runs them once.
const engineIndependent = [
  'apps/api/src/db/pglite-drizzle-contract.test.ts',
  'apps/api/src/db/pglite-template.test.ts',
  'apps/api/src/db/pglite-worker-client.test.ts',
  'apps/api/src/main.test.ts',
  'apps/api/src/http/export.test.ts',
  'apps/api/src/http/pdf.test.ts',
  'apps/api/src/http/pdf-text.test.ts',
  'apps/api/src/http/static.test.ts',
  'apps/api/src/http/work-queue.test.ts',
  'apps/api/src/lib/events.test.ts',
  'apps/api/src/runtime-flags.test.ts',
  'apps/api/src/security/client-address.test.ts',
  'apps/api/src/zatca/zatca.test.ts',
];

// The API's and the web's files share one seeded database per run (apps/api/src/test/seeded-database.ts)
// and, per worker, one module graph (`isolate: false`): importing the app costs more than most files' tests.
const apiLike = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  isolate: false,
  globalSetup: ['apps/api/src/test/seeded-database.ts'],
};

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
          // Property tests run hundreds of cases; on a slow shared core that takes more than 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? engineIndependent : [])],
          ...apiLike,
        },
      },
      {
        test: {
          // The web's stores and models; the notification and export stores talk to a real API
          // (apps/api's test harness) listening on a local port, hence the API's timeouts.
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          ...apiLike,
        },
      },
    ],
  },
});
