import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../common/site-settings';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createInstalledSite } from '../../tests/support/site';
import { cacheVersion, createMemoryPageCache } from './page-cache';

type Site = Awaited<ReturnType<typeof createInstalledSite>>;
const owner = (site: Site, locale = 'en') => client(site, 'owner', locale);
const read = async (site: Site) => (await json(await owner(site).get('/api/settings'))) as SiteSettings;
const issuePaths = (body: { data?: { issues?: { path: PropertyKey[] }[] } }) =>
  (body.data?.issues ?? []).map((issue) => issue.path.join('.'));

describe('settings API', () => {
  it('reads the whole settings object with its version, and saves a change that the next read returns', async () => {
    const site = await createInstalledSite();
    const response = await owner(site).get('/api/settings');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^"\d+"$/);
    const settings = (await json(response)) as SiteSettings;
    expect(settings).toMatchObject({ siteName: { fa: 'دفتر', en: 'Daftar' }, indexable: true, cats: expect.any(Array) });
    expect(settings.catLabels.notes).toEqual({ fa: 'یادداشت‌ها', en: 'Notes' });

    const next = {
      ...settings,
      siteName: { fa: 'دفتر من', en: 'My notebook' },
      mainMenu: [{ label: { fa: 'کتاب', en: 'Book' }, to: 'https://example.org/book' }],
    };
    const saved = await owner(site).put('/api/settings', next);
    expect(saved.status).toBe(200);
    expect(Number(JSON.parse(saved.headers.get('etag')!))).toBeGreaterThan(Number(JSON.parse(response.headers.get('etag')!)));
    expect(await read(site)).toEqual(next);
  });

  it('is settings.read / settings.edit: editors and members get 403, anonymous 401', async () => {
    const site = await createInstalledSite();
    const settings = await read(site);
    for (const who of ['editor', 'member'] as const) {
      expect((await client(site, who).get('/api/settings')).status).toBe(403);
      expect((await client(site, who).put('/api/settings', settings)).status).toBe(403);
    }
    expect((await site.app.request('/api/settings')).status).toBe(401);
    expect(await read(site)).toEqual(settings);
  });

  it('refuses invalid settings with 400 and field paths, in the request language', async () => {
    const site = await createInstalledSite();
    const settings = await read(site);
    const bad = {
      ...settings,
      siteName: { fa: '   ', en: 'x'.repeat(61) },
      defaultBanner: 'javascript:alert(1)',
      defaultAvatar: 'data:image/png;base64,AAAA',
      mainMenu: [
        { label: { fa: 'بد', en: 'Bad' }, to: 'javascript:alert(1)' },
        { label: { fa: 'بد', en: 'Bad' }, to: '//evil.example' },
        { label: { fa: 'زبان', en: 'Lang' }, to: '/en/about' },
        { label: { fa: 'ا', en: 'A' }, to: '/about' },
        { label: { fa: 'ب', en: 'B' }, to: '/about' },
        { label: { fa: '', en: 'C' }, to: ' /\\evil.example' },
      ],
      cats: ['notes', 'notes', '1abc', 'a b'],
      indexable: 'no',
    };
    const en = await owner(site).put('/api/settings', bad);
    expect(en.status).toBe(400);
    const body = await json(en);
    expect(issuePaths(body)).toEqual(
      expect.arrayContaining([
        'siteName.fa',
        'siteName.en',
        'defaultBanner',
        'defaultAvatar',
        'mainMenu.0.to',
        'mainMenu.1.to',
        'mainMenu.2.to',
        'mainMenu.5.label.fa',
        'mainMenu.5.to',
        'cats.2',
        'cats.3',
        'indexable',
      ]),
    );
    const message = (path: string) =>
      body.data.issues.find((issue: { path: PropertyKey[] }) => issue.path.join('.') === path)?.message;
    expect(message('siteName.en')).toBe('Must be at most 60 characters');
    expect(message('mainMenu.2.to')).toContain('without the language');
    expect(message('defaultBanner')).toContain('http(s)');

    const fa = await json(await owner(site, 'fa').put('/api/settings', bad));
    const faMessage = fa.data.issues.find((issue: { path: PropertyKey[] }) => issue.path.join('.') === 'siteName.en')?.message;
    expect(faMessage).toBe('حداکثر ۶۰ نویسه مجاز است');
    expect(await read(site)).toEqual(settings);
  });

  it('refuses duplicates, missing category names, overlong lists and strings', async () => {
    const site = await createInstalledSite();
    const settings = await read(site);
    const entry = (to: string) => ({ label: { fa: 'ب', en: 'B' }, to });
    const cases: [Partial<SiteSettings> & Record<string, unknown>, string][] = [
      [{ mainMenu: [entry('/about'), entry('/About')] }, 'mainMenu.1.to'],
      [{ mainMenu: Array.from({ length: 13 }, (_, i) => entry(`/p${i}`)) }, 'mainMenu'],
      [{ dashMenu: [entry('/about')] }, 'dashMenu.0.to'],
      [{ cats: [...settings.cats, 'extra'] }, 'catLabels.extra'],
      [{ catLabels: { ...settings.catLabels, ghost: { fa: 'شبح', en: 'Ghost' } } }, 'catLabels.ghost'],
      [{ footer: { fa: 'ف'.repeat(501), en: 'ok' } }, 'footer.fa'],
      [{ defaultAvatar: `/media/${'a'.repeat(2001)}` }, 'defaultAvatar'],
      [{ description: { fa: 'ok', en: undefined as unknown as string } }, 'description.en'],
    ];
    for (const [change, path] of cases) {
      const response = await owner(site).put('/api/settings', { ...settings, ...change });
      expect(response.status, path).toBe(400);
      expect(issuePaths(await json(response)), path).toContain(path);
    }
    const notJson = await owner(site).send('PUT', '/api/settings', undefined, { 'content-type': 'application/json' });
    expect(notJson.status).toBe(400);
  });

  it('accepts site paths with Persian letters, queries and https menu targets, and a /media banner', async () => {
    const site = await createInstalledSite();
    const settings = await read(site);
    const next: SiteSettings = {
      ...settings,
      defaultBanner: '/media/2026/banner.webp',
      defaultAvatar: 'https://cdn.example.org/avatar.png',
      mainMenu: [
        { label: { fa: 'خانه', en: 'Home' }, to: '/' },
        { label: { fa: 'درباره', en: 'About' }, to: '/درباره' },
        { label: { fa: 'جست‌وجو', en: 'Search' }, to: '/logs?page=2' },
        { label: { fa: 'گیت‌هاب', en: 'GitHub' }, to: 'https://github.com/example' },
      ],
    };
    expect((await owner(site).put('/api/settings', next)).status).toBe(200);
    expect((await read(site)).mainMenu).toEqual(next.mainMenu);
  });

  it('refuses to remove a category that indexed pages use, naming how many; an unused one can go', async () => {
    const site = await createInstalledSite();
    const settings = await read(site);
    const { tuts: _, ...labels } = settings.catLabels;
    const withoutTuts = { ...settings, cats: settings.cats.filter((cat) => cat !== 'tuts'), catLabels: labels };
    const en = await owner(site).put('/api/settings', withoutTuts);
    expect(en.status).toBe(409);
    const body = await json(en);
    // Two sample logs per language are tutorials.
    expect(body.message).toContain('“tuts” is used by 4 published pages');
    expect(body.data.usage).toEqual({ tuts: 4 });
    expect(issuePaths(body)).toEqual(['cats']);
    expect((await json(await owner(site, 'fa').put('/api/settings', withoutTuts))).message).toContain('در ۴ صفحهٔ منتشرشده');
    expect((await read(site)).cats).toContain('tuts');

    const added = {
      ...settings,
      cats: [...settings.cats, 'poems'],
      catLabels: { ...settings.catLabels, poems: { fa: 'شعر', en: 'Poems' } },
    };
    expect((await owner(site).put('/api/settings', added)).status).toBe(200);
    expect((await owner(site).put('/api/settings', settings)).status).toBe(200);
    expect((await read(site)).cats).not.toContain('poems');
  });

  it('with If-Match, refuses a save based on an older version (412)', async () => {
    const site = await createInstalledSite();
    const first = await owner(site).get('/api/settings');
    const etag = first.headers.get('etag')!;
    const settings = (await json(first)) as SiteSettings;
    expect((await owner(site).put('/api/settings', { ...settings, indexable: false }, { 'if-match': etag })).status).toBe(200);
    const stale = await owner(site).put('/api/settings', settings, { 'if-match': etag });
    expect(stale.status).toBe(412);
    expect((await json(stale)).message).toContain('Someone else saved');
    expect((await owner(site).put('/api/settings', settings, { 'if-match': 'W/"x"' })).status).toBe(412);
    expect((await read(site)).indexable).toBe(false);
  });

  it('every save moves updated_at forward, even several in one millisecond, so cached pages change key', async () => {
    const site = await createInstalledSite();
    const settings = await read(site);
    const versions = [await cacheVersion(site.deps.db)];
    for (let i = 0; i < 3; i++) {
      expect(
        (await owner(site).put('/api/settings', { ...settings, footer: { fa: `پانویس ${i}`, en: `Footer ${i}` } })).status,
      ).toBe(200);
      versions.push(await cacheVersion(site.deps.db));
    }
    expect(new Set(versions).size).toBe(4);
    const stamps = versions.map((version) => Number(version!.split('.').at(-1)));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
  });

  it('a save shows on the very next anonymous request, also for pages already cached', async () => {
    const pageCache = createMemoryPageCache();
    const site = await createAuthoringSite({}, { pageCache });
    // The index handler shows the page; settings reach pages through the cache key and headers.
    const first = await site.app.request('/en/about');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect((await site.app.request('/en/about')).headers.get('x-cache')).toBe('HIT');
    const settings = await read(site);
    expect((await owner(site).put('/api/settings', { ...settings, indexable: false })).status).toBe(200);
    const after = await site.app.request('/en/about');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(after.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('indexable: false disallows everything in robots.txt and sends X-Robots-Tag: noindex with pages', async () => {
    const site = await createAuthoringSite();
    const robots = await (await site.app.request('/robots.txt')).text();
    expect(robots).toContain('Allow: /\n');
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    expect((await site.app.request('/en/about')).headers.get('x-robots-tag')).toBeNull();

    const settings = await read(site);
    expect((await owner(site).put('/api/settings', { ...settings, indexable: false })).status).toBe(200);
    const closed = await site.app.request('/robots.txt');
    expect(closed.headers.get('cache-control')).toBe('no-cache');
    expect(await closed.text()).toBe('User-agent: *\nDisallow: /\n');
    expect((await site.app.request('/en/about')).headers.get('x-robots-tag')).toBe('noindex');
    expect((await site.app.request('/fa/no-such-page')).headers.get('x-robots-tag')).toBe('noindex');
  });
});
