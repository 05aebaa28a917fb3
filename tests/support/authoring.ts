import { and, eq } from 'drizzle-orm';
import { pageHtml } from '../../common/content';
import { isLocale } from '../../common/locales';
import { createApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { pages } from '../../server/db/schema';
import type { AppDeps, PageHandler } from '../../server/deps';
import { createInstalledSite, type InstalledSite } from './site';

type Who = 'owner' | 'editor' | 'member';

/**
 * A stand-in for React Router's page handler: a published page is a 200 with its title and HTML
 * straight from the serving index, anything else a 404. Enough to see what the public gets.
 */
export function indexPageHandler(db: Database): PageHandler {
  return async (request) => {
    const [, locale, ...rest] = decodeURIComponent(new URL(request.url).pathname).split('/');
    if (!isLocale(locale)) return new Response('Not found', { status: 404 });
    const page = await db
      .select({ title: pages.title, body: pages.body, storedHtml: pages.html })
      .from(pages)
      .where(and(eq(pages.locale, locale), eq(pages.slug, rest.join('/')), eq(pages.draft, false)))
      .get();
    if (!page) return new Response('Not found', { status: 404 });
    return new Response(`<h1>${page.title}</h1>${pageHtml(page.body, page.storedHtml)}`, {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  };
}

/** An installed site whose public pages answer from the index (indexPageHandler). */
export async function createAuthoringSite(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}) {
  const site = await createInstalledSite(env);
  const app = createApp({ ...site.deps, pageHandler: indexPageHandler(site.deps.db), ...deps });
  return { ...site, deps: { ...site.deps, ...deps }, app };
}

/** JSON requests to an installed site's API as one of its users, in one language. */
export function client(site: Pick<InstalledSite, 'app' | 'cookies'>, who: Who = 'editor', locale = 'en') {
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    site.app.request(path, {
      method,
      headers: {
        cookie: site.cookies[who],
        'x-locale': locale,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    send,
    get: (path: string) => send('GET', path),
    put: (path: string, body: unknown, headers?: Record<string, string>) => send('PUT', path, body, headers),
    del: (path: string) => send('DELETE', path),
    post: (path: string, body?: unknown) => send('POST', path, body),
  };
}

/** A page the authoring tests write: front matter the indexer knows, and mixed-direction text. */
export const hello = {
  frontMatter: { title: 'Hello from the editor', date: '2026-05-01', cat: 'notes', toc: true },
  body: '## First part\n\nمتن فارسی with English in one paragraph.\n',
};
