import { describe, expect, it } from 'vitest';
import { languageSwitchTarget, type SwitchSource } from '../../common/language-switch';
import { isLocale, type Locale, otherLocale } from '../../common/locales';
import { createAuthoringSite } from '../../tests/support/authoring';
import { commitFiles } from '../../tests/support/content-repo';
import { syncContent } from './content-sync';
import { archiveView, authorView, contentPageView, homeView, tagView } from './public-pages';
import { searchView } from './search';
import { readSiteState } from './site';

const page = (title: string, extra = '') => `---\ntitle: "${title}"\n${extra}---\n\nText of ${title}.\n`;

/**
 * A site where English has more logs than Persian (two archive pages against one), a page in
 * English only, one in Persian only and one in both; and a stand-in for the router: the view each
 * public route's loader returns for an address (undefined: 404), or `{}` for the pages that exist
 * in both languages without SEO data (profile, login…).
 */
async function switchSite() {
  const site = await createAuthoringSite();
  const files: Record<string, string> = {
    'content/en/only-english.md': page('Only English'),
    'content/fa/only-persian.md': page('فقط فارسی'),
    'content/en/both.md': page('Both', 'tags: [shared, english-only]\nauthor: editor\n'),
    'content/fa/both.md': page('هر دو', 'tags: [shared, فقط-فارسی]\n'),
  };
  for (let i = 1; i <= 12; i++)
    files[`content/en/logs/extra-${i}.md`] = page(`Extra ${i}`, `date: 2026-01-${String(i).padStart(2, '0')}\ncat: notes\n`);
  commitFiles(site.deps.contentRepository!.location, files, 'Pages for the switcher');
  await syncContent(site.deps.db, site.deps.contentRepository!);
  const siteState = await readSiteState(site.deps.db);

  const view = async (address: string): Promise<{ seo?: SwitchSource['seo'] } | undefined> => {
    const url = new URL(address, 'http://localhost');
    const [, locale, ...rest] = decodeURIComponent(url.pathname).split('/');
    if (!isLocale(locale)) return undefined;
    const input = { deps: site.deps, state: { ...siteState, locale }, request: new Request(url.href) };
    const pageNumber = Number(url.searchParams.get('page') ?? 1);
    const path = rest.join('/');
    if (path === '') return homeView(input);
    if (path === 'logs') return archiveView({ ...input, pageNumber });
    if (rest[0] === 'cats' && rest.length === 2) return archiveView({ ...input, pageNumber, cat: rest[1] });
    if (path === 'search') return searchView(input);
    if (rest[0] === 'tags' && rest.length === 2) return tagView({ ...input, pageNumber, tag: rest[1]! });
    if (rest[0] === 'authors' && rest.length === 2) return authorView({ ...input, pageNumber, user: rest[1]! });
    if (['profile', 'login', 'register'].includes(path)) return {};
    return contentPageView({ ...input, slug: path });
  };
  /** Where the switcher of the page at `address` leads in the other language (what the server renders). */
  const switchOf = async (address: string) => {
    const url = new URL(address, 'http://localhost');
    const locale = url.pathname.split('/')[1] as Locale;
    const found = await view(address);
    const source: SwitchSource = found
      ? { pathname: url.pathname, search: url.search, seo: found.seo }
      : { pathname: url.pathname, search: url.search, error: true };
    return languageSwitchTarget(source, otherLocale(locale));
  };
  return { view, switchOf };
}

describe('the language switcher never leads to a 404 (issue 25)', () => {
  it('leads from every public route type, in both directions, to an address that answers', async () => {
    const site = await switchSite();
    const expected: [from: string, to: string][] = [
      // Pages: the translation, else the other home.
      ['/en/both', '/fa/both'],
      ['/fa/both', '/en/both'],
      ['/en/only-english', '/fa'],
      ['/fa/only-persian', '/en'],
      ['/en', '/fa'],
      ['/fa', '/en'],
      // Archives and categories: the other language's first page (it may have fewer).
      ['/en/logs?page=2', '/fa/logs'],
      ['/en/logs', '/fa/logs'],
      ['/fa/logs', '/en/logs'],
      ['/en/cats/notes?page=2', '/fa/cats/notes'],
      ['/fa/cats/notes', '/en/cats/notes'],
      // Search: the same query, from its first page.
      ['/en/search?q=extra&page=2', '/fa/search?q=extra'],
      ['/fa/search?q=%D9%87%D8%B1', '/en/search?q=%D9%87%D8%B1'],
      ['/en/search', '/fa/search'],
      // Tag and author pages: the other language's when it has the tag or the author's pages, else its home.
      ['/en/tags/shared', '/fa/tags/shared'],
      ['/fa/tags/shared', '/en/tags/shared'],
      ['/en/tags/english-only', '/fa'],
      [`/fa/tags/${encodeURIComponent('فقط-فارسی')}`, '/en'],
      ['/en/authors/editor', '/fa'],
      ['/en/tags/no-such-tag', '/fa'],
      ['/fa/authors/nobody', '/en'],
      // A 404, in either language: the other home.
      ['/en/no-such-page', '/fa'],
      ['/fa/no-such-page', '/en'],
      ['/fa/logs?page=9', '/en'],
      // Pages that exist in both languages: the same address.
      ['/en/profile', '/fa/profile'],
      ['/fa/profile', '/en/profile'],
      ['/fa/login?redirectTo=%2Ffa%2Fboth', '/en/login?redirectTo=%2Ffa%2Fboth'],
    ];
    for (const [from, to] of expected) {
      expect(await site.switchOf(from), from).toBe(to);
      expect(await site.view(to), `${from} → ${to} answers`).toBeDefined();
    }
    // The English archive has a second page; the Persian one does not (what the switcher avoids).
    expect(await site.view('/en/logs?page=2')).toBeDefined();
    expect(await site.view('/fa/logs?page=2')).toBeUndefined();
  });

  it('gives an untranslated page no hreflang alternate for the missing language', async () => {
    const site = await switchSite();
    expect((await site.view('/en/only-english'))?.seo?.alternates).toEqual({ en: '/en/only-english' });
    expect((await site.view('/fa/only-persian'))?.seo?.alternates).toEqual({ fa: '/fa/only-persian' });
    expect((await site.view('/en/both'))?.seo?.alternates).toEqual({ en: '/en/both', fa: '/fa/both' });
    // Search pages name only themselves as alternates; the switch is not an hreflang link.
    expect((await site.view('/en/search?q=x'))?.seo?.alternates).toEqual({ en: '/en/search?q=x' });
  });
});

describe('languageSwitchTarget', () => {
  it('keeps the query and hash of pages without SEO data, and sends error views home', () => {
    expect(languageSwitchTarget({ pathname: '/fa/manage/pages', search: '?page=2', hash: '#top' }, 'en')).toBe(
      '/en/manage/pages?page=2#top',
    );
    expect(languageSwitchTarget({ pathname: '/fa/manage/pages', error: true }, 'en')).toBe('/en');
    expect(languageSwitchTarget({ pathname: '/en/x', seo: { alternates: { en: '/en/x' } } }, 'fa')).toBe('/fa');
    expect(
      languageSwitchTarget({ pathname: '/en/x', seo: { alternates: { en: '/en/x' }, switchTo: { fa: '/fa/y' } } }, 'fa'),
    ).toBe('/fa/y');
  });
});
