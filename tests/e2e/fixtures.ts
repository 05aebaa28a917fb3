import { test as base, expect, type Page } from '@playwright/test';
import { type RunningServer, startServer } from '../support/server';

/** `site`: one built server with its own fresh data folder per worker. */
export const test = base.extend<object, { site: RunningServer }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** Saves a full-page screenshot for review when SCREENSHOTS=1 (test-results/screens/…). */
export async function snap(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
