import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the real server (SQLite in a fresh data folder) serving the built web
 * client, driven in Debian's Chromium. `npm run test:e2e` builds the client first.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
// E2E_PORT lets two runs share a machine (say, a developer's and a helper's).
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = path.join(here, '.artifacts', `data-${String(port)}`);
// The e-mail sink's ports, apart from every E2E_PORT's (8181 → 8281 and 8381).
const smtpPort = port + 100;
const smtpSinkHttpPort = port + 200;
// Workers load this file too, after the server has started: only the runner may clear it.
if (process.env.TEST_WORKER_INDEX === undefined) fs.rmSync(dataDir, { recursive: true, force: true });

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A stray test.only would quietly skip every other test in CI.
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: path.join(root, '.tmp', 'playwright.json') }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // A real SMTP server the app sends e-mail shares to (issue #15); journeys read what
      // arrived at http://127.0.0.1:<SMTP_SINK_HTTP_PORT>/messages.
      command: `node apps/server/src/mail/smtp-sink.test-support.ts ${String(smtpPort)} ${String(smtpSinkHttpPort)}`,
      cwd: root,
      url: `http://127.0.0.1:${String(smtpSinkHttpPort)}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node apps/server/src/main.ts serve',
      cwd: root,
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${String(smtpPort)}`,
        MAIL_FROM: 'Trove <no-reply@trove.test>',
        // Every journey signs up from 127.0.0.1.
        SIGN_UPS_PER_HOUR: '1000',
        // Account deletion's job starts at once: the journey sees it end (issue #24).
        ACCOUNT_DELETION_GRACE_DAYS: '0',
        // The test-only calls of spec 001 §7 (the payment sandbox's clock, deleting its test
        // data): the plan journeys move a month and renew (issue #25).
        TEST_ROUTES: '1',
        BILLING: 'sandbox',
      },
    },
  ],
});
