import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageHandler } from '../../app/lib/app-context.server';
import { createApp } from '../../server/app';
import { syncContent } from '../../server/services/content-sync';
import { commitFiles } from '../support/content-repo';
import { createInstalledSite } from '../support/site';

/*
 * The reading pages' JSON-LD (issue 28 item 4) and the tag and author pages, rendered by the real
 * route modules (loaded from source by Vite, as `npm run dev` does) through the real app.
 */
let vite: ViteDevServer;
let build: ServerBuild;

beforeAll(async () => {
  vite = await createServer({ server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'silent' });
  build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
}, 180_000);

afterAll(async () => {
  await vite?.close();
});

const ATTACK = '</script><script>alert(1)</script>\u2028\u2029<!--';

async function renderingSite() {
  const site = await createInstalledSite();
  commitFiles(
    site.deps.contentRepository!.location,
    {
      'content/en/logs/attack.md': `---\ntitle: "${ATTACK.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace('\u2028', '\\L').replace('\u2029', '\\P')}"\ndescription: "a </script> in the description"\ndate: 2026-04-01\ncat: notes\nauthor: editor\ntags: ["</script><b>x", Books]\n---\n\nBody.\n`,
      'content/en/about-us.md': '---\ntitle: About us\n---\n\nText.\n',
    },
    'Pages for structured data',
  );
  const result = await syncContent(site.deps.db, site.deps.contentRepository!);
  expect(result.problems).toEqual([]);
  const app = createApp({ ...site.deps, pageHandler: createPageHandler(build), pageCache: undefined });
  const html = async (path: string) => {
    const response = await app.request(path);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  return { ...site, app, html };
}

/** Every JSON-LD block of a document, parsed (JSON.parse throws on a broken one). */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

describe('structured data', () => {
  it('describes a log as a BlogPosting with breadcrumbs, and no title breaks out of its script element', async () => {
    const { html } = await renderingSite();
    const page = await html('/en/logs/attack');
    // The attack is text: one script element each for the two blocks, none of the injected ones.
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).not.toMatch(/[\u2028\u2029]<!--/);
    const [posting, crumbs] = jsonLd(page);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: ATTACK,
      description: 'a </script> in the description',
      url: 'http://localhost/en/logs/attack',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'http://localhost/en/logs/attack' },
      inLanguage: 'en-US',
      datePublished: '2026-04-01',
      author: { '@type': 'Person', name: expect.any(String), url: 'http://localhost/en/authors/editor' },
      keywords: ['</script><b>x', 'Books'],
    });
    expect(posting!.image).toMatch(/^http:\/\/localhost\//);
    expect(new Date(posting!.dateModified as string).getTime()).not.toBeNaN();
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, item: 'http://localhost/en' },
        { '@type': 'ListItem', position: 2, item: 'http://localhost/en/cats/notes' },
        { '@type': 'ListItem', position: 3, name: ATTACK, item: 'http://localhost/en/logs/attack' },
      ],
    });
  });

  it('describes an undated page as a WebPage, and the home page as a WebSite with a SearchAction', async () => {
    const { html } = await renderingSite();
    const [about] = jsonLd(await html('/en/about-us'));
    expect(about).toMatchObject({ '@type': 'WebPage', name: 'About us', inLanguage: 'en-US' });
    expect(about).not.toHaveProperty('datePublished');
    const [site] = jsonLd(await html('/fa'));
    expect(site).toMatchObject({
      '@type': 'WebSite',
      url: 'http://localhost/fa',
      inLanguage: 'fa-IR',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'http://localhost/fa/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('tag and author pages', () => {
  it('render the tag’s and the author’s pages with links, feeds and JSON-LD; unknown ones are 404', async () => {
    const { html, app } = await renderingSite();
    const article = await html('/en/logs/attack');
    expect(article).toContain('href="/en/tags/books"');
    expect(article).toContain('href="/en/tags/script-b-x"');
    expect(article).toContain('href="/en/authors/editor"');
    const tag = await html('/en/tags/books');
    expect(tag).toContain('href="/en/logs/attack"');
    expect(tag).toContain('href="/en/tags/books/feed.xml"');
    expect(jsonLd(tag)[0]).toMatchObject({ '@type': 'CollectionPage', url: 'http://localhost/en/tags/books' });
    const author = await html('/en/authors/EDITOR');
    expect(author).toContain('href="/en/logs/attack"');
    expect(author).toContain('<link rel="canonical" href="http://localhost/en/authors/editor"/>');
    expect(jsonLd(author)[0]).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person' } });
    for (const path of [
      '/en/tags/nothing',
      '/en/tags/books?page=2',
      '/en/authors/member',
      '/en/authors/%3Cscript%3E',
      '/fa/tags/books',
    ])
      expect((await app.request(path)).status, path).toBe(404);
  });
});
