import { defineConfig } from 'vitest/config';

/*
 * Unit, service and API tests: real SQLite files, the real Hono app, no browser. Two projects
 * (issue 41 §6): `fast` — what a change is checked against while writing (`npm run test:fast`, a few
 * minutes) — and `slow`, which runs after it: real server processes and kill -9, git and GitHub
 * fakes at volume, big sites for query plans and memory, real-time windows. A file belongs in
 * SLOW when it takes over ~20 s on an idle 2-core machine; `npm test` runs both.
 */
export const SLOW = [
  'platforms/node/backup-load.test.ts',
  'platforms/node/cli-sync-refusal.test.ts',
  'platforms/node/database-guard.test.ts',
  'platforms/node/git-objects.test.ts',
  'platforms/node/render-pool.test.ts',
  'server/auth/rate-limit.test.ts',
  'server/content/github-repository.test.ts',
  'server/content/page-size.test.ts',
  'server/http/builds.test.ts',
  'server/http/install.test.ts',
  'server/http/media-variants.test.ts',
  'server/http/webhooks.test.ts',
  'server/jobs/jobs.test.ts',
  'server/services/builds-stepped.test.ts',
  'server/services/builds.test.ts',
  'server/services/content-sync-chunks.test.ts',
  'server/services/content-sync-github.test.ts',
  'server/services/content-sync-memory.test.ts',
  'server/services/content-sync-runner.test.ts',
  'server/services/publish-race.test.ts',
  'server/services/site-import-real.test.ts',
  'server/services/site-import.test.ts',
  'tests/integration/query-plans.test.ts',
  'tests/integration/statement-count.test.ts',
  'tests/integration/structured-data.test.ts',
  'tests/integration/members-doors.test.ts',
];
const ALL = ['{app,common,server,platforms,scripts,tests}/**/*.test.{ts,tsx}'];
const NEVER = ['tests/e2e/**', 'node_modules/**'];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
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
    projects: [
      { extends: true, test: { name: 'fast', include: ALL, exclude: [...NEVER, ...SLOW], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'slow', include: SLOW, exclude: NEVER, sequence: { groupOrder: 1 } } },
    ],
  },
});
