import type { MiddlewareHandler } from 'hono';
import type { AppConfig } from '../config';

type SiteUrlConfig = Pick<AppConfig, 'NODE_ENV' | 'SITE_URL'>;

/**
 * What start-up should warn about in production (docs/spec.md §8): without SITE_URL, canonical
 * links, sitemaps and feeds name whatever host each request used.
 */
export function siteUrlStartupWarnings(config: SiteUrlConfig): string[] {
  if (config.NODE_ENV !== 'production' || config.SITE_URL) return [];
  return [
    'SITE_URL is not set: canonical links, sitemaps and feeds will use the host of each request. Set it to the public address, e.g. SITE_URL=https://example.com',
  ];
}

/**
 * Warns once per process, in production, when the site is reached on a host other than SITE_URL's:
 * pages would then point search engines and feed readers at the other address.
 */
export function warnOnSiteHostMismatch(config: SiteUrlConfig, warn: (message: string) => void = console.warn): MiddlewareHandler {
  if (config.NODE_ENV !== 'production' || !config.SITE_URL) return (_c, next) => next();
  const siteHost = new URL(config.SITE_URL).host;
  let warned = false;
  return async (c, next) => {
    if (!warned) {
      const host = new URL(c.req.url).host;
      if (host !== siteHost) {
        warned = true;
        warn(
          `This site is being served at ${host}, but SITE_URL says ${siteHost}: canonical links, sitemaps and feeds point at ${siteHost}.`,
        );
      }
    }
    await next();
  };
}
