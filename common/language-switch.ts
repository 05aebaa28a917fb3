import { type Locale, switchLocalePath } from './locales';
import { paths } from './paths';

/**
 * Where the language switcher leads (docs/content.md "Language switcher"): never to a 404.
 * - A public page with SEO data (home, content pages, archives, categories, search) goes to its
 *   hreflang alternate in that language, else to the page its loader names for the switch
 *   (`switchTo`: search keeps the query), else — a page not translated yet — to that language's home.
 * - An error page (404, 403, 500) goes to that language's home.
 * - Any other page (login, register, profile, the dashboard…) exists in both languages: the same
 *   path, query and hash under the other locale.
 */
export type SwitchSource = {
  pathname: string;
  search?: string;
  hash?: string;
  /** The route's SEO data (app/lib/seo.ts SeoData), when it has any. */
  seo?: { alternates?: Partial<Record<Locale, string>>; switchTo?: Partial<Record<Locale, string>> };
  /** The page is an error view. */
  error?: boolean;
};

export function languageSwitchTarget(source: SwitchSource, target: Locale): string {
  if (source.error) return paths.home(target);
  if (source.seo) return source.seo.alternates?.[target] ?? source.seo.switchTo?.[target] ?? paths.home(target);
  return `${switchLocalePath(source.pathname, target)}${source.search ?? ''}${source.hash ?? ''}`;
}
