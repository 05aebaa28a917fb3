import { expect, test } from '@playwright/test';
import { useWorkerSite } from './worker-site';

/*
 * Search on the Workers target: D1's FTS5 index, made by the migration and filled by its triggers
 * when the installer indexes the sample content (in the GitHub stand-in), then kept in step by a publish.
 */
test.describe('search on Cloudflare Workers (wrangler dev --local, D1 FTS5)', () => {
  const site = useWorkerSite('workers-search-setup-token-012345');

  test('finds Persian and English pages through D1, and a published page right after publishing', async ({ playwright }) => {
    test.setTimeout(120_000);
    const editor = await playwright.request.newContext({ baseURL: site.url() });
    const visitor = await playwright.request.newContext({ baseURL: site.url() });
    await site.install(editor);

    const search = async (locale: string, q: string) => {
      const response = await visitor.get(`/api/search?${new URLSearchParams({ locale, q })}`);
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { items: { path: string; snippet: string }[]; total: number };
    };
    // Arabic kaf and yeh find the Persian reading list; an English prefix finds the Markdown tour.
    const fa = await search('fa', 'كتابي');
    expect(fa.items.map((item) => item.path)).toContain('/fa/logs/reading-list');
    expect(fa.items[0]?.snippet).toMatch(/<mark>کتاب/);
    const en = await search('en', 'markd');
    expect(en.items.map((item) => item.path)).toContain('/en/logs/writing-in-markdown');
    for (const hostile of ['"', 'NEAR(a b)', 'title:x', '-x*', "'); drop table pages; --"]) await search('en', hostile);

    // A publish updates the index in the same D1 transaction as the pages.
    const saved = await editor.put('/api/pages/en/logs/capybara', {
      data: { frontMatter: { title: 'Capybara notes' }, body: 'The capybara is a rodent.' },
      headers: { 'if-none-match': '*' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    expect((await search('en', 'rodent')).total).toBe(0);
    const published = await editor.post('/api/builds/publish', { data: { title: 'Capybara' } });
    expect(published.status(), await published.text()).toBe(200);
    expect((await search('en', 'rodent')).items.map((item) => item.path)).toEqual(['/en/logs/capybara']);

    // Issue 37 on D1: the whole fold in the triggers (ھ, hamza seats), a word written apart found
    // joined, tags searchable, and an address typed another way answering 301 through pages.slug_key.
    const persian = await editor.put(`/api/pages/fa/logs/${encodeURIComponent('کتاب\u200cهای-ھادی')}`, {
      data: {
        frontMatter: { title: 'سفر به کوھپایه', tags: ['سفرنامه'] },
        body: 'گل ها را می نویسم و مسؤولیت با ماست.',
      },
      headers: { 'if-none-match': '*' },
    });
    expect(persian.status(), await persian.text()).toBe(200);
    expect((await editor.post('/api/builds/publish', { data: { title: 'Persian' } })).status()).toBe(200);
    const stored = '/fa/logs/کتاب\u200cهای-هادی'; // typed with ھ, stored with ه
    for (const q of ['کوهپایه', 'گلها', 'مینویسم', 'مسئولیت', 'سفرنامه'])
      expect(
        (await search('fa', q)).items.map((item) => decodeURIComponent(item.path)),
        q,
      ).toContain(stored);
    const typed = await visitor.get(`/fa/logs/${encodeURIComponent('كتابهاي-ھادي')}`, { maxRedirects: 0 });
    expect(typed.status()).toBe(301);
    expect(decodeURIComponent(typed.headers().location ?? '')).toBe(stored);

    // The search page renders the results in workerd.
    const page = await visitor.get('/en/search?q=capyb');
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain('Capybara notes');
    expect(html).toContain('<mark>capybara</mark>');
    await editor.dispose();
    await visitor.dispose();
  });
});
