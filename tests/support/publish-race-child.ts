/*
 * One of two processes publishing the same site at once (server/services/publish-race.test.ts): the
 * app over a test site's data folder (its own database connection and repository, as a second server
 * process has them): `publish-race-child.ts DIR COOKIE LOCALE`. Prints `ready` once warmed up, then
 * takes lines on stdin:
 *   `publish`        sends POST /api/builds/publish and prints `result {status, body}`;
 *   `publish-pause`  the same, but stops right after its git commit (prints `paused`) until `resume`.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createNodeDatabase } from '../../platforms/node/database';
import { createApp } from '../../server/app';
import type { ContentRepository } from '../../server/content/repository';
import { testDeps } from './deps';

const [dir, cookie, locale] = process.argv.slice(2) as [string, string, string];
const { db } = await createNodeDatabase(`file:${path.join(dir, 'test.db')}`);
const { deps } = testDeps(db, dir, { installed: true });
const repository = deps.contentRepository!;
let pauseNext = false;
let resume: (() => void) | undefined;
const pausing: ContentRepository = {
  ...repository,
  async commit(...args) {
    const sha = await repository.commit(...args);
    if (pauseNext) {
      pauseNext = false;
      process.stdout.write('paused\n');
      await new Promise<void>((done) => {
        resume = done;
      });
    }
    return sha;
  },
};
const app = createApp({ ...deps, contentRepository: pausing });
const request = async (method: string, url: string) =>
  app.request(url, { method, headers: { cookie, 'x-locale': locale, 'content-type': 'application/json' } });

// Warm up (modules, the repository, the database), so both processes start a publish equally ready.
await request('GET', '/api/builds/open');
process.stdout.write('ready\n');

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'resume') resume?.();
  else if (line === 'publish' || line === 'publish-pause') {
    pauseNext = line === 'publish-pause';
    void request('POST', '/api/builds/publish').then(async (response) => {
      process.stdout.write(`result ${JSON.stringify({ status: response.status, body: await response.json() })}\n`);
    });
  }
}
