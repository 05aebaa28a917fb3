import { defineConfig } from 'vitest/config';

// Unit, service and API tests: real SQLite files, the real Hono app, no browser.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['{app,common,server,platforms,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // One installed site per run, copied per test (tests/support/site.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    // zod's messages as the app sets them (server/app.ts and the browser entry import this too).
    setupFiles: ['common/zod-messages.ts', 'tests/support/fail-on-console-error.ts', 'tests/support/cleanup.ts'],
    // Sized for a loaded 2-core machine (CI's kind, with other work beside it): a passing test does
    // not wait for them, and a hung one still fails in seconds, not minutes.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files share each worker's module graph: importing the app once per worker, not once per
    // file, halves the run. So no module-level state a test could leak into another file.
    isolate: false,
    // One worker per core (Vitest leaves one core free): the tests mostly wait on SQLite, git and
    // child processes, so on 2 cores a second worker cuts the run by a third.
    maxWorkers: '100%',
  },
});
