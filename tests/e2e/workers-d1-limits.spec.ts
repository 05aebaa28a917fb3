import { expect, test } from '@playwright/test';
import type { ContentSyncState } from '../../common/content-sync';
import { openLocalD1 } from '../support/local-d1';
import { useWorkerSite, WORKER_OWNER } from './worker-site';

/*
 * D1 binds at most 100 values a statement; libSQL allows far more, so these lists passed every
 * Node test and failed only on Workers (docs/deploy-workers.md "Notes on limits"). Both run here in
 * workerd on a local D1 database: a bulk action on 100 comments (100 ids + the status), and an open
 * build of 150 changed files listed, published and live. Also D1's 2 MB a row: a page too large for
 * one is refused at save (server/content/page-size.ts).
 */
test.describe("D1's limits on Cloudflare Workers (wrangler dev --local): 100 bound parameters, 2 MB a row", () => {
  const site = useWorkerSite('workers-d1-limits-setup-token-0123');

  test('bulk moderation of 100 comments', async ({ playwright }) => {
    test.setTimeout(120_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    await site.install(owner);
    // 100 pending comments at once: posting them would meet the comment limits, so they go into D1 directly.
    const d1 = openLocalD1(site.stateDir());
    const userId = String(
      (await d1.execute({ sql: 'SELECT id FROM users WHERE username = ?', args: [WORKER_OWNER.userName] })).rows[0]?.id,
    );
    await d1.batch(
      Array.from({ length: 100 }, (_, i) => ({
        sql: "INSERT INTO comments (locale, page_slug, user_id, body, status) VALUES ('en', 'logs/welcome-to-daftar', ?, ?, 'pending')",
        args: [userId, `comment ${i}`],
      })),
      'write',
    );
    const ids = (await d1.execute('SELECT id FROM comments ORDER BY id')).rows.map((row) => Number(row.id));
    d1.close();
    expect(ids).toHaveLength(100);

    for (const [action, counts] of [
      ['approve', { pending: 0, approved: 100, spam: 0 }],
      ['spam', { pending: 0, approved: 0, spam: 100 }],
      ['delete', { pending: 0, approved: 0, spam: 0 }],
    ] as const) {
      const response = await owner.post('/api/manage/comments/bulk', { data: { ids, action } });
      expect(response.status(), await response.text()).toBe(200);
      expect(await response.json()).toEqual({ changed: 100 });
      expect(((await (await owner.get('/api/manage/comments')).json()) as { counts: unknown }).counts).toEqual(counts);
    }
    await owner.dispose();
  });

  test('an open build of 150 files is listed, published and live', async ({ playwright }) => {
    test.setTimeout(240_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    const visitor = await playwright.request.newContext({ baseURL: site.url() });
    const login = await owner.post('/api/auth/login', {
      data: { userName: WORKER_OWNER.userName, password: WORKER_OWNER.password },
    });
    expect(login.status()).toBe(200);
    const paths = Array.from({ length: 150 }, (_, i) => `logs/bulk-${String(i).padStart(3, '0')}`);
    for (const path of paths) {
      const saved = await owner.put(`/api/pages/en/${path}`, {
        data: { frontMatter: { title: `Bulk ${path}`, date: '2026-11-26' }, body: `Page ${path}.\n` },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }

    const open = await owner.get('/api/builds/open');
    expect(open.status(), await open.text()).toBe(200);
    expect(((await open.json()) as { changes: unknown[] }).changes).toHaveLength(150);
    expect((await owner.get('/en/manage/builds')).status()).toBe(200);

    const published = await owner.post('/api/builds/publish', { data: { title: 'A hundred and fifty pages' } });
    expect([200, 202], await published.text()).toContain(published.status());
    // More than one chunk: indexed in steps, the rest after the response and by the per-minute cron.
    await expect
      .poll(
        async () => {
          const { sync } = (await (await owner.get('/api/content/sync')).json()) as { sync: ContentSyncState | null };
          expect(sync?.status).not.toBe('failed');
          if (sync?.status === 'running') await site.scheduled('* * * * *');
          return sync?.status;
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe('done');
    for (const path of [paths[0], paths[149]])
      await expect.poll(async () => (await visitor.get(`/en/${path}`)).status(), { timeout: 15_000 }).toBe(200);
    const history = (await (await owner.get('/api/builds')).json()) as {
      items: { title: string; status: string; changes: unknown[] }[];
    };
    expect(history.items[0]).toMatchObject({ title: 'A hundred and fifty pages', status: 'published' });
    expect(history.items[0]?.changes).toHaveLength(150);
    expect(site.output()).not.toContain('too many SQL variables');
    await owner.dispose();
    await visitor.dispose();
  });

  test('a page too large for a D1 row is refused at save with its message, in both languages', async ({ playwright }) => {
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    const login = await owner.post('/api/auth/login', {
      data: { userName: WORKER_OWNER.userName, password: WORKER_OWNER.password },
    });
    expect(login.status()).toBe(200);
    const prose = 'Plain words in a long page, nothing but prose here. ';
    const data = { frontMatter: { title: 'Huge' }, body: prose.repeat(Math.ceil((600 * 1024) / prose.length)) };
    for (const [locale, message] of [
      [
        'en',
        'This page is too large to save: 600.1 KB of Markdown, and a page may have at most 512 KB. Split it into several pages',
      ],
      [
        'fa',
        'این صفحه برای ذخیره بیش از اندازه بزرگ است: 600.1 KB مارک‌داون دارد و هر صفحه حداکثر 512 KB می‌تواند داشته باشد. آن را به چند صفحه بخش کنید',
      ],
    ]) {
      const refused = await owner.put('/api/pages/en/logs/huge', { data, headers: { 'x-locale': locale! } });
      expect(refused.status()).toBe(413);
      expect(((await refused.json()) as { message: string }).message).toBe(message);
    }
    await owner.dispose();
  });
});
