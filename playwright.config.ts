import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium against the real built server (tests/support/server.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs reads the JSON report for the summary line.
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-gpu',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    trace: 'off',
  },
});
