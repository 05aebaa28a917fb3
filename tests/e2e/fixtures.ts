import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { ACCOUNTS, createSessionCookie, type Role, startInstalledServer } from '../support/install';
import { type RunningServer, startServer } from '../support/server';

type TestFixtures = {
  /** An installed site of this test's own, for a test that changes what others would see. */
  freshSite: RunningServer;
  /**
   * Signs the browser in as the owner, editor or member of `installedSite` (or of `site`): a
   * session written into the site's database and its cookie set on the context, no login form.
   */
  login: (role: Role, site?: RunningServer) => Promise<(typeof ACCOUNTS)[Role]>;
  /** Fails the test on an uncaught page error or a console.error in any of its browser contexts. */
  failOnBrowserErrors: undefined;
};
type WorkerFixtures = {
  /** A built server on a fresh, not yet installed data folder, one per worker. */
  site: RunningServer;
  /** A built server installed with an owner, an editor and a member (tests/support/install.ts), one per worker. */
  installedSite: RunningServer;
};

/**
 * Chromium reports every non-2xx response as a console error; tests assert statuses themselves,
 * so only the application's own errors count.
 */
const isNetworkStatus = (text: string) => text.startsWith('Failed to load resource:');

export const test = base.extend<TestFixtures, WorkerFixtures>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  installedSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      const server = await startInstalledServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  freshSite: async ({ browser }, use) => {
    const server = await startInstalledServer();
    test.info().annotations.push({ type: 'site', description: server.url });
    await use(server);
    // Pages close before their server stops: a request still in flight (React Router's route
    // discovery after the last navigation) would otherwise fail as a browser error.
    await Promise.all(browser.contexts().map((context) => context.close()));
    await server.stop();
    // A failure's server side (a 500's stack) goes into the report.
    if (test.info().status !== test.info().expectedStatus) await test.info().attach('server output', { body: server.output() });
  },
  login: async ({ context, installedSite }, use) => {
    await use(async (role, site = installedSite) => {
      const cookie = await createSessionCookie(site, role);
      await context.addCookies([{ ...cookie, url: site.url, httpOnly: true, sameSite: 'Lax' }]);
      return ACCOUNTS[role];
    });
  },
  failOnBrowserErrors: [
    async ({ browser }, use) => {
      const errors: string[] = [];
      const watch = (context: BrowserContext) => {
        context.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`));
        context.on('console', (message) => {
          if (message.type() === 'error' && !isNetworkStatus(message.text())) errors.push(`console.error: ${message.text()}`);
        });
      };
      browser.on('context', watch);
      await use(undefined);
      browser.off('context', watch);
      expect(errors, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Shows the page in a colour scheme and waits until it has arrived: the `dark` class is set by a
 * media listener after the emulation, and the colours then change with a CSS transition. Checking
 * contrast before both have happened measures a colour half-way.
 */
export async function showColorScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  // A cancelled animation (a dialog closed mid-way) rejects its `finished`: settled is enough.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.allSettled(document.getAnimations().map((animation) => animation.finished));
  });
}

/** Saves a full-page screenshot for review when SCREENSHOTS=1 (test-results/screens/…). */
export async function snap(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
