import { expect, test } from '@playwright/test';
import type { ContentSyncState } from '../../common/content-sync';
import { useWorkerSite, WORKER_OWNER } from './worker-site';

/*
 * A big re-index on the Workers target (docs/decisions/0009-workers-chunked-sync.md): a push of a
 * few thousand pages to the GitHub stand-in is indexed in steps of 100 pages — the request's first
 * step, its `waitUntil`, then the per-minute cron (driven here through /__scheduled) — while readers
 * keep the old index; a step that fails (GitHub answering 500) stops it with its reason, and Retry
 * carries it on from the staged pages to the switch.
 */

const PAGES = 2000;
const words = {
  en: 'the quick index of a bilingual site reads every page once and writes it in chunks while readers wait for nothing'.split(
    ' ',
  ),
  fa: 'نمایه سایت دو زبانه هر صفحه را یک بار می خواند و تکه تکه می نویسد و خوانندگان منتظر هیچ چیز نمی مانند'.split(' '),
};
/** About 200 words with a heading, a list and a link: small enough to push fast, real enough to render. */
function generatedPage(i: number, locale: 'fa' | 'en') {
  const list = words[locale];
  const text = (n: number, seed: number) => Array.from({ length: n }, (_, k) => list[(seed * 7 + k * 3) % list.length]).join(' ');
  return [
    '---',
    `title: "${locale === 'en' ? 'Generated' : 'ساخته‌شده'} ${i}"`,
    `date: 2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    '---',
    '',
    `## ${text(4, i)}`,
    '',
    `${text(80, i)} [link](/${locale}/logs/gen-${(i + 1) % 100}).`,
    '',
    `- ${text(10, i + 1)}`,
    `- ${text(10, i + 2)}`,
    '',
    text(90, i + 3),
    '',
  ].join('\n');
}

test.describe('a big re-index on Cloudflare Workers (wrangler dev --local, D1, GitHub stand-in)', () => {
  const site = useWorkerSite('workers-sync-setup-token-0123456789', { ports: [4610, 4611] });

  test('runs in steps while readers keep the old index; a failed step stops it, Retry finishes it', async ({
    playwright,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    const visitor = await playwright.request.newContext({ baseURL: site.url() });
    await site.install(owner);

    const files: Record<string, string> = {
      'content/en/about.md': '---\ntitle: "About, re-indexed"\n---\n\nChanged in the big push.\n',
    };
    for (let i = 0; i < PAGES / 2; i++) {
      files[`content/en/logs/gen-${i}.md`] = generatedPage(i, 'en');
      files[`content/fa/logs/gen-${i}.md`] = generatedPage(i, 'fa');
    }
    await site.github().push(files, `${PAGES} generated pages`);

    const progress = async () => {
      const response = await owner.get('/api/content/sync');
      expect(response.status()).toBe(200);
      return ((await response.json()) as { sync: ContentSyncState }).sync;
    };
    /** What an anonymous reader is served: the old about page, and no generated page. */
    const oldIndexServed = async () => {
      expect(await (await visitor.get('/en/about')).text()).toContain('About Daftar');
      expect((await visitor.get('/en/logs/gen-7')).status()).toBe(404);
      expect((await visitor.get(`/api/search?locale=fa&q=${encodeURIComponent('ساخته‌شده')}`)).ok()).toBe(true);
    };

    // The request runs the first step (100 pages) and answers 202; its waitUntil carries on.
    const started = await owner.post('/api/content/sync');
    expect(started.status(), await started.text()).toBe(202);
    const first = ((await started.json()) as { sync: ContentSyncState }).sync;
    expect(first).toMatchObject({ status: 'running', done: 100, total: PAGES + 1, error: null });
    await oldIndexServed();

    // Progress advances step by step (polled as the builds screen does); readers see the old index.
    const seen = [first.done];
    await expect
      .poll(
        async () => {
          const sync = await progress();
          if (sync.done !== seen.at(-1)) seen.push(sync.done);
          return sync.done;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBeGreaterThanOrEqual(400);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    await oldIndexServed();

    // GitHub fails one read (a chunk's texts: one GraphQL request): the step running then stops the sync with the reason.
    site.github().before('POST /graphql', async () => {
      throw new Error('stand-in outage');
    });
    // (If the request's waitUntil has spent its budget, the next cron tick takes the step.)
    await site.scheduled('* * * * *');
    await expect.poll(async () => (await progress()).status, { timeout: 60_000, intervals: [250] }).toBe('failed');
    const failed = await progress();
    expect(failed.error).toMatch(/HTTP 500/);
    expect(failed.done).toBeGreaterThanOrEqual(400);
    expect(failed.done).toBeLessThan(PAGES + 1);
    // A failed sync waits: the cron takes no step until it tries again by itself, a minute after the failure.
    expect(Date.parse(failed.retryAt ?? '') - Date.parse(failed.updatedAt)).toBe(60_000);
    await site.scheduled('* * * * *');
    expect((await progress()).done).toBe(failed.done);
    await oldIndexServed();

    // The builds screen shows the reason and Retry; Retry carries on from the staged pages.
    const context = await browser.newContext({ storageState: await owner.storageState(), baseURL: site.url() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/fa/manage/builds');
    const section = page.getByRole('region', { name: 'نمایهٔ سایت' });
    await expect(section.getByRole('alert')).toContainText(`پس از ${failed.done.toLocaleString('fa-IR')}`);
    await expect(section.getByRole('alert')).toContainText('HTTP 500');
    await expect(section.getByRole('alert')).toContainText('خودبه‌خود دوباره تلاش می‌شود');
    await page.screenshot({ path: testInfo.outputPath('failed-fa.png'), fullPage: true });
    await section.getByRole('button', { name: 'تلاش دوباره' }).click();
    const bar = section.getByRole('progressbar', { name: 'نمایهٔ سایت' });
    await expect(bar).toBeVisible();
    await expect(section).toContainText(/نمایه‌سازی: [۰-۹٬]+ از ۲٬۰۰۱ صفحه/);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(failed.done);
    await page.screenshot({ path: testInfo.outputPath('running-fa.png'), fullPage: true });

    // Whatever the request's waitUntil leaves, the per-minute cron finishes.
    await expect
      .poll(
        async () => {
          await site.scheduled('* * * * *');
          return (await progress()).status;
        },
        { timeout: 150_000, intervals: [1000] },
      )
      .toBe('done');
    const done = await progress();
    expect(done).toMatchObject({ status: 'done', done: PAGES + 1, total: PAGES + 1, error: null });
    await expect(section).toContainText('آخرین نمایه‌سازی', { timeout: 10_000 });

    // The switch: every new page, the changed one, search; the page cache sees the new build within 5 s.
    await expect.poll(async () => (await visitor.get('/en/logs/gen-7')).status(), { timeout: 15_000 }).toBe(200);
    expect(await (await visitor.get('/en/about')).text()).toContain('About, re-indexed');
    expect(await (await visitor.get('/fa/logs/gen-999')).text()).toContain('ساخته‌شده 999');
    const latest = (await (await visitor.get('/builds/latest.json')).json()) as { id: string };
    expect(latest.id).toBe(done.buildId);
    const search = await (await visitor.get('/api/search?locale=en&q=generated')).json();
    expect(search.total).toBe(PAGES / 2);
    expect(errors).toEqual([]);

    const steps = site
      .output()
      .split('\n')
      .filter((line) => line.includes('Content sync'));
    await testInfo.attach('steps', { body: steps.join('\n'), contentType: 'text/plain' });
    console.log(steps.join('\n'));
    await context.close();
    await owner.dispose();
    await visitor.dispose();
  });

  test('a big publish is indexed in steps: committed at once, readers keep the old index until the switch publishes the build', async ({
    playwright,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    const visitor = await playwright.request.newContext({ baseURL: site.url(), maxRedirects: 0 });
    const login = await owner.post('/api/auth/login', {
      data: { userName: WORKER_OWNER.userName, password: WORKER_OWNER.password },
    });
    expect(login.status()).toBe(200);

    // The publish's index is big: 1 000 pages pushed but not indexed yet, plus the editor's changes —
    // 11 steps of 100: the request's, 7 in its waitUntil, the rest by the cron.
    const files: Record<string, string> = {};
    for (let i = 0; i < 500; i++) {
      files[`content/en/logs/pub-${i}.md`] = generatedPage(i, 'en');
      files[`content/fa/logs/pub-${i}.md`] = generatedPage(i, 'fa');
    }
    await site.github().push(files, '1 000 more pages');
    for (let i = 0; i < 20; i += 4)
      await Promise.all(
        [i, i + 1, i + 2, i + 3].map(async (n) => {
          const saved = await owner.put(`/api/pages/en/logs/edited-${n}`, {
            data: { frontMatter: { title: `Edited ${n}`, date: '2026-11-01' }, body: `Written in the editor, ${n}.` },
          });
          expect(saved.status(), await saved.text()).toBe(200);
        }),
      );
    const moved = await owner.post('/api/pages/en/about/move', { data: { to: 'en/about-us' } });
    expect(moved.status(), await moved.text()).toBe(200);

    const progress = async () => ((await (await owner.get('/api/content/sync')).json()) as { sync: ContentSyncState }).sync;
    /** Whether an anonymous reader gets the index as it was before the publish. */
    const oldIndexServed = async () =>
      (await visitor.get('/en/about')).status() === 200 &&
      (await visitor.get('/en/about-us')).status() === 404 &&
      (await visitor.get('/en/logs/edited-3')).status() === 404 &&
      (await visitor.get('/fa/logs/pub-7')).status() === 404;
    expect(await oldIndexServed()).toBe(true);
    const before = await progress();

    // Published from the builds screen: committed at once, indexing shown with its progress.
    const context = await browser.newContext({ storageState: await owner.storageState(), baseURL: site.url() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/en/manage/builds');
    await page.getByLabel('Build title (optional)').fill('A thousand pages');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Committed: the site is being re-indexed' })).toBeVisible({
      timeout: 30_000,
    });
    const section = page.getByRole('region', { name: 'Site index' });
    await expect(section.getByRole('progressbar', { name: 'Site index' })).toBeVisible();
    await expect(section).toContainText(/Indexing: [\d,]+ of 1,021 pages/);
    await expect(page.getByRole('status').filter({ hasText: 'A publish is in progress' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('publish-indexing-en.png'), fullPage: true });
    const started = await progress();
    expect(started.id).not.toBe(before.id);
    expect(started.total).toBe(1021);

    // Readers keep the old index while the steps go on (a reader's check counts when the sync was
    // still running after it); the cron takes the steps the request's waitUntil left.
    const seen: number[] = [started.done];
    await expect
      .poll(
        async () => {
          const old = await oldIndexServed();
          const sync = await progress();
          if (sync.status === 'running') {
            expect(old).toBe(true);
            if (sync.done !== seen.at(-1)) seen.push(sync.done);
          }
          expect(sync.status).not.toBe('failed');
          if (sync.status === 'running') await site.scheduled('* * * * *');
          return sync.status;
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe('done');
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    // The switch: the new pages, the editor's, the move's 301; the build is published with its commit.
    await expect.poll(async () => (await visitor.get('/en/about-us')).status(), { timeout: 15_000 }).toBe(200);
    // The old address was read (and cached) all along: the page cache learns of the new build
    // within its 5 s version check, then the move's 301 answers.
    await expect.poll(async () => (await visitor.get('/en/about', { maxRedirects: 0 })).status(), { timeout: 15_000 }).toBe(301);
    const old = await visitor.get('/en/about', { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(new URL(old.headers().location!, site.url()).pathname).toBe('/en/about-us');
    expect((await visitor.get('/en/logs/edited-19')).status()).toBe(200);
    expect((await visitor.get('/fa/logs/pub-499')).status()).toBe(200);
    const history = (await (await owner.get('/api/builds')).json()) as { items: { title: string; status: string }[] };
    expect(history.items[0]).toMatchObject({ title: 'A thousand pages', status: 'published' });
    await expect(section).toContainText('Last indexed', { timeout: 10_000 });
    await expect(page.getByText('A publish is in progress')).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
    await owner.dispose();
    await visitor.dispose();
  });
});
