import type { ContentSyncState } from './content-sync';
import type { Locale } from './locales';
import { isLocale } from './locales';
import { isReservedSlug } from './paths';

/**
 * Authoring from the browser (docs/content.md "Writing and publishing"): the page paths the API
 * speaks and the JSON shapes of `/api/pages`, `/api/builds` and `/api/media`, shared by the
 * server and the dashboard.
 *
 * A page is named by its locale and its path in the content folder without `.md`:
 * `en` + `logs/hello` is `content/en/logs/hello.md`, served at `/en/logs/hello`. A folder's
 * `index` file is the folder's address: `index` is the home page (`/en`), `guides/index` is
 * `/en/guides`.
 */

/** What a page's unpublished change does. */
export type PendingKind = 'create' | 'update' | 'delete' | 'move';
export type PageRef = { locale: Locale; path: string };

export const PAGES_PAGE_SIZE = 20;
export const PAGE_PATH_MAX = 200;
/** Largest Markdown file the editor may save (a D1 row holds at most 2 MB). */
export const PAGE_SOURCE_MAX = 1_000_000;

/**
 * One path segment: starts with a letter or digit, then letters, digits, marks, the Persian
 * half-space (ZWNJ), `-` or `_`. No dots (a dot marks a file), no leading `.` or `_` (the indexer
 * skips those).
 */
const SEGMENT = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}\u200c_-]*$/u;

export type PagePathProblem = 'invalid' | 'reserved';

/** Why a page path cannot be written, or undefined when it can. */
export function pagePathProblem(path: string): PagePathProblem | undefined {
  if (!path || path.length > PAGE_PATH_MAX || !path.split('/').every((segment) => SEGMENT.test(segment))) return 'invalid';
  if (isReservedSlug(pageSlug(path))) return 'reserved';
  return undefined;
}

/** The address below the locale: `index` → '', `guides/index` → `guides`, `logs/hello` → `logs/hello`. */
export function pageSlug(path: string): string {
  const parts = path.split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  return parts.join('/');
}

/** `en`, `logs/hello` → `content/en/logs/hello.md`. */
export function pageFile(locale: Locale, path: string): string {
  return `content/${locale}/${path}.md`;
}

/** `content/en/logs/hello.md` → `{ locale: 'en', path: 'logs/hello' }`; undefined for other files. */
export function pageFromFile(file: string): PageRef | undefined {
  const match = /^content\/([^/]+)\/(.+)\.md$/.exec(file);
  if (!match || !isLocale(match[1])) return undefined;
  return { locale: match[1], path: match[2]! };
}

/** `en/logs/hello` (the `to` of a move) → a page reference; undefined when malformed. */
export function parsePageRef(value: string): PageRef | undefined {
  const slash = value.indexOf('/');
  const locale = value.slice(0, slash);
  if (slash < 0 || !isLocale(locale)) return undefined;
  return { locale, path: value.slice(slash + 1) };
}

// ---- GET /api/pages?locale=&query=&page= ----------------------------------------------------

export type PageListItem = {
  locale: Locale;
  path: string;
  title: string;
  cat: string | null;
  date: string | null;
  draft: boolean;
  /** ISO time of the last indexing, or of the pending change. */
  updatedAt: string;
  /** The same path in the other locale, when it exists there (published or pending). */
  translation: PageRef | null;
  pending: PendingKind | null;
  /**
   * An out-of-date translation: the ISO time its source (the pair's page in the site's main
   * language) changed after it; null when it is not one (docs/content.md "Outdated translations").
   */
  outdated?: string | null;
  /** The page's next own schedule (`PUT …/schedule`), when it has one: publish alone or back to draft, at an ISO time. */
  schedule?: { action: 'publish' | 'unpublish'; at: string };
};
export type PageList = { items: PageListItem[]; total: number };

/** `GET /api/translations/{locale}/{path}`: whether a page is an out-of-date translation, and what changed in its source. */
export type TranslationStatus = {
  outdated: {
    /** The pair's page in the site's main language. */
    source: PageRef;
    /** When, and by which commit, the source last changed. */
    changedAt: string;
    changedIn: string;
    /** When, and by which commit, the translation last changed. */
    since: string;
    sinceCommit: string;
    /** False when the source's file was not at its address then (the diff shows it whole). */
    sourceExisted: boolean;
    /** The source's change since `sinceCommit`, a unified diff; null when the two versions are too big to compare here. */
    diff: string | null;
  } | null;
};

/**
 * The page a translation is made from, shown beside it in the editor block by block (issue 37 §3;
 * docs/content.md "Translating side by side"): its top-level blocks as rendered, each marked when it
 * is new or changed since the translation was last published.
 */
export type TranslationSource = {
  page: PageRef;
  title: string;
  blocks: {
    /** The block rendered (sanitised); null for a block that renders as a widget (its Markdown shows). */
    html: string | null;
    markdown: string;
    /** Since the translation was last published: a new block, a changed one, or neither. */
    mark: 'new' | 'changed' | null;
  }[];
  /** When the translation was last published (what the marks compare with); null when it never was. */
  since: string | null;
  /** Whether the source's text at `since` was found (else no block is marked). */
  compared: boolean;
};

// ---- GET / PUT / DELETE /api/pages/{locale}/{...path}, POST …/move ---------------------------

/** Front matter as the editor sends and receives it: the indexer's fields, plus any others the file has. */
export type PageFrontMatter = {
  title: string;
  description?: string;
  thumbnail?: string;
  thumbnailAlt?: string;
  date?: string;
  author?: string;
  cat?: string;
  toc?: boolean;
  intro?: boolean;
  comments?: boolean;
  newsletter?: boolean;
  draft?: boolean;
  metaTitle?: string;
  noindex?: boolean;
  /** `members`: the rest after the first block only for signed-in readers; absent = public. */
  visibility?: 'public' | 'members';
  [field: string]: unknown;
};

/**
 * The front matter a new translation starts from (walk-through D9): the source's details that do
 * not depend on its language (date, author, category, image, switches), its own title and the
 * pairing key. The words of the source's language — description, tags, meta title — are left
 * empty for the translator: a Persian tag kept on the English page would list it under a
 * Persian tag.
 */
export function translationFrontMatter(source: PageFrontMatter, title: string, key: string | undefined): PageFrontMatter {
  const {
    title: _title,
    translationKey: _key,
    description: _description,
    tags: _tags,
    metaTitle: _metaTitle,
    ...details
  } = source;
  return { ...details, title, ...(key ? { translationKey: key } : {}) };
}

/**
 * A new translation at `path` of the page `source` (its address and front matter): its front matter
 * (translationFrontMatter) with the pairing key — the source's key, or its address — written only
 * when the translation's own address is not already that key. Used by the translate dialog and by
 * the editor opened with `?from=`.
 */
export function newTranslation(
  source: { page: PageRef; frontMatter: PageFrontMatter },
  path: string,
  title: string,
): PageFrontMatter {
  const { translationKey } = source.frontMatter;
  const key = typeof translationKey === 'string' && translationKey ? translationKey : pageSlug(source.page.path);
  return translationFrontMatter(source.frontMatter, title, key !== pageSlug(path) ? key : undefined);
}

export type PageDocument = PageRef & {
  frontMatter: PageFrontMatter;
  /** Markdown after the front matter. */
  body: string;
  pending: PendingKind | null;
  /** Git blob id of the published version the edit starts from; null for a page not published yet. */
  baseSha: string | null;
};

/**
 * `baseSha`: the published version the edit is based on (default: the one published now, or the
 * one a pending change started from). After a conflict, saving with the new `publishedSha` of the
 * open build keeps this version over the other one.
 */
export type SavePageRequest = { frontMatter: PageFrontMatter; body: string; message?: string; baseSha?: string | null };
export type MovePageRequest = { to: string };
/** `commit` is null when the request left nothing pending (deleting a page that was only a pending creation). */
export type SavedChange = { commit: { id: number; buildId: number } | null };

// ---- /api/builds ------------------------------------------------------------------------------

export type BuildStatus = 'open' | 'publishing' | 'published' | 'reverted' | 'failed';
export type BuildPerson = { id: string; username: string; displayName: string };
/** A change as builds list it: repository paths (`content/en/about.md`, `media/…`). */
export type BuildChange = { id: number; kind: PendingKind; path: string; from: string | null };

export type BuildSummary = {
  id: number;
  status: BuildStatus;
  title: string;
  commitSha: string | null;
  createdBy: BuildPerson | null;
  createdAt: string;
  publishedAt: string | null;
  changes: BuildChange[];
};
export type BuildList = { items: BuildSummary[] };

export type OpenBuildChange = BuildChange & {
  /** The page the change writes (for a move: its new place); null for media. */
  page: PageRef | null;
  message: string;
  author: BuildPerson | null;
  createdAt: string;
  baseSha: string | null;
  /** Blob id of the published version of the file (for a move: of its old place); null when none. */
  publishedSha: string | null;
  /** True when the published file is no longer the version the edit started from (publishing would be refused). */
  stale: boolean;
  /** Unified diff of the published file against the change; null for binary files (media). */
  diff: string | null;
};
/**
 * The build collecting changes; `id` is null when nothing was saved since the last publish.
 * `scheduledAt`: when it publishes itself (ISO), if a publish was scheduled.
 */
export type OpenBuild = {
  id: number | null;
  status: 'open' | 'publishing' | null;
  scheduledAt: string | null;
  scheduledBy: BuildPerson | null;
  changes: OpenBuildChange[];
};

// ---- a page's own schedule: /api/pages/{locale}/{path}/schedule, /api/schedules -----------------

/** A page's schedule: ISO instants, null when none of that kind. */
export type PageScheduleInfo = PageRef & {
  publishAt: string | null;
  unpublishAt: string | null;
  /** The pages scheduled with it (its translation), which go in the same commit. */
  group: PageRef[];
};
/** One entry of the calendar (`GET /api/schedules`). */
export type ScheduledItem = PageRef & { action: 'publish' | 'unpublish'; at: string; title: string };

/** `at` (ISO date-time with offset) in the future schedules the publish instead (202 `ScheduleResult`). */
export type PublishRequest = { title?: string; at?: string };
export type ScheduleResult = { id: number; status: 'scheduled'; at: string };
/** `id`: the editor build; `buildId`: the content build id now served at `builds/latest.json`. */
export type PublishResult = { id: number; commitSha: string; buildId: string };
/**
 * 202 on Workers when the index of a publish needs more than one step: committed, and indexed in
 * steps after the response (`sync`: its progress, as `GET /api/content/sync` gives it); the build is
 * `publishing` until the step that switches the index marks it published.
 */
export type PublishIndexing = { id: number; commitSha: string; buildId: null; sync: ContentSyncState };
/** The 409 of publish and revert: `data.conflicts` lists repository paths. */
export type ConflictData = { conflicts: string[] };

// ---- POST /api/media --------------------------------------------------------------------------

export const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export type MediaUpload = {
  url: string;
  path: string;
  width: number;
  height: number;
  bytes: number;
  /**
   * The widths of WebP copies the server asks the browser to make and send to `POST /api/media/variants`
   * (Workers, which cannot encode images; decision 0008); empty where the server makes its own.
   */
  variants: number[];
};
