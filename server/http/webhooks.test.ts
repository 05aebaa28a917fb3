import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '../../common/site-settings';
import { json } from '../../tests/support/config';
import { commitFiles } from '../../tests/support/content-repo';
import { createInstalledSite } from '../../tests/support/site';
import { getContentPage } from '../services/content';
import { createSyncCoalescer, githubSignature } from '../services/github-webhook';

const SECRET = 'a-webhook-secret-0123456789';

/** A delivery shaped like GitHub's: JSON body, event name, HMAC-SHA256 signature header. */
async function deliver(
  app: Awaited<ReturnType<typeof createInstalledSite>>['app'],
  event: string,
  payload: unknown,
  sign: string | null = SECRET,
) {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': crypto.randomUUID(),
    'user-agent': 'GitHub-Hookshot/abc123',
  };
  if (sign !== null) headers['x-hub-signature-256'] = await githubSignature(sign, body);
  return app.request('/api/webhooks/github', { method: 'POST', headers, body });
}

const push = (branch = 'main') => ({
  ref: `refs/heads/${branch}`,
  before: '0'.repeat(40),
  after: 'f'.repeat(40),
  repository: { full_name: 'owner/content' },
  commits: [{ id: 'f'.repeat(40), message: 'New page' }],
});

const newPage = { 'content/en/logs/from-github.md': '---\ntitle: "From GitHub"\ndate: 2026-05-01\n---\n\nPushed.\n' };

describe('POST /api/webhooks/github', () => {
  it('re-indexes on a signed push to the content branch', async () => {
    const { app, deps } = await createInstalledSite({ GITHUB_WEBHOOK_SECRET: SECRET });
    commitFiles(deps.contentRepository!.location, newPage, 'A page pushed to the content branch');
    expect(await getContentPage(deps.db, 'en', 'logs/from-github', defaultSiteSettings)).toBeUndefined();

    const response = await deliver(app, 'push', push());
    expect(response.status).toBe(202);
    expect(await json(response)).toEqual({ event: 'push', syncing: true });
    await expect
      .poll(async () => (await getContentPage(deps.db, 'en', 'logs/from-github', defaultSiteSettings))?.title)
      .toBe('From GitHub');
  });

  it('ignores a replayed delivery for 24 hours, with the same or a new delivery id (F-28)', async () => {
    const { app, deps } = await createInstalledSite({ GITHUB_WEBHOOK_SECRET: SECRET });
    const body = JSON.stringify(push());
    const send = async (delivery: string) =>
      app.request('/api/webhooks/github', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'push',
          'x-github-delivery': delivery,
          'x-hub-signature-256': await githubSignature(SECRET, body),
        },
        body,
      });
    expect(await json(await send('d-1'))).toEqual({ event: 'push', syncing: true });
    commitFiles(deps.contentRepository!.location, newPage, 'Pushed after the first delivery');
    expect(await json(await send('d-1'))).toEqual({ event: 'push', syncing: false, duplicate: true });
    expect(await json(await send('d-2'))).toEqual({ event: 'push', syncing: false, duplicate: true });
    // A different push (another body) is a new delivery.
    const other = await deliver(app, 'push', { ...push(), after: 'e'.repeat(40) });
    expect(await json(other)).toEqual({ event: 'push', syncing: true });
  });

  it.each([
    ['no signature', null, 'push'],
    ['a signature made with another secret', 'not-the-webhook-secret-000', 'push'],
  ])('refuses a delivery with %s (401) and syncs nothing', async (_case, sign, event) => {
    const { app, deps } = await createInstalledSite({ GITHUB_WEBHOOK_SECRET: SECRET });
    commitFiles(deps.contentRepository!.location, newPage);
    const response = await deliver(app, event, push(), sign);
    expect(response.status).toBe(401);
    expect((await json(response)).message).toBe('The webhook signature is missing or wrong');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await getContentPage(deps.db, 'en', 'logs/from-github', defaultSiteSettings)).toBeUndefined();
  });

  it('refuses a body changed after signing', async () => {
    const { app } = await createInstalledSite({ GITHUB_WEBHOOK_SECRET: SECRET });
    const signature = await githubSignature(SECRET, JSON.stringify(push()));
    const response = await app.request('/api/webhooks/github', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature },
      body: JSON.stringify(push('evil')),
    });
    expect(response.status).toBe(401);
  });

  it('acknowledges other events and other branches without syncing (202)', async () => {
    const { app } = await createInstalledSite({ GITHUB_WEBHOOK_SECRET: SECRET });
    for (const [event, payload] of [
      ['ping', { zen: 'Keep it logically awesome.', hook_id: 1 }],
      ['issues', { action: 'opened' }],
      ['push', push('feature/x')],
    ] as const) {
      const response = await deliver(app, event, payload);
      expect(response.status, event).toBe(202);
      expect((await json(response)).syncing, event).toBe(false);
    }
  });

  it('is not there (404) while no secret is configured', async () => {
    const { app } = await createInstalledSite();
    const response = await deliver(app, 'push', push());
    expect(response.status).toBe(404);
  });
});

describe('a burst of pushes', () => {
  it('coalesces into one sync while one runs, plus one after it', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const coalescer = createSyncCoalescer(async () => {
      runs += 1;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = coalescer.request();
    const burst = Array.from({ length: 10 }, () => coalescer.request());
    release();
    await Promise.all([first, ...burst]);
    expect(runs).toBe(2);
    // Later, a new push starts a new sync.
    await coalescer.request();
    expect(runs).toBe(3);
  });
});
