import { describe, expect, it } from 'vitest';
import { createInstalledSite } from '../../tests/support/site';
import { countPublicPages } from './content';
import { sitemapIndexXml, sitemapXml } from './seo';

const SITE = 'https://example.org';
const locs = (xml: string | undefined) => [...(xml ?? '').matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

describe('sitemap files', () => {
  it('splits a locale into files of at most N pages, listed by the index; the listings go in the first', async () => {
    const { deps } = await createInstalledSite();
    const count = await countPublicPages(deps.db, 'en');
    expect(count).toBeGreaterThan(4);
    const perFile = 3;
    const files = Math.ceil(count / perFile);
    const index = await sitemapIndexXml(deps.db, SITE, perFile);
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '').filter((loc) => loc.includes('/en/'))).toEqual([
      `${SITE}/en/sitemap.xml`,
      ...Array.from({ length: files - 1 }, (_, i) => `${SITE}/en/sitemap-${i + 2}.xml`),
    ]);

    const parts = await Promise.all(Array.from({ length: files }, (_, i) => sitemapXml(deps.db, SITE, 'en', i + 1, perFile)));
    // The listings (archive, categories, tags, authors) aside.
    const listing = (loc: string) =>
      loc === `${SITE}/en/logs` || ['cats', 'tags', 'authors'].some((folder) => loc.startsWith(`${SITE}/en/${folder}/`));
    const pages = parts.map((xml) => locs(xml).filter((loc) => !listing(loc)));
    for (const part of pages.slice(0, -1)) expect(part).toHaveLength(perFile);
    // Every public page exactly once, in address order, across the files.
    const all = pages.flat();
    expect(all).toHaveLength(count);
    expect(new Set(all).size).toBe(count);
    expect(locs(parts[0])).toContain(`${SITE}/en/logs`);
    expect(locs(parts[1])).not.toContain(`${SITE}/en/logs`);
    expect(locs(parts[0])).toContain(`${SITE}/en/tags/markdown`);
    expect(locs(parts[1])).not.toContain(`${SITE}/en/tags/markdown`);
    // The alternates survive the split: the English about page has its Persian one.
    expect(parts.join('')).toContain(`hreflang="fa" href="${SITE}/fa/about"`);

    expect(await sitemapXml(deps.db, SITE, 'en', files + 1, perFile)).toBeUndefined();
    expect(await sitemapXml(deps.db, SITE, 'en', 0, perFile)).toBeUndefined();
  });

  it('serves /{locale}/sitemap.xml; further files only when they exist, and no second name for the first', async () => {
    const { app } = await createInstalledSite();
    expect((await app.request('/en/sitemap.xml')).status).toBe(200);
    for (const path of ['/en/sitemap-2.xml', '/en/sitemap-1.xml', '/en/sitemap-02.xml', '/en/sitemap-x.xml', '/de/sitemap.xml'])
      expect((await app.request(path)).status, path).toBe(404);
  });
});
