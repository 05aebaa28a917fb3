import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from '../../common/search';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { commitFiles } from '../../tests/support/content-repo';
import { createTestDeps } from '../../tests/support/deps';
import { expectPrototypeKeysIgnored, expectRefusedQueries } from '../../tests/support/query';
import { createApp } from '../app';
import { normaliseSearch } from '../content/search-text';
import { runMigrations } from '../db/migrate';
import { migrations } from '../db/migrations.generated';
import { syncContent } from '../services/content-sync';
import { searchPages, searchStatement } from '../services/search';
import { foldedAddress } from './redirects';

const ZWNJ = '\u200c';
const page = (title: string, body: string, extra = '') => `---\ntitle: "${title}"\n${extra}---\n\n${body}\n`;

/** An installed site (sample content indexed) whose content an author changes with plain git, then syncs. */
async function searchSite() {
  const site = await createAuthoringSite();
  const repoDir = site.deps.contentRepository!.location;
  const commitAndSync = async (files: Record<string, string | null>) => {
    commitFiles(repoDir, files, 'Edit content');
    return syncContent(site.deps.db, site.deps.contentRepository!);
  };
  const search = async (locale: string, q: string, pageNumber?: number, cookie?: string) => {
    const query = new URLSearchParams({ locale, q, ...(pageNumber ? { page: String(pageNumber) } : {}) });
    const response = await site.app.request(`/api/search?${query}`, { headers: cookie ? { cookie } : {} });
    expect(response.status, `${locale} ${q}`).toBe(200);
    return json(response) as Promise<{
      items: { path: string; title: string; snippet: string; date: string | null }[];
      total: number;
    }>;
  };
  const paths = async (locale: string, q: string) => (await search(locale, q)).items.map((item) => item.path);
  return { ...site, commitAndSync, search, paths };
}

describe('search API', () => {
  it('is public: anonymous readers and every role get the same answer', async () => {
    const site = await searchSite();
    const anonymous = await site.search('en', 'markdown');
    expect(anonymous.total).toBeGreaterThan(0);
    for (const who of ['member', 'editor', 'owner'] as const)
      expect(await site.search('en', 'markdown', undefined, site.cookies[who])).toEqual(anonymous);
  });

  it('finds the sample content by prefix, case-insensitively, with the shape the page shows', async () => {
    const site = await searchSite();
    const result = await site.search('en', 'MARKD');
    expect(result.items[0]).toEqual({
      path: '/en/logs/writing-in-markdown',
      title: expect.stringMatching(/markdown/i),
      snippet: expect.stringMatching(/<mark>markdown<\/mark>/i),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(result.total).toBe(result.items.length);
    // Persian: the sample reading list says کتاب‌ها; Arabic kaf and yeh in the query still find it.
    const fa = await site.search('fa', 'كتاب');
    expect(fa.items.map((item) => item.path)).toContain('/fa/logs/reading-list');
    expect(fa.items.every((item) => item.path.startsWith('/fa/'))).toBe(true);
  });

  it('matches Persian and Arabic spellings, half-spaces, kashida, diacritics and digits both ways', async () => {
    const site = await searchSite();
    await site.commitAndSync({
      'content/fa/persian.md': page('نوشته‌ای فارسی', `می${ZWNJ}رقصیم و کاریکاتور${ZWNJ}ها را در سال ۱۳۹۷ می‌کشیم. رحمٰن و مَجیدیّه.`),
      'content/fa/arabic.md': page('نص عربي', 'كاريكاتوري في عام ١٤٢٧ مكتبـــة.'),
      'content/fa/ascii.md': page('شماره', 'نسخهٔ 2024 منتشر شد.'),
    });
    const cases: [query: string, expected: string[]][] = [
      ['كاريكاتور', ['/fa/arabic', '/fa/persian']], // Arabic letters find Persian text and Arabic text
      ['کاریکاتوری', ['/fa/arabic']], // Persian yeh finds Arabic yeh
      ['کاریکاتورها', ['/fa/persian']], // no half-space in the query
      [`کاریکاتور${ZWNJ}ها`, ['/fa/persian']], // half-space in the query
      ['میرقصیم', ['/fa/persian']],
      ['مکتبة', ['/fa/arabic']], // kashida in the text
      ['کاریکـاتور', ['/fa/arabic', '/fa/persian']], // kashida in the query
      ['مجیدیه', ['/fa/persian']], // diacritics in the text
      ['کاریکِاتور', ['/fa/arabic', '/fa/persian']], // diacritics in the query
      ['رحمن', ['/fa/persian']], // superscript alef
      ['1397', ['/fa/persian']], // ASCII digits find Persian digits
      ['١٣٩٧', ['/fa/persian']], // Arabic-Indic digits find Persian digits
      ['۱۴۲۷', ['/fa/arabic']], // Persian digits find Arabic-Indic digits
      ['۲۰۲۴', ['/fa/ascii']], // Persian digits find ASCII digits
    ];
    for (const [query, expected] of cases) expect((await site.paths('fa', query)).sort(), query).toEqual(expected);
    // The snippet is the page's own text: its half-space and Persian digits, not the normalised form.
    const [hit] = (await site.search('fa', '1397 كاريكاتور')).items;
    expect(hit?.snippet).toContain(`<mark>کاریکاتور${ZWNJ}ها</mark>`);
    expect(hit?.snippet).toContain('<mark>۱۳۹۷</mark>');
  });

  it('finds a page written with the other spelling: space or half-space, hamza seats, madda, ta marbuta, ezafe (issue 25)', async () => {
    const site = await searchSite();
    await site.commitAndSync({
      'content/fa/zwnj.md': page('راهنما', `موتور جست${ZWNJ}وجو در سایت.`),
      'content/fa/space.md': page('یادداشت', 'کار جست وجو و نمایه.'),
      'content/fa/hamza.md': page('درس', 'این مسئله را حل کنید.'),
      'content/fa/alef.md': page('تمرین', 'آن مساله دشوار بود.'),
      'content/fa/madda.md': page('آب و هوا', 'گزارش امروز.'),
      'content/fa/plain.md': page('نوشیدنی', 'اب سرد و گوارا.'),
      'content/fa/arabic.md': page('مدرسة', 'خانۀ أحمد در شهر مؤمن‌آباد.'),
    });
    const cases: [query: string, expected: string[]][] = [
      ['جست وجو', ['/fa/space', '/fa/zwnj']],
      [`جست${ZWNJ}وجو`, ['/fa/space', '/fa/zwnj']],
      ['جستوجو', ['/fa/space', '/fa/zwnj']], // written apart in the text too (issue 37)
      ['مساله', ['/fa/alef', '/fa/hamza']],
      ['مسئله', ['/fa/alef', '/fa/hamza']],
      ['مسأله', ['/fa/alef', '/fa/hamza']],
      ['آب', ['/fa/madda', '/fa/plain']], // «آب» only in a title: found through the page's index text
      ['اب', ['/fa/madda', '/fa/plain']],
      ['مدرسه', ['/fa/arabic']], // ة in a title
      ['خانه', ['/fa/arabic']],
      [`خانه${ZWNJ}ی احمد`, ['/fa/arabic']],
      ['مومن', ['/fa/arabic']],
    ];
    // (The sample pages under /fa/logs speak of search too.)
    const mine = async (query: string) => (await site.paths('fa', query)).filter((path) => !path.startsWith('/fa/logs/')).sort();
    for (const [query, expected] of cases) expect(await mine(query), query).toEqual(expected);
    const [hit] = (await site.search('fa', 'موتور جست وجو')).items;
    expect(hit?.snippet).toMatch(/<mark>جست/);
  });

  it('finds ھ and ہ as ه, the hamza seats before waw as one spelling, and a word written apart by the joined query (issue 37)', async () => {
    const site = await searchSite();
    await site.commitAndSync({
      'content/fa/heh.md': page('سفر به کوھپایه', 'راه ھموار بود.'),
      'content/fa/yeh-seat.md': page('مسئول', `مسئولیت ساختمان و سئوال${ZWNJ}های ساکنان.`),
      'content/fa/waw-seat.md': page('مسؤول', 'مسؤولیت باغ و سؤال باغبان.'),
      'content/fa/no-seat.md': page('پرسش', 'یک سوال ساده که ما هیچ پاسخ ندادیم.'),
      'content/fa/apart.md': page('باغچه', 'گل ها را می نویسم و کتاب خانه را می بندم.'),
      'content/fa/joined.md': page('گلدان', 'گلها را مینویسم.'),
      'content/fa/tagged.md': page('یادداشت', 'متن.', 'tags: [کتاب‌خوانی, سفرنامه]\n'),
    });
    const mine = async (query: string) => (await site.paths('fa', query)).filter((path) => !path.startsWith('/fa/logs/')).sort();
    const cases: [query: string, expected: string[]][] = [
      ['کوهپایه', ['/fa/heh']], // ھ in a title
      ['کوھپایه', ['/fa/heh']],
      ['هموار', ['/fa/heh']], // ھ in the text
      ['ہموار', ['/fa/heh']], // heh goal in the query
      ['مسئول', ['/fa/waw-seat', '/fa/yeh-seat']],
      ['مسؤول', ['/fa/waw-seat', '/fa/yeh-seat']],
      ['مسئولیت', ['/fa/waw-seat', '/fa/yeh-seat']],
      ['مسؤولیت', ['/fa/waw-seat', '/fa/yeh-seat']],
      ['مسئُولیت', ['/fa/waw-seat', '/fa/yeh-seat']], // a damma inside the seat
      ['سئوال', ['/fa/no-seat', '/fa/waw-seat', '/fa/yeh-seat']],
      ['سؤال', ['/fa/no-seat', '/fa/waw-seat', '/fa/yeh-seat']],
      ['سوال', ['/fa/no-seat', '/fa/waw-seat', '/fa/yeh-seat']],
      ['گلها', ['/fa/apart', '/fa/joined']], // «گل ها» written apart
      ['گل ها', ['/fa/apart', '/fa/joined']],
      ['مینویسم', ['/fa/apart', '/fa/joined']], // «می نویسم»
      ['کتابخانه', ['/fa/apart']], // «کتاب خانه»
      ['گلهای', []], // apart, each part whole: «گل ها» is not «گل های»
      ['ماهی', []], // «ما هیچ»: the second part is whole, not a prefix
      ['کتابخوانی', ['/fa/tagged']], // a tag is searchable, by any spelling
      ['کتاب خوانی', ['/fa/tagged']],
      ['سفرنامه', ['/fa/tagged']],
    ];
    for (const [query, expected] of cases) expect(await mine(query), query).toEqual(expected);
    // The snippet marks the words as the page wrote them.
    const apart = (await site.search('fa', 'گلها')).items.find((item) => item.path === '/fa/apart');
    expect(apart?.snippet).toContain('<mark>گل ها</mark>');
    const seat = (await site.search('fa', 'مسؤولیت')).items.find((item) => item.path === '/fa/yeh-seat');
    expect(seat?.snippet).toContain('<mark>مسئولیت</mark>');
    // Hostile: one long word, bidi controls, zero-width characters, digits of three scripts: answers, no error.
    for (const q of ['ب'.repeat(200), '\u202eگلها\u202c', `\u200d\u200c${ZWNJ}گل\u200dها`, 'گل۱۲ها', '١٢ ۱۲ 12'])
      expect(Array.isArray((await site.search('fa', q)).items), q).toBe(true);
    expect(await mine(`گل\u200dها`)).toEqual(['/fa/apart', '/fa/joined']); // ZWJ is no letter
  });

  it('answers an address written with Arabic ي ك with 301 to its Persian spelling, when a page is there', async () => {
    const site = await searchSite();
    await site.commitAndSync({ 'content/fa/کتاب-علی.md': page('کتاب علی', 'متن.') });
    const old = await site.app.request(`/fa/${encodeURIComponent('كتاب-علي')}?x=1`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/fa/${encodeURIComponent('کتاب-علی')}?x=1`);
    expect((await site.app.request(old.headers.get('location')!)).status).toBe(200);
    // No page at the Persian spelling either: the ordinary 404, no redirect.
    expect((await site.app.request(`/fa/${encodeURIComponent('كتاب-ديگر')}`)).status).toBe(404);
    // A page published under the Arabic spelling keeps its address.
    await site.commitAndSync({ 'content/fa/علي.md': page('علي', 'متن.') });
    expect((await site.app.request(`/fa/${encodeURIComponent('علي')}`)).status).toBe(200);
  });

  it('answers any address that folds to one published page or tag with 301 to it, asked again each time (issue 37)', async () => {
    const site = await searchSite();
    await site.commitAndSync({
      [`content/fa/logs/کتاب${ZWNJ}های-من.md`]: page('کتاب‌های من', 'متن.', 'tags: [کتاب‌خوانی, كتاب]\n'),
      'content/fa/logs/۱۴۰۳-سال.md': page('سال ۱۴۰۳', 'متن.'),
      'content/fa/هادی.md': page('هادی', 'متن.'),
      'content/fa/مسئول.md': page('مسئول', 'متن.'),
      [`content/fa/نیم${ZWNJ}فاصله.md`]: page('یک', 'متن.'),
      'content/fa/نیمفاصله.md': page('دو', 'متن.'),
      'content/fa/پیشنویس.md': page('پیش‌نویس', 'متن.', 'draft: true\n'),
    });
    const get = (path: string) => site.app.request(path.split('/').map(encodeURIComponent).join('/'));
    const moved: [typed: string, to: string][] = [
      ['/fa/logs/کتابهای-من', `/fa/logs/کتاب${ZWNJ}های-من`], // without the half-space
      ['/fa/logs/كتابهاي-من', `/fa/logs/کتاب${ZWNJ}های-من`], // and with Arabic ي ك
      [`/fa/logs/کتاب\u200d${ZWNJ}های-من/`, `/fa/logs/کتاب${ZWNJ}های-من`], // a ZWJ too, a trailing slash
      ['/fa/logs/1403-سال', '/fa/logs/۱۴۰۳-سال'], // Latin digits
      ['/fa/logs/١٤٠٣-سال', '/fa/logs/۱۴۰۳-سال'], // Arabic-Indic digits
      ['/fa/ھادی', '/fa/هادی'], // heh doachashmee
      ['/fa/مسؤول', '/fa/مسئول'], // the other hamza seat
      ['/fa/tags/كتاب', '/fa/tags/کتاب'], // a tag with Arabic kaf
      [`/fa/tags/کتاب${ZWNJ}خوانی`, '/fa/tags/کتاب-خوانی'], // a tag typed with its half-space
      ['/fa/tags/کتابخوانی', '/fa/tags/کتاب-خوانی'], // or joined: one tag (common/tags.ts tagKey)
    ];
    for (const [typed, to] of moved) {
      const answer = await get(typed);
      expect(answer.status, typed).toBe(301);
      expect(decodeURIComponent(answer.headers.get('location') ?? ''), typed).toBe(to);
      expect(answer.headers.get('cache-control'), typed).toBe('no-cache');
      // (This app's page handler serves pages, not the tag route: tests/integration/structured-data.test.ts has the real routes.)
      if (!to.startsWith('/fa/tags/')) expect((await site.app.request(answer.headers.get('location')!)).status, to).toBe(200);
    }
    // The query goes along.
    expect((await site.app.request(`/fa/${encodeURIComponent('ھادی')}?a=1`)).headers.get('location')).toBe(
      `/fa/${encodeURIComponent('هادی')}?a=1`,
    );
    // Two pages under one key, a draft, nothing, and hostile addresses: the ordinary 404.
    for (const path of [
      `/fa/نیم${ZWNJ}${ZWNJ}فاصله`,
      '/fa/پیش‌نویس',
      '/fa/هیچ',
      '/fa/\u202eهادی',
      `/fa/${'ه'.repeat(3000)}`,
      '/fa/tags/هیچ',
      '/en/ھادی',
    ])
      expect((await get(path)).status, path).toBe(404);
    expect(await foldedAddress(site.deps.db, '/fa/%E0%A4%A', '')).toBeUndefined(); // not decodable
    expect(await foldedAddress(site.deps.db, '/fa/logs/۱۴۰۳-سال', '')).toBeUndefined(); // already there: no loop
    expect(await foldedAddress(site.deps.db, '/media/x.png', '')).toBeUndefined();
    // Each of the two pages under one key answers at its own address.
    expect((await get(`/fa/نیم${ZWNJ}فاصله`)).status).toBe(200);
    expect((await get('/fa/نیمفاصله')).status).toBe(200);
  });

  it('needs every word, ranks title matches first and keeps the locales apart', async () => {
    const site = await searchSite();
    await site.commitAndSync({
      'content/en/zebra-title.md': page('Zebra crossing', 'Nothing else here.'),
      'content/en/zebra-text.md': page('Road notes', 'A zebra crossing appears in the text.'),
      'content/fa/zebra.md': page('گورخر', 'zebra in Persian pages'),
    });
    expect(await site.paths('en', 'zebra')).toEqual(['/en/zebra-title', '/en/zebra-text']);
    expect(await site.paths('en', 'zebra appears')).toEqual(['/en/zebra-text']);
    expect(await site.paths('en', 'zebra unicorn')).toEqual([]);
    expect(await site.paths('fa', 'zebra')).toEqual(['/fa/zebra']);
  });

  it('paginates ten at a time with the total', async () => {
    const site = await searchSite();
    const files: Record<string, string> = {};
    for (let i = 1; i <= 12; i++) files[`content/en/many/p${i}.md`] = page(`Quokka ${i}`, `Quokka number ${i}.`);
    await site.commitAndSync(files);
    const first = await site.search('en', 'quokka');
    const second = await site.search('en', 'quokka', 2);
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(SEARCH_PAGE_SIZE);
    expect(second).toMatchObject({ total: 12 });
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((item) => item.path)).size).toBe(12);
    expect(await site.search('en', 'quokka', 3)).toEqual({ items: [], total: 12 });
  });

  it('never shows drafts, and escapes page text in snippets', async () => {
    const site = await searchSite();
    await site.commitAndSync({
      'content/en/secret.md': page('Wombat plans', 'The wombat draft.', 'draft: true\n'),
      'content/en/script.md': page('Xylophone', 'Xylophone `<script>alert(1)</script>` and &lt;img onerror=x&gt; <b>bold</b>'),
    });
    expect(await site.search('en', 'wombat')).toEqual({ items: [], total: 0 });
    const [hit] = (await site.search('en', 'xylophone')).items;
    expect(hit?.snippet).toContain('<mark>Xylophone</mark>');
    expect(hit?.snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(hit?.snippet).toContain('&lt;img onerror=x&gt;');
    // The only markup is <mark>: no tag of the page (the sanitised <b> included) comes through.
    expect(hit?.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('answers hostile queries with results or nothing, never an error', async () => {
    const site = await searchSite();
    for (const q of [
      '"',
      '"markdown',
      'markdown"',
      'NEAR(markdown writing)',
      'NEAR(markdown writing, 0)',
      'title:markdown',
      '{title}:x',
      'body : markdown',
      'mark*',
      '*',
      '-markdown',
      'markdown -writing',
      'markdown OR writing',
      'NOT markdown',
      'AND',
      '^markdown',
      '(markdown',
      "'; drop table pages_search; --",
      '\\',
      '🙂',
      '\u0000',
      '\u200c\u0640',
      'x'.repeat(SEARCH_QUERY_MAX),
      'a '.repeat(SEARCH_QUERY_MAX / 2),
    ]) {
      const result = await site.search('en', q);
      expect(Array.isArray(result.items), q).toBe(true);
      expect(typeof result.total, q).toBe('number');
    }
    expect((await site.search('en', 'NEAR(markdown writing)')).total).toBeGreaterThan(0);
    expect(await site.search('en', '')).toEqual({ items: [], total: 0 });
    expect(await site.search('en', '"*-:()')).toEqual({ items: [], total: 0 });
    // The index survived the SQL-looking query.
    expect((await site.search('en', 'markdown')).total).toBeGreaterThan(0);
  });

  it('reads pages by id for the full-text hits, never scanning them (a scan runs the MATCH once per page)', async () => {
    const site = await searchSite();
    const statement = searchStatement('en', '"mark"*', 1);
    const plan = await site.deps.db.all<{ detail: string }>(sql`explain query plan ${statement}`);
    const details = plan.map((row) => row.detail);
    expect(details.some((detail) => /pages_search VIRTUAL TABLE/.test(detail))).toBe(true);
    expect(details.filter((detail) => /^SCAN p\b/.test(detail))).toEqual([]);
    expect(details.filter((detail) => /^SEARCH p USING INTEGER PRIMARY KEY/.test(detail))).toHaveLength(2);
  });

  it('answers 503 "run the migrations" before the site is installed, not a 500', async () => {
    const { deps } = await createTestDeps();
    const response = await createApp(deps).request('/api/search?locale=en&q=x');
    expect(response.status).toBe(503);
    expect(await json(response)).toMatchObject({ statusCode: 503, message: 'Run the database migrations first' });
  });

  it('refuses a bad locale, page or an over-long query with field errors', async () => {
    const site = await searchSite();
    const api = client(site, 'member');
    const bad = async (query: string, field: string) => {
      const response = await api.get(`/api/search?${query}`);
      expect(response.status, query).toBe(400);
      const body = await json(response);
      expect(
        body.data.issues.map((issue: { path: string[] }) => issue.path[0]),
        query,
      ).toContain(field);
      return body;
    };
    await bad('q=x', 'locale');
    await bad('locale=de&q=x', 'locale');
    await bad('locale=en&q=x&page=0', 'page');
    await bad('locale=en&q=x&page=abc', 'page');
    await bad('locale=en&q=x&page=1.5', 'page');
    await bad('locale=en&q=x&page=100000', 'page');
    const long = await bad(`locale=en&q=${'x'.repeat(SEARCH_QUERY_MAX + 1)}`, 'q');
    expect(long.data.issues[0].message).toBe('Must be at most 200 characters');
  });

  it('refuses a repeated parameter with a 400 naming it, in both languages; `__proto__` names nothing', async () => {
    const site = await searchSite();
    const ask = (query: string, headers: Record<string, string> = {}) =>
      site.app.request(`/api/search?${query}`, { headers: { 'x-locale': 'en', ...headers } });
    await expectRefusedQueries(ask, [
      ['locale=en&locale=fa&q=x', 'locale'],
      ['locale=en&q=a&q=b', 'q'],
      ['locale=en&q=x&page=1&page=2', 'page'],
      ['locale=__proto__&q=x', 'locale'],
      ['__proto__=en&locale=en&q=x&page=-1', 'page'],
    ]);
    await expectPrototypeKeysIgnored((query, headers) => ask(`locale=en&q=daftar${query ? `&${query}` : ''}`, headers));
    // An empty value is absent: the first page.
    expect((await ask('locale=en&q=daftar&page=')).status).toBe(200);
  });
});

describe('search index in step with the content', () => {
  it('follows a sync that adds, changes and deletes pages', async () => {
    const site = await searchSite();
    await site.commitAndSync({ 'content/en/pangolin.md': page('Pangolin facts', 'Scales of keratin.') });
    expect(await site.paths('en', 'keratin')).toEqual(['/en/pangolin']);
    await site.commitAndSync({ 'content/en/pangolin.md': page('Armadillo facts', 'Bony plates.') });
    expect(await site.paths('en', 'keratin')).toEqual([]);
    expect(await site.paths('en', 'pangolin')).toEqual([]);
    expect(await site.paths('en', 'armadillo plates')).toEqual(['/en/pangolin']);
    // A page that becomes a draft leaves the results, and comes back when published again.
    await site.commitAndSync({ 'content/en/pangolin.md': page('Armadillo facts', 'Bony plates.', 'draft: true\n') });
    expect(await site.paths('en', 'armadillo')).toEqual([]);
    await site.commitAndSync({ 'content/en/pangolin.md': page('Armadillo facts', 'Bony plates.') });
    expect(await site.paths('en', 'armadillo')).toEqual(['/en/pangolin']);
    await site.commitAndSync({ 'content/en/pangolin.md': null });
    expect(await site.paths('en', 'armadillo')).toEqual([]);
    // One index row per page, none left behind.
    const [counts] = await site.deps.db.all<{ pages: number; indexed: number }>(
      sql`select (select count(*) from pages) as pages, (select count(*) from pages_search) as indexed`,
    );
    expect(counts?.indexed).toBe(counts?.pages);
  });

  it('follows a sync that stages its chunks (rows moved from the staging table into pages)', async () => {
    const site = await searchSite();
    const files: Record<string, string> = {};
    for (let i = 1; i <= 5; i++) files[`content/en/numbat/p${i}.md`] = page(`Numbat ${i}`, `Termites, part ${i}.`);
    commitFiles(site.deps.contentRepository!.location, files, 'Numbats');
    await syncContent(site.deps.db, site.deps.contentRepository!, { chunkPages: 2 });
    expect((await site.search('en', 'termites')).total).toBe(5);
    const [counts] = await site.deps.db.all<{ pages: number; indexed: number }>(
      sql`select (select count(*) from pages) as pages, (select count(*) from pages_search) as indexed`,
    );
    expect(counts?.indexed).toBe(counts?.pages);
  });

  it('follows a publish from the dashboard', async () => {
    const site = await searchSite();
    const api = client(site, 'editor');
    expect((await api.put('/api/pages/en/okapi', { frontMatter: { title: 'Okapi' }, body: 'Forest giraffe.' })).status).toBe(200);
    expect(await site.paths('en', 'okapi')).toEqual([]); // saved, not published
    expect((await api.post('/api/builds/publish', { title: 'Okapi' })).status).toBe(200);
    expect(await site.paths('en', 'giraffe')).toEqual(['/en/okapi']);
    expect((await api.del('/api/pages/en/okapi')).status).toBe(200);
    expect((await api.post('/api/builds/publish', { title: 'No okapi' })).status).toBe(200);
    expect(await site.paths('en', 'giraffe')).toEqual([]);
  });

  it('keeps an index built before the page text was normalised in JS (migration 0015) searchable, snippets as written', async () => {
    const { db } = await createTestDeps();
    const upTo = migrations.findIndex((m) => m.name === '0015_search_text_normalised');
    await runMigrations(db, migrations.slice(0, upTo));
    const text = `كتابهاي من در سال ۱۳۹۷ و نیم${ZWNJ}فاصله`;
    await db.run(sql`insert into pages (locale, slug, source_path, source_hash, title, description, html, search_text, draft)
      values ('fa', 'old', 'content/fa/old.md', 'x', 'قديمي', '', ${`<p>${text}</p>`}, ${text}, 0)`);
    await db.run(sql`create table pages_next as select * from pages`);
    await runMigrations(db);
    // The stored text is the index's (folded as the old triggers did); staged rows of the old form are gone.
    expect((await db.get<{ t: string }>(sql`select search_text as t from pages where slug = 'old'`))?.t).toBe(
      normaliseSearch(text),
    );
    expect(await db.all(sql`select name from sqlite_master where name = 'pages_next'`)).toEqual([]);
    const hits = async (q: string) => (await searchPages(db, 'fa', q)).items;
    for (const query of ['کتابهای', '1397', 'نیمفاصله', 'قدیمی']) expect(await hits(query), query).toHaveLength(1);
    expect((await hits('1397'))[0]?.snippet).toContain('<mark>۱۳۹۷</mark>');
    // A page written after it: its text arrives normalised and is indexed as it is; the title is folded in SQL.
    await db.run(sql`update pages set title = 'كهنه', search_text = ${normaliseSearch('تازه ٤٢')} where slug = 'old'`);
    expect(await hits('کهنه')).toHaveLength(1);
    expect(await hits('۴۲')).toHaveLength(1);
    expect(await hits('1397')).toHaveLength(0);
  });

  it('finds titles and descriptions by every spelling of the table once migration 0018 re-creates the triggers and rebuilds the index', async () => {
    const { db } = await createTestDeps();
    const upTo = migrations.findIndex((m) => m.name === '0018_user_name_key_search_folds');
    await runMigrations(db, migrations.slice(0, upTo));
    // Indexed by the 0015 triggers: «آبی» and «مسألة» as written (alef madda, hamza seat, ta marbuta).
    await db.run(sql`insert into pages (locale, slug, source_path, source_hash, title, description, html, search_text, draft)
      values ('fa', 'old', 'content/fa/old.md', 'x', 'آسمان آبی', 'مسألة', '<p>متن</p>', 'متن', 0)`);
    const hits = async (q: string) => (await searchPages(db, 'fa', q)).items.length;
    expect(await hits('اسمان')).toBe(0);
    await runMigrations(db);
    for (const query of ['اسمان ابی', 'آسمان', 'مساله', 'مسئله']) expect(await hits(query), query).toBe(1);
    // And a page written after it, through the new triggers.
    await db.run(sql`update pages set title = 'إيران', description = 'خانۀ ما' where slug = 'old'`);
    for (const query of ['ایران', 'خانه', 'خانهٔ']) expect(await hits(query), query).toBe(1);
  });

  it('indexes pages indexed before search once a sync re-renders them', async () => {
    const site = await searchSite();
    // As after the upgrade: the text column empty, the index holding titles and descriptions only.
    await site.deps.db.run(sql`update pages set search_text = null, source_hash = 'old'`);
    expect(await site.paths('en', 'keratin')).toEqual([]);
    expect(await site.paths('en', 'markdown')).not.toContain('/en/about');
    await syncContent(site.deps.db, site.deps.contentRepository!, { force: true });
    expect((await site.search('en', 'markdown')).total).toBeGreaterThan(1);
  });
});
