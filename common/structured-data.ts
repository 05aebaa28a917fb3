import type { ContentPage } from './content';
import type { Locale } from './locales';
import { paths } from './paths';
import { categoryName, type SiteSettings } from './site-settings';

/**
 * schema.org structured data of the reading pages (docs/content.md "SEO", issue 28 item 4): plain
 * objects, which the head writes as `<script type="application/ld+json">` through React Router's
 * meta (`script:ld+json`, which escapes `<`, `>`, `&`, U+2028 and U+2029, so no text a page holds
 * can end the element). Data, not script: the CSP does not run or need it.
 */
export type JsonLd = Record<string, unknown>;
export type LdContext = { origin: string; locale: Locale; site: SiteSettings };

/** The language tags the site's pages are in (as OpenGraph's `fa_IR` / `en_US`). */
export const ldLanguage: Record<Locale, string> = { fa: 'fa-IR', en: 'en-US' };

const CONTEXT = 'https://schema.org';

/** A site path or an absolute address, made absolute on the site's origin. */
export function absoluteUrl(origin: string, path: string) {
  return /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Home → … → the page: each step's name and path. */
function breadcrumbs({ origin, locale, site }: LdContext, steps: { name: string; path: string }[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: site.siteName[locale], path: paths.home(locale) }, ...steps].map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absoluteUrl(origin, step.path),
    })),
  };
}

/** The home page: the site, and how to search it (`SearchAction` on the search route). */
export function websiteLd({ origin, locale, site }: LdContext): JsonLd[] {
  return [
    {
      '@context': CONTEXT,
      '@type': 'WebSite',
      name: site.siteName[locale],
      description: site.description[locale],
      url: absoluteUrl(origin, paths.home(locale)),
      inLanguage: ldLanguage[locale],
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(origin, paths.search(locale))}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/**
 * A content page: `BlogPosting` for a dated page (a log), `WebPage` for any other, and its
 * breadcrumbs (home → its category when the site lists it → the page).
 */
export function contentPageLd(context: LdContext, page: ContentPage, image: string): JsonLd[] {
  const { origin, locale, site } = context;
  const path = paths.page(locale, page.slug);
  const url = absoluteUrl(origin, path);
  const author = page.authorAccount
    ? {
        '@type': 'Person',
        name: page.authorAccount.name,
        url: absoluteUrl(origin, paths.author(locale, page.authorAccount.user)),
      }
    : page.author
      ? { '@type': 'Person', name: page.author }
      : undefined;
  const posting = Boolean(page.date);
  const main: JsonLd = {
    '@context': CONTEXT,
    '@type': posting ? 'BlogPosting' : 'WebPage',
    ...(posting ? { headline: page.title } : { name: page.title }),
    ...(page.description ? { description: page.description } : {}),
    url,
    ...(posting ? { mainEntityOfPage: { '@type': 'WebPage', '@id': url } } : {}),
    inLanguage: ldLanguage[locale],
    image: absoluteUrl(origin, image),
    ...(page.date ? { datePublished: page.date } : {}),
    dateModified: page.updatedAt,
    ...(author ? { author } : {}),
    ...(page.tags.length ? { keywords: page.tags.map((tag) => tag.name) } : {}),
    publisher: { '@type': 'Organization', name: site.siteName[locale], url: absoluteUrl(origin, paths.home(locale)) },
    // A members page: search engines see its first block only, and are told the rest needs an account.
    ...(page.members ? { isAccessibleForFree: false } : {}),
  };
  const steps = [
    ...(page.cat && page.catListed
      ? [{ name: categoryName(site, locale, page.cat), path: paths.category(locale, page.cat) }]
      : []),
    { name: page.title, path },
  ];
  return page.slug ? [main, breadcrumbs(context, steps)] : [main];
}

/** A tag's page (`CollectionPage`) or an author's (`ProfilePage` about a `Person`), with breadcrumbs. */
export function listingLd(
  context: LdContext,
  listing: { kind: 'tag' | 'author'; title: string; name: string; path: string; description?: string },
): JsonLd[] {
  const url = absoluteUrl(context.origin, listing.path);
  const main: JsonLd = {
    '@context': CONTEXT,
    '@type': listing.kind === 'tag' ? 'CollectionPage' : 'ProfilePage',
    name: listing.title,
    url,
    inLanguage: ldLanguage[context.locale],
    ...(listing.kind === 'author'
      ? {
          mainEntity: {
            '@type': 'Person',
            name: listing.name,
            url,
            ...(listing.description ? { description: listing.description } : {}),
          },
        }
      : {}),
  };
  return [main, breadcrumbs(context, [{ name: listing.title, path: listing.path }])];
}
