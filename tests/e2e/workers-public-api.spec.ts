import { expect, test } from '@playwright/test';
import { useWorkerSite } from './worker-site';

/*
 * The headless content API and the OpenAPI document on the Workers target (docs/api.md): the same
 * service over D1, the ETag from the content version (through the Cache API's shared version), 304,
 * CORS, and a publish that changes the answer and its tag.
 */
test.describe('headless content API on Cloudflare Workers (wrangler dev --local, D1)', () => {
  const site = useWorkerSite('workers-public-api-token-0123456');

  test('lists and serves published pages with ETag/304 and CORS; a publish changes them', async ({ playwright }) => {
    test.setTimeout(120_000);
    const owner = await playwright.request.newContext({ baseURL: site.url() });
    const reader = await playwright.request.newContext({
      baseURL: site.url(),
      extraHTTPHeaders: { origin: 'https://elsewhere.example' },
    });
    await site.install(owner);

    const list = await reader.get('/api/public/pages?locale=fa');
    expect(list.status(), await list.text()).toBe(200);
    expect(list.headers()['access-control-allow-origin']).toBe('*');
    const body = (await list.json()) as {
      items: { slug: string; href: string; translation: { href: string } | null }[];
      total: number;
    };
    expect(body.total).toBeGreaterThan(5);
    const reading = body.items.find((item) => item.slug === 'logs/reading-list');
    expect(reading?.translation?.href).toBe('/api/public/pages/en/logs/reading-list');

    const page = await reader.get('/api/public/pages/en/logs/a-long-guide-to-bilingual-publishing');
    expect(page.status()).toBe(200);
    const json = (await page.json()) as { html: string; toc: unknown[]; title: string };
    expect(json.html).toContain('<');
    expect(json.toc.length).toBeGreaterThan(0);
    const etag = page.headers().etag ?? '';
    expect(etag).toMatch(/^(W\/)?"api2-/);
    const again = await reader.get('/api/public/pages/en/logs/a-long-guide-to-bilingual-publishing', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status()).toBe(304);
    // The owner's session cookie changes nothing.
    const signedIn = await owner.get('/api/public/pages/en/logs/a-long-guide-to-bilingual-publishing');
    expect(signedIn.headers().etag).toBe(etag);
    expect(signedIn.headers()['set-cookie']).toBeUndefined();
    expect((await reader.get('/api/public/pages/en/..%2f..%2fwrangler.jsonc')).status()).toBe(404);
    expect((await reader.get('/api/public/pages?locale=de')).status()).toBe(400);

    // A publish: the new page is listed and the old tag no longer matches (within the version's TTL).
    const saved = await owner.put('/api/pages/en/logs/capybara', {
      data: { frontMatter: { title: 'Capybara notes', date: '2030-01-01' }, body: '## Habits\n\nThe capybara is a rodent.' },
      headers: { 'if-none-match': '*' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const published = await owner.post('/api/builds/publish', { data: { title: 'Capybara' } });
    expect(published.status(), await published.text()).toBe(200);
    await expect(async () => {
      const fresh = await reader.get('/api/public/pages/en/logs/a-long-guide-to-bilingual-publishing', {
        headers: { 'if-none-match': etag },
      });
      expect(fresh.status()).toBe(200);
    }).toPass({ timeout: 15_000, intervals: [500, 1000] });
    const first = (await (await reader.get('/api/public/pages?locale=en')).json()) as { items: { title: string }[] };
    expect(first.items[0]?.title).toBe('Capybara notes');

    const document = await reader.get('/api/openapi.json');
    expect(document.status()).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toBe('3.1.0');
    await owner.dispose();
    await reader.dispose();
  });
});
