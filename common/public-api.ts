import { z } from 'zod';
import { PAGE_PATH_MAX, pagePathProblem, pageSlug } from './authoring';
import { type Locale, locales } from './locales';
import { paths } from './paths';
import { categorySlug } from './schemas/settings';

/*
 * The headless content API (`/api/public/*`, docs/api.md): the shapes of its answers and the schemas
 * its input is validated with. The OpenAPI document is generated from these same schemas.
 */

/** Pages per answer of `GET /api/public/pages` (the spec names no size for lists of this kind). */
export const PUBLIC_PAGES_PAGE_SIZE = 20;
/** The furthest page a list may ask for (a bound on OFFSET, not on the site's size in practice). */
export const PUBLIC_PAGES_PAGE_MAX = 10_000;
/** Where the headless API lives; its routes are public and never read a session (server/http/guards.ts). */
export const PUBLIC_API_PREFIX = '/api/public/';

/** The API address of a published page: the home page (empty slug) is `index`, as in the content folder. */
export const publicApiPath = (locale: Locale, slug: string) =>
  slug ? `${PUBLIC_API_PREFIX}pages${paths.page(locale, slug)}` : `${PUBLIC_API_PREFIX}pages/${locale}/index`;

/** `GET /api/public/pages?locale=&cat=&page=` */
export const publicPagesQuerySchema = z.object({
  locale: z.enum(locales, 'validation.invalid').meta({ description: 'The language of the pages.' }),
  cat: categorySlug.optional().meta({ description: 'Only pages of this category (front matter `cat:`).' }),
  page: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(PUBLIC_PAGES_PAGE_MAX, 'validation.invalid')
    .default(1)
    .meta({ description: `Page of ${PUBLIC_PAGES_PAGE_SIZE} pages, from 1.` }),
});

/**
 * `GET /api/public/pages/{locale}/{path}`: the page's address below the locale (`logs/hello`; the
 * home page is `index`). The path rule is the editor's (common/authoring.ts), so dots, empty
 * segments, control characters and reserved addresses never name a page.
 */
export const publicPageParamsSchema = z.object({
  locale: z.enum(locales, 'validation.invalid').meta({ description: 'The language of the page.' }),
  path: z
    .string()
    .max(PAGE_PATH_MAX, 'validation.invalid')
    .refine((path) => pagePathProblem(path) === undefined, 'validation.invalid')
    .meta({ description: 'The address below the locale (`logs/hello`); the home page is `index`.' }),
});

/** The address below the locale a valid path names. */
export const publicPageSlug = (path: string) => pageSlug(path);

const pageLinkSchema = z.object({
  locale: z.enum(locales),
  /** Below the locale, '' for the home page. */
  slug: z.string(),
  /** The page on the site: `/en/logs/hello`. */
  path: z.string(),
  /** The page in this API: `/api/public/pages/en/logs/hello`. */
  href: z.string(),
});

const pageFieldsSchema = pageLinkSchema.extend({
  title: z.string(),
  description: z.string(),
  /** `YYYY-MM-DD`, or null for undated pages. */
  date: z.string().nullable(),
  category: z.string().nullable(),
  /** The same address in the other language, when it is published there. */
  translation: pageLinkSchema.nullable(),
});

export const publicPageListSchema = z.object({
  items: z.array(pageFieldsSchema),
  page: z.int(),
  pageSize: z.int(),
  pageCount: z.int(),
  total: z.int(),
});

export const publicPageSchema = pageFieldsSchema.extend({
  thumbnail: z.string().nullable(),
  author: z.string().nullable(),
  /** The body's sanitised HTML (widgets such as "latest logs" are not included). */
  html: z.string().meta({
    description: 'The body as sanitised HTML, without widgets. For a members page (`members: true`), its first block only.',
  }),
  members: z.boolean().meta({
    description:
      'Front matter `visibility: members`: `html` holds the first block and `toc` is empty; the rest is read on the site by signed-in readers, never through this API.',
  }),
  toc: z.array(z.object({ depth: z.int(), id: z.string(), text: z.string() })),
  /** When the page was last indexed (ISO 8601). */
  updatedAt: z.string(),
});

export type PublicPageLink = z.infer<typeof pageLinkSchema>;
export type PublicPageList = z.infer<typeof publicPageListSchema>;
export type PublicPage = z.infer<typeof publicPageSchema>;

/** `GET /api/public/tags?locale=`: the tags of a language's public pages, most used first (the editor's suggestions). */
export const publicTagsQuerySchema = z.object({
  locale: z.enum(locales, 'validation.invalid').meta({ description: 'The language of the pages.' }),
});
/** At most this many tags in the answer. */
export const PUBLIC_TAGS_MAX = 1000;
export const publicTagListSchema = z.object({
  items: z
    .array(
      z.object({
        slug: z.string().meta({ description: 'The tag page is /{locale}/tags/{slug} (its name folded, common/tags.ts).' }),
        name: z.string(),
        pages: z.number().int().meta({ description: 'Public pages with the tag.' }),
      }),
    )
    .meta({ description: `Most used first, at most ${PUBLIC_TAGS_MAX}.` }),
});
export type PublicTagList = z.infer<typeof publicTagListSchema>;
