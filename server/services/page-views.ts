import { pagePath } from '../../common/content';
import { type Locale, locales } from '../../common/locales';
import type { AppDeps } from '../deps';
import { getContentPage, getHome, logsPage } from './content';
import { siteOrigin } from './seo';
import { getSiteSettings, isInstalled } from './site';

/**
 * What each public content route's loader returns: the data of its view plus its SEO data
 * (app/lib/seo.ts). `undefined` means 404. Route loaders only call these.
 */
type ViewInput = { deps: AppDeps; locale: Locale; requestUrl: string };

const otherLocale = (locale: Locale) => locales.find((l) => l !== locale)!;

async function bothLocales(path: (locale: Locale) => string) {
  return Object.fromEntries(locales.map((l) => [l, path(l)])) as Record<Locale, string>;
}

export async function homeView({ deps, locale, requestUrl }: ViewInput) {
  // Before installation the root shows the installer and the content tables may not exist yet.
  const installed = await isInstalled(deps.db);
  const [{ page, latest, totalLogs }, site] = await Promise.all([
    installed ? getHome(deps.db, locale) : { page: undefined, latest: [], totalLogs: 0 },
    getSiteSettings(deps.db),
  ]);
  return {
    page: page ?? null,
    latest,
    totalLogs,
    seo: {
      origin: siteOrigin(deps.config.SITE_URL, requestUrl),
      path: `/${locale}`,
      alternates: await bothLocales((l) => `/${l}`),
      image: page?.thumbnail ?? site.defaultBanner,
      type: 'website' as const,
    },
  };
}

export async function contentPageView({ deps, locale, requestUrl, slug }: ViewInput & { slug: string }) {
  const clean = slug.replace(/^\/+|\/+$/g, '');
  if (!clean || !(await isInstalled(deps.db))) return undefined; // the home page has its own route
  const [page, site] = await Promise.all([getContentPage(deps.db, locale, clean), getSiteSettings(deps.db)]);
  if (!page) return undefined;
  const alternates: Partial<Record<Locale, string>> = { [locale]: pagePath(locale, page.slug) };
  if (page.translation) alternates[page.translation.locale] = pagePath(page.translation.locale, page.translation.slug);
  return {
    page,
    seo: {
      origin: siteOrigin(deps.config.SITE_URL, requestUrl),
      path: pagePath(locale, page.slug),
      alternates,
      image: page.thumbnail ?? site.defaultBanner,
      type: 'article' as const,
      ...(page.date ? { published: page.date } : {}),
    },
  };
}

/** The logs archive, or one category's archive when `cat` is given (only the site's categories). */
export async function archiveView({
  deps,
  locale,
  requestUrl,
  pageNumber,
  cat,
}: ViewInput & { pageNumber: number; cat?: string }) {
  if (!(await isInstalled(deps.db))) return undefined;
  const site = await getSiteSettings(deps.db);
  if (cat !== undefined && !site.cats.includes(cat)) return undefined;
  const result = await logsPage(deps.db, locale, pageNumber, cat);
  if (!result) return undefined;
  const base = cat ? `/cats/${encodeURIComponent(cat)}` : '/logs';
  const query = pageNumber > 1 ? `?page=${pageNumber}` : '';
  return {
    ...result,
    cat: cat ?? null,
    cats: site.cats,
    seo: {
      origin: siteOrigin(deps.config.SITE_URL, requestUrl),
      path: `/${locale}${base}${query}`,
      alternates: await bothLocales((l) => `/${l}${base}${l === otherLocale(locale) ? '' : query}`),
      image: site.defaultBanner,
      type: 'website' as const,
    },
  };
}
