import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { limit, slowdown } from './e2e/support/slowdown';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = `/tmp/idara-e2e-${PORT}`;
const BACKUP_DIR = `${DATA_DIR}-backups`;
/** The fake Graph API (e2e/support/fake-graph.mjs) the app sends WhatsApp messages to. */
const FAKE_GRAPH_PORT = PORT + 1000;
/** The fake FATOORA gateway (apps/api/src/test/fake-fatoora.ts) e-invoicing talks to. */
const FAKE_FATOORA_PORT = PORT + 1100;
const reportDir = process.env.IDARA_REPORT_DIR;
const serveCommand: string = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.serve;
// Workers read this config too: the runner says it once.
if (process.env.TEST_WORKER_INDEX === undefined)
  console.log(`limits stretched ×${slowdown} for this machine`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: limit(45_000),
  expect: { timeout: limit(10_000) },
  reporter: reportDir
    ? [['list'], ['json', { outputFile: path.join(reportDir, 'playwright.json') }]]
    : [['list']],
  projects: [
    // A fresh installation has no seller data: the office fills it in first (seller.setup.ts).
    { name: 'seller', testMatch: /seller\.setup\.ts/ },
    {
      name: 'screens',
      testIgnore: /(notifications|einvoicing|maintenance)\.spec\.ts/,
      dependencies: ['seller'],
    },
    // Notifications count what reaches one user; every other spec's customers, orders and payments
    // notify users too, so this spec runs after them, alone.
    { name: 'notifications', testMatch: /notifications\.spec\.ts/, dependencies: ['screens'] },
    // Connecting to FATOORA changes every document issued after it (pending, then reported), which
    // the other specs expect not connected: this one runs last (alone: `--project fatoora --no-deps`).
    { name: 'fatoora', testMatch: /einvoicing\.spec\.ts/, dependencies: ['notifications'] },
    // Maintenance mode refuses every other user while on: alone, after everything else.
    { name: 'maintenance', testMatch: /maintenance\.spec\.ts/, dependencies: ['fatoora'] },
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    locale: 'ar-SA',
    timezoneId: 'Asia/Riyadh',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'off',
    // A click whose element never comes fails as itself, not as the whole test's timeout.
    actionTimeout: limit(20_000),
    // The offline shell's worker precaches every script after load, which would change what the
    // first-load and budget specs count; the offline spec allows it (e2e/technician-offline.spec.ts).
    serviceWorkers: 'block',
  },
  webServer: [
    {
      command: 'node e2e/support/fake-graph.mjs',
      url: `http://127.0.0.1:${FAKE_GRAPH_PORT}/health`,
      reuseExistingServer: false,
      timeout: limit(60_000),
      env: { FAKE_GRAPH_PORT: String(FAKE_GRAPH_PORT) },
    },
    {
      command: 'node --import tsx e2e/support/fake-fatoora.ts',
      url: `http://127.0.0.1:${FAKE_FATOORA_PORT}/health`,
      reuseExistingServer: false,
      timeout: limit(60_000),
      env: { FAKE_FATOORA_PORT: String(FAKE_FATOORA_PORT) },
    },
    {
      // A fresh embedded database each run, on the built app, started the way `npm start` does.
      command: `rm -rf ${DATA_DIR} ${BACKUP_DIR} && ${serveCommand}`,
      url: `http://localhost:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: limit(120_000),
      env: {
        PORT: String(PORT),
        DATA_DIR,
        BACKUP_DIR,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        ZATCA_API_URL: `http://127.0.0.1:${FAKE_FATOORA_PORT}`,
        // WhatsApp goes to the fake Graph API; the webhook is signed with this secret.
        WHATSAPP_TOKEN: 'e2e-token',
        WHATSAPP_PHONE_NUMBER_ID: 'e2e-phone',
        WHATSAPP_API_URL: `http://127.0.0.1:${FAKE_GRAPH_PORT}/v21.0`,
        WHATSAPP_APP_SECRET: 'e2e-secret',
        WHATSAPP_VERIFY_TOKEN: 'e2e-verify',
      },
    },
  ],
});
