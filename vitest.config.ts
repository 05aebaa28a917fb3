import { defineConfig } from 'vitest/config';

// Unit, service and API tests: real SQLite files, the real Hono app, no browser.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['{app,common,server,platforms,scripts,tests}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    testTimeout: 20_000,
  },
});
