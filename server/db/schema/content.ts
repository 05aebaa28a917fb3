import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { type BodySegment, PAGE_VISIBILITIES, type TocItem, type Widget } from '../../../common/content';
import { locales } from '../../../common/locales';
import type { PageTag } from '../../../common/tags';

/**
 * The serving index of published pages, rebuilt from the content repository (git is the source
 * of truth). Rendering happens at index time so a request only reads `html`.
 */
export const pages = sqliteTable(
  'pages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    locale: text('locale', { enum: locales }).notNull(),
    /** URL path below the locale, without leading slash: '' for home, 'logs/hello' … */
    slug: text('slug').notNull(),
    /**
     * `foldAddress(slug)` (common/persian-fold.ts: the one Persian folding, half-spaces dropped,
     * digits ASCII): an address typed another way finds its page by this index (server/http/redirects.ts,
     * docs/content.md "Addresses typed another way"). Null only on rows written before drizzle/0033.
     */
    slugKey: text('slug_key'),
    /** Path of the source file in the content repository. */
    sourcePath: text('source_path').notNull(),
    sourceHash: text('source_hash').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    /** Front matter `thumbnailAlt`: the banner's alt text (an imported featured image's); null = a decorative banner. */
    thumbnailAlt: text('thumbnail_alt'),
    date: text('date'),
    author: text('author'),
    cat: text('cat'),
    toc: text('toc', { mode: 'json' }).$type<{ depth: number; id: string; text: string }[]>(),
    intro: integer('intro', { mode: 'boolean' }).notNull().default(false),
    comments: integer('comments', { mode: 'boolean' }).notNull().default(false),
    newsletter: integer('newsletter', { mode: 'boolean' }).notNull().default(false),
    draft: integer('draft', { mode: 'boolean' }).notNull().default(false),
    /** Front matter `colorMode`: the page is always shown in this mode (common/color-mode.ts); null = the reader's choice. */
    colorMode: text('color_mode', { enum: ['light', 'dark'] }),
    /** Front matter `metaTitle`: the browser's and search engines' title (`<title>`) instead of `title`; null = `title`. */
    metaTitle: text('meta_title'),
    /** Front matter `noindex: true`: `<meta name="robots" content="noindex">`, and left out of the sitemap and the feeds. */
    noindex: integer('noindex', { mode: 'boolean' }).notNull().default(false),
    /**
     * Front matter `translationKey`: the page's translation is the page of the other language with
     * the same key, `coalesce(translation_key, slug)` (null = the page's own address, so pages at
     * one address in both languages stay paired). See server/services/content.ts translationOf.
     */
    translationKey: text('translation_key'),
    /**
     * Front matter `tags` (common/tags.ts), null for none. Triggers (drizzle/0020) keep `page_tags`,
     * the tag pages' index, in step with it, so the sync, the staging copy and a publish need no
     * second write.
     */
    tags: text('tags', { mode: 'json' }).$type<PageTag[]>(),
    /** `userNameKey(author)`: the account the front matter `author` names, if there is one (author pages). */
    authorKey: text('author_key'),
    /**
     * The body's HTML in one string, only for pages indexed before `body` existed: since drizzle/0026
     * it is '' and feeds, mail and the public API join the segments (common/content.ts pageHtml).
     */
    html: text('html').notNull(),
    /**
     * The body's plain text (server/content/search-text.ts: pageSearchText), which triggers copy,
     * normalised, into the full-text index `pages_search` (drizzle/0007_search.sql; contentless since 0026, so this is the one copy). Null for pages
     * indexed before it existed, until the next sync re-renders them.
     */
    searchText: text('search_text'),
    /**
     * The body as the page shows it: HTML segments and widgets (`{ widget: N }`, an index into
     * `widgets`), cut at the top level of the rendered tree (common/content.ts: BodySegment).
     * Null for pages indexed before renderer version 4, until the next sync re-renders them.
     */
    body: text('body', { mode: 'json' }).$type<BodySegment[]>(),
    /** The widgets the body places, in order. */
    widgets: text('widgets', { mode: 'json' }).$type<Widget[]>(),
    words: integer('words').notNull().default(0),
    /**
     * The newest commit that changed the page's file, and its committer time (the content sync,
     * from the repository's history; a moved file with the same bytes keeps its old file's): which
     * page of a translation pair changed last (server/services/translations.ts, docs/content.md
     * "Outdated translations"). Null until a sync records it.
     */
    lastCommit: text('last_commit'),
    lastCommitAt: integer('last_commit_at', { mode: 'timestamp_ms' }),
    indexedAt: integer('indexed_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    /**
     * Front matter `visibility` (docs/content.md "Members-only pages"). For `members`, every column a
     * reader who is not signed in can reach — `body`, `toc`, `search_text`, and so feeds, mail, the
     * public API, search and the sitemap — holds only the page's first block; the whole page is in
     * `members_body` alone, which only the content page reads, and only for a signed-in reader.
     */
    visibility: text('visibility', { enum: PAGE_VISIBILITIES }).notNull().default('public'),
    /** The whole body and table of contents of a `members` page (null for a public one). */
    membersBody: text('members_body', { mode: 'json' }).$type<{ body: BodySegment[]; toc: TocItem[] | null }>(),
  },
  (t) => [
    uniqueIndex('pages_locale_slug_unique').on(t.locale, t.slug),
    // An address typed another way (Arabic letters, no half-space, other digits): its page in one probe.
    index('pages_slug_key_idx').on(t.locale, t.slugKey, t.draft),
    index('pages_locale_date_idx').on(t.locale, t.date),
    index('pages_locale_cat_idx').on(t.locale, t.cat),
    // The logs archive and category pages (server/services/content.ts listLogs): the page of 10 and
    // the total come from the index alone, in its order, however many pages the site has.
    index('pages_logs_idx').on(t.locale, t.draft, sql`${t.date} desc`, t.slug).where(sql`${t.date} is not null`),
    // Public pages of a locale in address order and their count.
    index('pages_public_idx').on(t.locale, t.draft, t.slug),
    // The sitemap files (public, not `noindex`, in address order) and their count (the sitemap
    // index): a file's offset is skipped in the index alone, never reading a page's row (`noindex`
    // is the row's last column, behind the body).
    index('pages_sitemap_idx').on(t.locale, t.draft, t.noindex, t.slug),
    // The public API's list (server/services/public-api.ts): dated pages newest first, then the
    // undated by address, in the index's order, so page N skips index entries and sorts nothing.
    index('pages_api_idx').on(t.locale, t.draft, sql`${t.date} is null`, sql`${t.date} desc`, t.slug),
    index('pages_api_cat_idx').on(t.locale, t.draft, t.cat, sql`${t.date} is null`, sql`${t.date} desc`, t.slug),
    // The dashboard's pages list (server/services/pages.ts listPages): newest change first, then by
    // `locale/path` (the path is the source file's, `content/xx/` and `.md` cut), all languages or one.
    index('pages_manage_idx').on(
      sql`${t.indexedAt} desc`,
      t.locale,
      sql`substr(${t.sourcePath}, 12, length(${t.sourcePath}) - 14)`,
    ),
    index('pages_manage_locale_idx').on(
      t.locale,
      sql`${t.indexedAt} desc`,
      sql`substr(${t.sourcePath}, 12, length(${t.sourcePath}) - 14)`,
    ),
    index('pages_cat_logs_idx').on(t.locale, t.draft, t.cat, sql`${t.date} desc`, t.slug).where(sql`${t.date} is not null`),
    // A page by its file (the editor's save, move and delete; a publish's base versions): one row, not a scan.
    index('pages_source_path_idx').on(t.sourcePath),
    // A page's translation: the other language's page with the same key (its own address by default).
    index('pages_translation_idx').on(t.locale, sql`coalesce(${t.translationKey}, ${t.slug})`, t.draft),
    // An author's pages (/{locale}/authors/{user}), newest first, and their count.
    index('pages_author_idx')
      .on(t.locale, t.authorKey, t.draft, sql`${t.date} desc`, t.slug)
      .where(sql`${t.authorKey} is not null`),
  ],
);
export type Page = typeof pages.$inferSelect;

/**
 * One row per tag of a page (its front matter `tags`): written only by the triggers on `pages`
 * (drizzle/0021, 0029, 0036), never by the application. `tag` is the tag's key (common/tags.ts
 * tagKey: its slug without the breaks between words), `name` the name that page gives it.
 */
export const pageTags = sqliteTable(
  'page_tags',
  {
    pageId: integer('page_id').notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    tag: text('tag').notNull(),
    name: text('name').notNull(),
    /**
     * The page's `draft`, `date` and `slug`, copied by the same triggers (drizzle/0029), so a tag's
     * page lists its pages newest first and counts them from one index, reading only the rows it
     * shows (issue 35 F-1: a popular tag sorted every page it had, on every request).
     */
    draft: integer('draft', { mode: 'boolean' }).notNull().default(false),
    date: text('date'),
    slug: text('slug').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.tag] }),
    index('page_tags_locale_tag_idx').on(t.locale, t.tag),
    // A tag's page: its public pages newest first (undated last), and their count.
    index('page_tags_list_idx').on(t.locale, t.tag, t.draft, sql`${t.date} desc`, t.slug),
    // The tags of a language with their counts (suggestions, the sitemap): one pass over this index, no page read.
    index('page_tags_count_idx').on(t.locale, t.draft, t.tag, t.name),
  ],
);

/**
 * How many pages each language has, published (`draft` false) and drafts: kept by triggers on
 * `pages` (drizzle/0029_list_indexes.sql), so every writer of the index (a sync, its staging copy, a
 * publish) keeps it without a second write, and the overview and the dashboard's list read a count
 * in one row instead of counting 100 000 (issue 35 F-2). Never written by the application.
 */
export const pageCounts = sqliteTable(
  'page_counts',
  {
    locale: text('locale', { enum: locales }).notNull(),
    draft: integer('draft', { mode: 'boolean' }).notNull(),
    pages: integer('pages').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.draft] })],
);

/**
 * One row per published state of the content (docs/spec.md §4, §7 builds/latest.json). The id is a hash
 * of every indexed page's source, so it changes exactly when published content changes.
 */
export const contentBuilds = sqliteTable(
  'content_builds',
  {
    id: text('id').primaryKey(),
    /** Repository commit the index was built from. */
    commitSha: text('commit_sha'),
    rendererVersion: integer('renderer_version').notNull(),
    pageCount: integer('page_count').notNull(),
    /** Files that could not be indexed, with the reason: `[{ path, message }]`. */
    problems: text('problems', { mode: 'json' }).notNull().$type<{ path: string; message: string }[]>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('content_builds_created_idx').on(t.createdAt)],
);
export type ContentBuild = typeof contentBuilds.$inferSelect;

/**
 * Re-indexing runs (server/services/content-sync-runner.ts): the newest row is the sync in progress
 * or the last one finished. Its state lives here, not in a process, so any invocation can carry a
 * chunked sync on (Workers: the request that started it, then the per-minute cron) and the builds
 * screen shows its progress on either platform.
 */
export const contentSyncs = sqliteTable(
  'content_syncs',
  {
    id: text('id').primaryKey(),
    status: text('status', { enum: ['running', 'failed', 'done'] }).notNull(),
    /** Re-render every page, not only changed ones. */
    force: integer('force', { mode: 'boolean' }).notNull().default(false),
    /** The commit the last step read. */
    commitSha: text('commit_sha'),
    /** Pages rendered (staged) so far, of `total` this sync renders. */
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** Files found malformed so far, with their blob, so later steps report them without rendering them again. */
    problems: text('problems', { mode: 'json' }).notNull().$type<{ path: string; sha: string; message: string }[]>(),
    /** Why the last step failed (status `failed`): shown with a retry action. */
    error: text('error'),
    /** Until when the invocation running a step holds it; a step killed midway frees it when this passes. */
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    steps: integer('steps').notNull().default(0),
    /**
     * Steps failed in a row (Workers): the cron takes a failed sync up again by itself while this is
     * at most SYNC_AUTO_RETRIES (server/services/content-sync-runner.ts). A step that works, or Retry, resets it.
     */
    failures: integer('failures').notNull().default(0),
    /** The content build a finished sync made. */
    buildId: text('build_id'),
    /**
     * The editor build (`builds.id`) whose publish this sync indexes (Workers, a publish too big for
     * one step): the final step marks it published, with its redirects, in the index's transaction.
     */
    publishBuildId: integer('publish_build_id'),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('content_syncs_started_idx').on(t.startedAt)],
);
export type ContentSync = typeof contentSyncs.$inferSelect;
