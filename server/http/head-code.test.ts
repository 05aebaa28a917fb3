import { describe, expect, it } from 'vitest';
import type { HeadCode } from '../../common/head-code';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createInstalledSite } from '../../tests/support/site';
import { readSiteState } from '../services/site';
import { exportSite, importSite, parseSiteExport } from '../services/site-export';
import { contentSecurityPolicy } from './csp';
import { cacheVersion, createMemoryPageCache } from './page-cache';

type Site = Awaited<ReturnType<typeof createInstalledSite>>;
const owner = (site: Site, locale = 'en') => client(site, 'owner', locale);
const PLAUSIBLE =
  '<meta name="google-site-verification" content="abc123">\n<script defer data-domain="example.org" src="https://plausible.io/js/script.js"></script>';

/** The directives of a policy by name. */
const directives = (policy: string | null) =>
  Object.fromEntries(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('head code API (Settings → Code)', () => {
  it('saves pasted tags for the owner and reads them back, parsed; the site state carries them', async () => {
    const site = await createInstalledSite();
    expect(await json(await owner(site).get('/api/settings/code'))).toEqual({ source: '', tags: [] });
    const saved = await owner(site).put('/api/settings/code', { source: `  ${PLAUSIBLE}\n` });
    expect(saved.status).toBe(200);
    const body = (await json(saved)) as HeadCode;
    expect(body.source).toBe(PLAUSIBLE);
    expect(body.tags.map((tag) => tag.kind)).toEqual(['meta', 'script']);
    expect(await json(await owner(site).get('/api/settings/code'))).toEqual(body);
    expect((await readSiteState(site.deps.db)).headTags).toEqual(body.tags);
    // Emptied: nothing on the pages, nothing in the state.
    expect((await owner(site).put('/api/settings/code', { source: '' })).status).toBe(200);
    expect((await readSiteState(site.deps.db)).headTags).toBeUndefined();
  });

  it("is the owner's alone: editors (even with settings.edit) and members get 403, anonymous 401", async () => {
    const site = await createInstalledSite();
    for (const who of ['editor', 'member'] as const) {
      expect((await client(site, who).get('/api/settings/code')).status).toBe(403);
      expect((await client(site, who).put('/api/settings/code', { source: PLAUSIBLE })).status).toBe(403);
    }
    expect((await site.app.request('/api/settings/code')).status).toBe(401);
    expect((await readSiteState(site.deps.db)).headTags).toBeUndefined();
  });

  it('refuses bad code with 400 in the request language and keeps what was saved', async () => {
    const site = await createInstalledSite();
    expect((await owner(site).put('/api/settings/code', { source: PLAUSIBLE })).status).toBe(200);
    const before = await json(await owner(site).get('/api/settings/code'));
    const version = await cacheVersion(site.deps.db);
    const cases: [string, string, string][] = [
      ['<script>alert(1)</script>', 'Inline scripts are not accepted', 'اسکریپت درون‌خطی پذیرفته نیست'],
      ['<script src="javascript:alert(1)"></script>', 'Only https addresses', 'تنها نشانی‌های'],
      ['<script src="http://stats.example/x.js"></script>', 'Only https addresses', 'تنها نشانی‌های'],
      ['<iframe src="https://a.example"></iframe>', 'Only <meta>, <link> and', 'تنها برچسب‌های'],
      ['<script src="https://a.example/x.js" onload="alert(1)"></script>', 'Event handlers such as onload', 'رویدادگردان‌هایی'],
      ['<script src="https://a.example;script-src/x.js"></script>', 'must name a domain', 'باید نام یک دامنه باشد'],
      [`<meta name="x" content="${'a'.repeat(5001)}">`, 'Must be at most 5000 characters', 'حداکثر ۵۰۰۰ نویسه'],
    ];
    for (const [source, en, fa] of cases) {
      for (const [locale, words] of [
        ['en', en],
        ['fa', fa],
      ] as const) {
        const response = await owner(site, locale).put('/api/settings/code', { source });
        expect(response.status, source).toBe(400);
        expect(JSON.stringify(await json(response)), source).toContain(words);
      }
    }
    expect((await owner(site).put('/api/settings/code', { source: 42 })).status).toBe(400);
    expect((await owner(site).put('/api/settings/code', {})).status).toBe(400);
    expect(await json(await owner(site).get('/api/settings/code'))).toEqual(before);
    expect(await cacheVersion(site.deps.db)).toBe(version);
  });

  it('a save shows on the very next anonymous request, also for pages already cached', async () => {
    const pageCache = createMemoryPageCache();
    const site = await createAuthoringSite({}, { pageCache });
    expect((await site.app.request('/en/about')).headers.get('x-cache')).toBe('MISS');
    expect((await site.app.request('/en/about')).headers.get('x-cache')).toBe('HIT');
    const version = await cacheVersion(site.deps.db);
    expect((await owner(site).put('/api/settings/code', { source: PLAUSIBLE })).status).toBe(200);
    expect(await cacheVersion(site.deps.db)).not.toBe(version);
    expect((await site.app.request('/en/about')).headers.get('x-cache')).toBe('MISS');
  });

  it('travels in the JSON export, and an import refuses head code the screen would refuse', async () => {
    const from = await createInstalledSite();
    expect((await owner(from).put('/api/settings/code', { source: PLAUSIBLE })).status).toBe(200);
    const file = await exportSite(from.deps.db);
    const row = file.settings.find((setting) => setting.key === 'head_code');
    expect(row?.value).toMatchObject({ source: PLAUSIBLE });

    const to = await createInstalledSite();
    await importSite(to.deps.db, parseSiteExport(JSON.stringify(file)));
    expect((await readSiteState(to.deps.db)).headTags).toEqual((await readSiteState(from.deps.db)).headTags);

    const hostile = (value: unknown) =>
      JSON.stringify({
        ...file,
        settings: file.settings.map((setting) => (setting.key === 'head_code' ? { ...setting, value } : setting)),
      });
    const evil = { kind: 'script', src: 'https://evil.example/x.js', async: false, defer: false, data: {} };
    for (const value of [
      { source: '<script>alert(1)</script>', tags: [] },
      { source: '', tags: [evil] },
      { source: PLAUSIBLE, tags: [evil] },
      '<script src="https://evil.example/x.js"></script>',
    ])
      expect(() => parseSiteExport(hostile(value))).toThrow(/head code is not accepted/);
  });
});

describe('the content security policy', () => {
  it("is the site's own when there is no head code, and names exactly the given origins in script-src and connect-src", () => {
    const plain = directives(contentSecurityPolicy('n0nce'));
    expect(plain['script-src']).toEqual(["'self'", "'nonce-n0nce'", 'https://challenges.cloudflare.com']);
    expect(plain['connect-src']).toEqual(["'self'"]);
    const extended = directives(contentSecurityPolicy('n0nce', ['https://plausible.io', 'https://cloud.umami.is']));
    expect(extended['script-src']).toEqual([...(plain['script-src'] ?? []), 'https://plausible.io', 'https://cloud.umami.is']);
    expect(extended['connect-src']).toEqual(["'self'", 'https://plausible.io', 'https://cloud.umami.is']);
    // Nothing else moves.
    for (const name of Object.keys(plain))
      if (name !== 'script-src' && name !== 'connect-src') expect(extended[name]).toEqual(plain[name]);
  });

  it('is what the app sends with every response outside the page cache, a fresh nonce each time', async () => {
    const site = await createInstalledSite();
    const first = (await site.app.request('/api/health')).headers.get('content-security-policy');
    const nonce = /'nonce-([^']+)'/.exec(first ?? '')?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first).toBe(contentSecurityPolicy(nonce!));
    // Head code never reaches the API's policy.
    expect((await owner(site).put('/api/settings/code', { source: PLAUSIBLE })).status).toBe(200);
    expect((await site.app.request('/api/health')).headers.get('content-security-policy')).not.toContain('plausible.io');
  });
});
