import { z } from 'zod';
import { locales } from '../locales';
import { tooLong } from '../messages';
import { SEARCH_PAGE_MAX, SEARCH_QUERY_MAX } from '../search';
import { declare } from './define';

/** The query string of `GET /api/search`; a missing or empty `q` finds nothing (not an error). */
export const searchQuerySchema = z.object({
  locale: z.enum(locales, 'validation.invalid'),
  q: z.string().max(SEARCH_QUERY_MAX, tooLong(SEARCH_QUERY_MAX)).default(''),
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(SEARCH_PAGE_MAX, 'validation.invalid')
    .default(1),
});

export const search = declare({
  // Site search over published pages (docs/content.md "Search").
  pages: {
    method: 'GET',
    path: '/api/search',
    access: 'public',
    tag: 'search',
    en: 'Search the published pages',
    fa: 'جست‌وجو در صفحه‌های منتشرشده',
    query: searchQuerySchema,
  },
});
