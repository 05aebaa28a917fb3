import { describe, expect, it } from 'vitest';
import { type Appearance, customCssVersion, defaultAppearance } from '../../common/appearance';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createInstalledSite } from '../../tests/support/site';
import { readSiteState } from '../services/site';
import { exportSite, importSite, parseSiteExport } from '../services/site-export';
import { cacheVersion, createMemoryPageCache } from './page-cache';

type Site = Awaited<ReturnType<typeof createInstalledSite>>;
const as = (site: Site, who: 'owner' | 'editor' | 'member' = 'owner', locale = 'en') => client(site, who, locale);
const MAGAZINE: Appearance = {
  theme: 'magazine',
  options: { home: 'grid', header: 'accent' },
  accent: { light: '#1d4ed8', dark: '#93c5fd' },
  customCss: '.prose h2 { letter-spacing: -0.01em }',
  logo: '/media/2026/logo.png',
  favicon: null,
};

describe('appearance API (Settings → Appearance)', () => {
  it('saves a theme, its options, an accent and CSS; reads them back; the site state carries them', async () => {
    const site = await createInstalledSite();
    expect(await json(await as(site).get('/api/settings/appearance'))).toEqual(defaultAppearance);
    const saved = await as(site).put('/api/settings/appearance', { ...MAGAZINE, accent: { light: '#1D4ED8', dark: '#93C5FD' } });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toEqual(MAGAZINE);
    expect(await json(await as(site).get('/api/settings/appearance'))).toEqual(MAGAZINE);
    expect((await readSiteState(site.deps.db)).appearance).toEqual(MAGAZINE);
  });

  it('needs settings.edit to change and settings.read to read: members get 403, anonymous 401', async () => {
    const site = await createInstalledSite();
    expect((await as(site, 'member').get('/api/settings/appearance')).status).toBe(403);
    expect((await as(site, 'member').put('/api/settings/appearance', MAGAZINE)).status).toBe(403);
    expect((await site.app.request('/api/settings/appearance')).status).toBe(401);
    expect((await readSiteState(site.deps.db)).appearance).toBeUndefined();
  });

  it('refuses a failing contrast, an unknown theme and hostile CSS with 400 in the request language, changing nothing', async () => {
    const site = await createInstalledSite();
    expect((await as(site).put('/api/settings/appearance', MAGAZINE)).status).toBe(200);
    const version = await cacheVersion(site.deps.db);
    const cases: [Partial<Appearance>, string, string][] = [
      [
        { accent: { light: '#22c55e', dark: '#93c5fd' } },
        'In light mode #22c55e on #ffffff has a contrast of 2.2:1',
        'در حالت روشن',
      ],
      [{ accent: { light: '#1d4ed8', dark: '#1d4ed8' } }, 'In dark mode #1d4ed8', 'در حالت تیره'],
      [{ accent: { light: 'red', dark: '#93c5fd' } }, 'six hexadecimal digits', 'شش رقم'],
      [{ theme: 'hacker' }, 'Choose one of the installed themes', 'یکی از پوسته‌های نصب‌شده'],
      [{ options: { home: 'carousel', header: 'bar' } }, 'Choose one of the listed values for home', 'یکی از مقدارهای فهرست'],
      [{ customCss: 'a{}</style><script>alert(1)</script>' }, 'may not contain <', 'نباید ⁦<⁩'],
      [{ customCss: '@import url(https://evil.example/x.css);' }, '@import is not accepted', 'پذیرفته نیست'],
      [{ customCss: 'div{width:expression(alert(1))}' }, 'expression( runs code', 'کد اجرا می‌کند'],
      [{ customCss: 'div{background:url(javascript:alert(1))}' }, 'javascript: runs code', 'کد اجرا می‌کند'],
      [{ customCss: 'a'.repeat(8001) }, 'at most 8000 characters', '۸۰۰۰'],
      [{ logo: 'https://evil.example/logo.png' }, 'Must be a picture on this site', 'تصویری در همین سایت'],
      [{ favicon: 'javascript:alert(1)' }, 'Must be a picture on this site', 'تصویری در همین سایت'],
      [{ logo: '//evil.example/x.png' }, 'Must be a picture on this site', 'تصویری در همین سایت'],
      [{ favicon: '/media/a.png" onerror="alert(1)' }, 'Must be a picture on this site', 'تصویری در همین سایت'],
    ];
    for (const [change, en, fa] of cases)
      for (const [locale, words] of [
        ['en', en],
        ['fa', fa],
      ] as const) {
        const response = await as(site, 'owner', locale).put('/api/settings/appearance', { ...MAGAZINE, ...change });
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect(JSON.stringify(await json(response)), JSON.stringify(change)).toContain(words);
      }
    for (const body of [42, 'magazine', null, [], { theme: 5 }])
      expect((await as(site).put('/api/settings/appearance', body)).status, JSON.stringify(body)).toBe(400);
    expect(await json(await as(site).get('/api/settings/appearance'))).toEqual(MAGAZINE);
    expect(await cacheVersion(site.deps.db)).toBe(version);
  });

  it('a save reaches the very next anonymous request, also for pages already cached', async () => {
    const pageCache = createMemoryPageCache();
    const site = await createAuthoringSite({}, { pageCache });
    expect((await site.app.request('/en/about')).headers.get('x-cache')).toBe('MISS');
    expect((await site.app.request('/en/about')).headers.get('x-cache')).toBe('HIT');
    const version = await cacheVersion(site.deps.db);
    expect((await as(site).put('/api/settings/appearance', MAGAZINE)).status).toBe(200);
    // The version is the cache key on Node and on Workers: a new one means no page is answered from before.
    expect(await cacheVersion(site.deps.db)).not.toBe(version);
    expect((await site.app.request('/en/about')).headers.get('x-cache')).toBe('MISS');
    // Saving the same look again still moves it forward (one rule for every settings write).
    const second = await cacheVersion(site.deps.db);
    expect((await as(site).put('/api/settings/appearance', MAGAZINE)).status).toBe(200);
    expect(await cacheVersion(site.deps.db)).not.toBe(second);
  });

  it('serves the custom CSS as a stylesheet: cached for good at its versioned address only', async () => {
    const site = await createInstalledSite();
    const empty = await site.app.request('/appearance.css');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    expect((await as(site).put('/api/settings/appearance', MAGAZINE)).status).toBe(200);
    const current = await site.app.request(`/appearance.css?v=${customCssVersion(MAGAZINE.customCss)}`);
    expect(current.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(current.headers.get('x-content-type-options')).toBe('nosniff');
    expect(current.headers.get('cache-control')).toContain('immutable');
    expect(await current.text()).toBe(MAGAZINE.customCss);
    const stale = await site.app.request('/appearance.css?v=old');
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    expect(await stale.text()).toBe(MAGAZINE.customCss);
  });

  it('travels in the JSON export; an import refuses an appearance the screen would refuse', async () => {
    const from = await createInstalledSite();
    expect((await as(from).put('/api/settings/appearance', MAGAZINE)).status).toBe(200);
    const file = await exportSite(from.deps.db);
    expect(file.settings.find((setting) => setting.key === 'appearance')?.value).toEqual(MAGAZINE);
    const to = await createInstalledSite();
    await importSite(to.deps.db, parseSiteExport(JSON.stringify(file)));
    expect((await readSiteState(to.deps.db)).appearance).toEqual(MAGAZINE);

    const hostile = (value: unknown) =>
      JSON.stringify({
        ...file,
        settings: file.settings.map((setting) => (setting.key === 'appearance' ? { ...setting, value } : setting)),
      });
    for (const value of [
      { ...MAGAZINE, customCss: '</style><script>alert(1)</script>' },
      { ...MAGAZINE, accent: { light: '#ffff00', dark: '#93c5fd' } },
      { ...MAGAZINE, accent: { light: '#1d4ed8;}*{display:none', dark: '#93c5fd' } },
      { ...MAGAZINE, theme: 'unknown' },
      'magazine',
    ])
      expect(() => parseSiteExport(hostile(value)), JSON.stringify(value)).toThrow(/appearance is not accepted/);
  });
});
