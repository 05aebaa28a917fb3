import type { MetaDescriptor } from 'react-router';
import type { Locale } from '../../common/locales';
import { paths } from '../../common/paths';
import { pageTitle } from '../../common/site-settings';
import { absoluteUrl, type JsonLd, type LdContext } from '../../common/structured-data';
import { type MatchLike, rootData } from './root-data';

/** What a public page's loader tells the head about itself (built by server/services/public-pages.ts). */
export type SeoData = {
  /** Public origin: SITE_URL, or the request's origin when unset. */
  origin: string;
  /** This page's path, e.g. `/en/logs/hello`. */
  path: string;
  /** The same page in each locale where it exists (this one included): the hreflang links. */
  alternates: Partial<Record<Locale, string>>;
  /** Where the language switcher leads for a locale without an alternate (common/language-switch.ts); else that locale's home. */
  switchTo?: Partial<Record<Locale, string>>;
  /** Banner or default image (site path or absolute URL). */
  image: string;
  /** The image's alt text (front matter `thumbnailAlt`): `og:image:alt` and `twitter:image:alt`. */
  imageAlt?: string;
  type: 'website' | 'article';
  published?: string;
};

const ogLocale: Record<Locale, string> = { fa: 'fa_IR', en: 'en_US' };

/**
 * Title (docs/spec.md §1 'page - site name • description'), description, canonical URL, OpenGraph and
 * Twitter cards, hreflang alternates and the feed link of a public page.
 */
export function seoMeta(
  matches: readonly MatchLike[],
  page: {
    title?: string;
    /** Front matter `metaTitle`: the whole `<title>`, as written (no site name added); null/absent = the usual title. */
    metaTitle?: string | null;
    /** Front matter `noindex`: asks search engines not to index the page. */
    noindex?: boolean;
    description?: string;
    seo?: SeoData;
    /** The page's own Atom feed (a tag's, an author's), linked beside the locale's. */
    feed?: { href: string; title: string };
    /** The page's schema.org data (common/structured-data.ts), written as JSON-LD. */
    structuredData?: (context: LdContext) => JsonLd[];
  },
): MetaDescriptor[] {
  const root = rootData(matches);
  if (!root) return [{ title: page.title ?? 'Daftar' }];
  const { site, locale } = root;
  const title = page.metaTitle || pageTitle(site, locale, page.title);
  const description = page.description || site.description[locale];
  const tags: MetaDescriptor[] = [{ title }, { name: 'description', content: description }];
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex' });
  const seo = page.seo;
  if (!seo) return tags;
  const absolute = (path: string) => absoluteUrl(seo.origin, path);
  const url = absolute(seo.path);
  const image = absolute(seo.image);
  tags.push(
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: seo.type },
    { property: 'og:site_name', content: site.siteName[locale] },
    { property: 'og:title', content: page.title ?? site.siteName[locale] },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: ogLocale[locale] },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: page.title ?? site.siteName[locale] },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      href: absolute(paths.feed(locale)),
      title: site.siteName[locale],
    },
  );
  if (seo.imageAlt)
    tags.push({ property: 'og:image:alt', content: seo.imageAlt }, { name: 'twitter:image:alt', content: seo.imageAlt });
  if (page.feed)
    tags.push({
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      href: absolute(page.feed.href),
      title: page.feed.title,
    });
  // React Router's meta escapes `<`, `>`, `&`, U+2028 and U+2029 in it: no text of a page ends the element.
  for (const data of page.structuredData?.({ origin: seo.origin, locale, site }) ?? []) tags.push({ 'script:ld+json': data });
  if (seo.published) tags.push({ property: 'article:published_time', content: seo.published });
  for (const [other, path] of Object.entries(seo.alternates)) {
    if (other !== locale) tags.push({ property: 'og:locale:alternate', content: ogLocale[other as Locale] });
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: other, href: absolute(path) });
  }
  if (seo.alternates.fa)
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absolute(seo.alternates.fa) });
  return tags;
}
