import { expect, test } from '@playwright/test';
import type { ContentSyncState } from '../../common/content-sync';
import { useWorkerSite } from './worker-site';

/*
 * GitHub's hourly budget on the Workers target (issue 24 item 4, docs/deploy-workers.md "GitHub's
 * hourly budget"): a forced re-index of 1 000 pages in workerd, steps driven by the request, its
 * `waitUntil` and the cron, costs a counted handful of GitHub requests (one GraphQL read per 100
 * pages, never one per page); then GitHub answers with its rate limit and the sync pauses — no
 * failed step, no request to GitHub meanwhile — and the builds screen says when it resumes, in
 * Persian and English.
 */

const PAGES = 1000;
const page = (n: number) =>
  `---\ntitle: "Log ${n}"\ndate: 2026-02-01\n---\n\nPage ${n}: a paragraph of text, and a list.\n\n- one\n- two\n`;

test.describe("GitHub's hourly budget on Cloudflare Workers (wrangler dev --local, D1, GitHub stand-in)", () => {
  const site = useWorkerSite('workers-github-budget-token-0123456', { ports: [4612, 4613] });

  test('a forced re-index of 1 000 pages takes three GitHub requests per 100 new pages (the branch, uncounted after the first; the texts; their last changes); a rate limit pauses the next one, shown on the builds screen', async ({
    playwright,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    await site.install(owner);
    const files: Record<string, string> = {};
    for (let n = 0; n < PAGES; n++) files[`content/${n % 2 ? 'fa' : 'en'}/logs/budget-${n}.md`] = page(n);
    const github = site.github();
    await github.push(files, `${PAGES} pages`);

    const progress = async () => ((await (await owner.get('/api/content/sync')).json()) as { sync: ContentSyncState }).sync;
    const from = github.requests.length;
    const unchangedFrom = github.notModified.length;
    const started = performance.now();
    const first = await owner.post('/api/content/sync?force=1');
    expect(first.status(), await first.text()).toBe(202);
    await expect
      .poll(
        async () => {
          const sync = await progress();
          // The cron takes the next step whenever the request's waitUntil is not holding it.
          if (sync.status === 'running') await site.scheduled('* * * * *');
          return sync.status;
        },
        { timeout: 120_000, intervals: [500] },
      )
      .toBe('done');
    const ms = Math.round(performance.now() - started);
    const requests = github.requests.slice(from);
    const total = (await progress()).total;
    expect(total).toBeGreaterThanOrEqual(PAGES);
    // The sample pages and the generated ones: 11 steps of 100 at most; three requests a step (where
    // the branch is, the texts, the new pages' last changes: docs/content.md "Outdated translations")
    // and the tree once (3).
    const steps = Math.ceil(total / 100);
    expect(requests.filter((request) => request.startsWith('GET /git/blobs/'))).toEqual([]);
    const graphql = requests.filter((request) => request === 'POST /graphql').length;
    expect(graphql).toBeGreaterThanOrEqual(steps + Math.ceil(PAGES / 100));
    expect(graphql).toBeLessThanOrEqual(2 * steps);
    expect(requests.length).toBeLessThanOrEqual(3 * steps + 3);
    // Steps after the first ask for the branch conditionally (304: GitHub's rate limit does not count them).
    const counted = requests.length - (github.notModified.length - unchangedFrom);
    expect(counted).toBeLessThanOrEqual(2 * steps + 4);
    const line = `forced re-index of ${total} pages in workerd: ${requests.length} GitHub requests (${counted} counted by its rate limit), ${ms} ms`;
    await testInfo.attach('requests', { body: `${line}\n${requests.join('\n')}`, contentType: 'text/plain' });
    console.log(line);

    // GitHub's budget is spent for 40 minutes: the next re-index pauses at its first request.
    const reset = Math.ceil(Date.now() / 1000) + 40 * 60;
    github.rateLimit(reset);
    const limitedFrom = github.requests.length;
    const paused = await owner.post('/api/content/sync?force=1');
    expect(paused.status(), await paused.text()).toBe(202);
    const state = ((await paused.json()) as { sync: ContentSyncState }).sync;
    expect(state).toMatchObject({ status: 'running', retryAt: null });
    expect(Date.parse(state.pausedUntil ?? '')).toBeGreaterThanOrEqual(reset * 1000);
    // Neither the cron nor Retry asks GitHub again before the reset.
    await site.scheduled('* * * * *');
    expect((await owner.post('/api/content/sync')).status()).toBe(202);
    expect(github.requests.length - limitedFrom).toBe(1);
    expect((await progress()).status).toBe('running');

    const context = await browser.newContext({ storageState: await owner.storageState(), baseURL: site.url() });
    const screen = await context.newPage();
    await screen.goto('/fa/manage/builds');
    const fa = screen.getByRole('region', { name: 'نمایهٔ سایت' });
    await expect(fa).toContainText('نمایه‌سازی پیش از خواندن مخزن مکث کرده است');
    await expect(fa).toContainText('سهمیهٔ ساعتیِ درخواست‌های گیت‌هاب');
    await expect(fa).toContainText(/ساعت [۰-۹]+.[۰-۹]+ خودبه‌خود ادامه می‌یابد/);
    await screen.screenshot({ path: testInfo.outputPath('paused-fa.png'), fullPage: true });
    await screen.goto('/en/manage/builds');
    const en = screen.getByRole('region', { name: 'Site index' });
    await expect(en).toContainText('Indexing paused before reading the repository');
    await expect(en).toContainText(/GitHub's hourly request budget .* resumes by itself at \d+:\d+/);
    await screen.screenshot({ path: testInfo.outputPath('paused-en.png'), fullPage: true });
    github.lift();
    await context.close();
    await owner.dispose();
  });
});
