import { type ArchivePeriod, archiveSlug, parseArchiveSlug, periodTotal } from '../../common/date-archive';
import { siteTimeZone } from '../../common/format';
import { splitImageSize } from '../../common/image-variants';
import { type Locale, locales, otherLocale } from '../../common/locales';
import { paths } from '../../common/paths';
import type { AppDeps, RequestState } from '../deps';
import { pageOrigin } from '../site-origin';
import { archiveCalendar, archivePeriodPage, authorPage, getContentPage, getHome, logsPage, tagPage } from './content';

/*
 * What each public content route's loader returns: the data of its view plus its SEO data
 * (app/lib/seo.ts). `undefined` means 404. Route loaders only call these, with the request state
 * createApp resolved once (installed, site settings, locale), so nothing here re-reads it.
 */
/** `request`: the page request, for the origin of its links when the site has no address (server/site-origin.ts). */
type ViewInput = { deps: AppDeps; state: RequestState; request: Request };

const inBothLocales = (path: (locale: Locale) => string) =>
  Object.fromEntries(locales.map((l) => [l, path(l)])) as Record<Locale, string>;

export async function homeView({ deps, state, request }: ViewInput) {
  const { locale, site } = state;
  // Before installation the root shows the installer and the content tables may not exist yet.
  const { page, latest, totalLogs } = state.installed
    ? await getHome(deps.db, locale, site)
    : { page: undefined, latest: [], totalLogs: 0 };
  return {
    page: page ?? null,
    colorMode: page?.colorMode ?? null,
    latest,
    totalLogs,
    seo: {
      origin: pageOrigin(deps, state, request),
      path: paths.home(locale),
      alternates: inBothLocales(paths.home),
      image: splitImageSize(page?.thumbnail ?? site.defaultBanner).src,
      type: 'website' as const,
    },
  };
}

export async function contentPageView({ deps, state, request, slug }: ViewInput & { slug: string }) {
  const { locale, site } = state;
  const clean = slug.replace(/^\/+|\/+$/g, '');
  if (!clean || !state.installed) return undefined; // the home page has its own route
  const page = await getContentPage(deps.db, locale, clean, site);
  if (!page) return undefined;
  const alternates: Partial<Record<Locale, string>> = { [locale]: paths.page(locale, page.slug) };
  if (page.translation) alternates[page.translation.locale] = paths.page(page.translation.locale, page.translation.slug);
  return {
    page,
    // The root puts it on <html> (app/lib/theme.ts forcedColorModeOf).
    colorMode: page.colorMode,
    kind: 'page' as const,
    seo: {
      origin: pageOrigin(deps, state, request),
      path: paths.page(locale, page.slug),
      alternates,
      image: splitImageSize(page.thumbnail ?? site.defaultBanner).src,
      ...(page.thumbnailAlt ? { imageAlt: page.thumbnailAlt } : {}),
      type: 'article' as const,
      ...(page.date ? { published: page.date } : {}),
    },
  };
}

/** The logs archive, or one category's archive when `cat` is given (only the site's categories). */
export async function archiveView({ deps, state, request, pageNumber, cat }: ViewInput & { pageNumber: number; cat?: string }) {
  const { locale, site } = state;
  if (!state.installed) return undefined;
  if (cat !== undefined && !site.cats.includes(cat)) return undefined;
  const [result, calendar] = await Promise.all([
    logsPage(deps.db, locale, pageNumber, cat),
    // The date archive's widget belongs to the logs' own page, not the categories'.
    cat === undefined ? archiveCalendar(deps.db, locale, siteTimeZone(site)) : [],
  ]);
  if (!result) return undefined;
  // The other language's archive may be shorter, so its alternate is its first page.
  const archive = (l: Locale, page?: number) => (cat ? paths.category(l, cat, page) : paths.logs(l, page));
  return {
    ...result,
    cat: cat ?? null,
    cats: site.cats,
    calendar,
    seo: {
      origin: pageOrigin(deps, state, request),
      path: archive(locale, pageNumber),
      alternates: inBothLocales((l) => archive(l, l === otherLocale(locale) ? undefined : pageNumber)),
      image: site.defaultBanner,
      type: 'website' as const,
    },
  };
}

/**
 * A date archive at a content address no page holds (`logs/1404/08`, common/date-archive.ts): the
 * period's pages, a redirect to the canonical spelling of the address (`logs/۱۴۰۴/8` →
 * `logs/1404/08`), or undefined (a 404) for no period or one without pages. A page published at
 * such an address is found before this is asked (app/routes/public/content-page.server.ts), so it
 * keeps its address. `slug`: the address below the locale, without slashes at its ends.
 */
export async function archivePeriodView({ deps, state, request, slug }: ViewInput & { slug: string }) {
  const { locale, site } = state;
  if (!state.installed) return undefined;
  const parsed = parseArchiveSlug(locale, slug);
  if (!parsed) return undefined;
  const url = new URL(request.url);
  if (parsed.slug !== slug) return { kind: 'redirect' as const, to: `${paths.page(locale, parsed.slug)}${url.search}` };
  const pageNumber = Number(url.searchParams.get('page') ?? '1');
  const zone = siteTimeZone(site);
  const calendar = await archiveCalendar(deps.db, locale, zone);
  const total = periodTotal(calendar, parsed.period);
  const result = await archivePeriodPage(deps.db, locale, { period: parsed.period, zone, total, pageNumber });
  if (!result) return undefined;
  const address = (l: Locale, page?: number) => {
    const base = paths.page(l, archiveSlug(parsed.period));
    return page && page > 1 ? `${base}?page=${page}` : base;
  };
  return {
    kind: 'archive' as const,
    ...result,
    period: parsed.period as ArchivePeriod,
    calendar,
    colorMode: null,
    seo: {
      origin: pageOrigin(deps, state, request),
      path: address(locale, pageNumber),
      // The other language counts in another calendar: its switch leads to its logs.
      alternates: { [locale]: address(locale, pageNumber) } as Partial<Record<Locale, string>>,
      switchTo: { [otherLocale(locale)]: paths.logs(otherLocale(locale)) } as Partial<Record<Locale, string>>,
      image: site.defaultBanner,
      type: 'website' as const,
    },
  };
}

/**
 * A listing that exists in the locales where it has pages (a tag's, an author's): its `hreflang`
 * alternates are its first page there, and the switcher leads to the other language's home when
 * it has none (common/language-switch.ts).
 */
function listingSeo(
  { deps, state, request }: ViewInput,
  address: (locale: Locale, page?: number) => string,
  pageNumber: number,
  found: readonly Locale[],
) {
  const { locale, site } = state;
  const alternates: Partial<Record<Locale, string>> = { [locale]: address(locale, pageNumber) };
  for (const other of found) if (other !== locale) alternates[other] = address(other);
  return {
    origin: pageOrigin(deps, state, request),
    path: address(locale, pageNumber),
    alternates,
    image: site.defaultBanner,
    type: 'website' as const,
  };
}

/** `/{locale}/tags/{tag}`: the tag's pages (server/services/content.ts tagPage); undefined is a 404. */
export async function tagView(input: ViewInput & { pageNumber: number; tag: string }) {
  const { deps, state, pageNumber, tag } = input;
  if (!state.installed) return undefined;
  const result = await tagPage(deps.db, state.locale, tag, pageNumber);
  if (!result) return undefined;
  const { slugs, ...rest } = result;
  const found = Object.keys(slugs) as Locale[];
  return { ...rest, tag, seo: listingSeo(input, (l, page) => paths.tag(l, slugs[l] ?? tag, page), pageNumber, found) };
}

/** `/{locale}/authors/{user}`: an account's pages (server/services/content.ts authorPage); undefined is a 404. */
export async function authorView(input: ViewInput & { pageNumber: number; user: string }) {
  const { deps, state, pageNumber, user } = input;
  if (!state.installed) return undefined;
  const result = await authorPage(deps.db, state.locale, user, pageNumber);
  if (!result) return undefined;
  const { locales: found, ...rest } = result;
  // The account's own spelling of its name is the page's address (a folded spelling finds it too).
  const address = (l: Locale, page?: number) => paths.author(l, result.author.user, page);
  return { ...rest, seo: listingSeo(input, address, pageNumber, found) };
}
