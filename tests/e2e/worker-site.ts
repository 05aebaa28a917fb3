import { existsSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type GithubStandIn, startGithubStandIn } from '../support/github-stand-in';
import { startWrangler } from '../support/wrangler';

/** The owner every Workers spec installs. */
export const WORKER_OWNER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  about: 'Writes',
  userName: 'ada',
  password: 'correct horse battery staple',
};

/**
 * One Worker under `wrangler dev --local` (workerd, a local D1) with the sample content in the
 * GitHub stand-in, for the calling `describe` block: started before its tests, stopped after,
 * its output attached to a failing test. `install` runs the installer's steps and signs the
 * given request context in as the owner.
 */
export function useWorkerSite(setupToken: string, options: { ports?: [number, number] } = {}) {
  let github: GithubStandIn;
  let worker: Awaited<ReturnType<typeof startWrangler>>;
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    if (!existsSync('build/server/index.js')) throw new Error('No build: run `npm run build` first.');
    github = await startGithubStandIn();
    worker = await startWrangler({ SETUP_TOKEN: setupToken, ...github.env }, options);
  });

  test.afterAll(async () => {
    await worker?.stop();
    await github?.close();
  });

  // biome-ignore lint/correctness/noEmptyPattern: Playwright's hook signature.
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('wrangler dev output', { body: worker?.output() ?? '', contentType: 'text/plain' });
  });

  return {
    url: () => worker.url,
    /** The GitHub stand-in holding the site's content (push commits to it, make it fail). */
    github: () => github,
    /** What wrangler dev printed so far (the worker's logs). */
    output: () => worker.output(),
    /** wrangler dev's `--persist-to` folder: its local D1 file (tests/support/local-d1.ts). */
    stateDir: () => worker.stateDir,
    /** Runs the Worker's cron handler for `cron` now, as Cloudflare would on its schedule. */
    async scheduled(cron: string) {
      const response = await fetch(`${worker.url}/__scheduled?cron=${encodeURIComponent(cron)}`);
      expect(response.status, await response.text()).toBe(200);
    },
    async install(owner: APIRequestContext) {
      const headers = { 'x-setup-token': setupToken };
      for (const step of ['migrations-run', 'database-loading']) {
        const response = await owner.post(`/api/install/${step}`, { headers });
        expect(response.status(), await response.text()).toBe(200);
      }
      expect((await owner.post('/api/install/admin-loading', { headers, data: WORKER_OWNER })).status()).toBe(200);
      const login = await owner.post('/api/auth/login', {
        data: { userName: WORKER_OWNER.userName, password: WORKER_OWNER.password },
      });
      expect(login.status()).toBe(200);
    },
  };
}
