/*
 * The app's contract with its platforms: what a platform entry (platforms/node, platforms/workers)
 * hands to `createApp`, and what loaders receive. It owns every type it names, so it imports
 * nothing from the HTTP layer that implements them (server/http/page-cache.ts, page-views.ts).
 */

import type { Appearance } from '../common/appearance';
import type { PublishIndexing, PublishResult } from '../common/authoring';
import type { HeadTag } from '../common/head-code';
import type { Locale } from '../common/locales';
import type { SiteSettings } from '../common/site-settings';
import type { AppConfig } from './config';
import type { ContentRepository } from './content/repository';
import type { Database } from './db/database';
import type { Build, Commit, ContentSync } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { OutgoingWebhookTransport } from './outgoing-webhooks/transport';

/** Renders every page: React Router's request handler over the server build (app/lib/app-context.server.ts). */
export type PageHandler = (request: Request, load: AppLoadContext) => Promise<Response>;

/**
 * WebP copies of published images for `srcset` (decision 0008; node: sharp, kept under
 * `$DATA_DIR/media-variants`, never in git). Absent (Workers) = a copy's address serves the original.
 */
export type MediaVariantStore = {
  /**
   * The copy of image blob `sha` nearest `width` (common/image-variants.ts variantWidthFor), made
   * and kept when missing; `original` when no copy can be made (an animation, too many pixels, bytes
   * the decoder refuses); undefined when the blob is not an image or the width is never served.
   */
  variant(
    sha: string,
    width: number,
    read: () => Promise<Uint8Array>,
  ): Promise<{ bytes: Uint8Array; type: string; width?: number } | undefined>;
  /** Makes every planned copy of a just-published image, in the background, one image at a time. */
  prepare(sha: string, read: () => Promise<Uint8Array>): void;
  /** Settles when no copy is being made (tests, shutdown). */
  idle(): Promise<void>;
  /**
   * Present when this platform cannot encode images itself (Workers): it keeps copies the browser
   * made at upload time, which the server checked first (services/media-variant-uploads.ts). The
   * upload's answer then lists the widths it asks for.
   */
  keep?(sha: string, originalWidth: number, copies: { width: number; bytes: Uint8Array }[]): Promise<void>;
};

/** Where the installer's setup token lives until installation completes. */
export type SetupTokenStore = {
  read(): Promise<string | undefined>;
  clear(): Promise<void>;
};

/**
 * Everything the app needs from its platform. The node and workers entries build these (database
 * driver, content repository, secrets) and hand them to `createApp`; no product code reaches for
 * a platform itself.
 */
export type AppDeps = {
  config: AppConfig;
  db: Database;
  /** Shown by the installer: which driver, and a masked location. */
  databaseInfo: { driver: string; location: string };
  setupToken: SetupTokenStore;
  contentRepository?: ContentRepository;
  pageHandler?: PageHandler;
  /** Anonymous HTML cache of public pages (node: in memory); absent = no caching. */
  pageCache?: PageCacheStore;
  /** Responsive image copies; absent = none (docs/decisions/0008-responsive-images.md). */
  mediaVariants?: MediaVariantStore;
  /** Newsletter mail (node: SMTP, workers: an HTTP email API); absent = the newsletter is off. */
  mailer?: Mailer;
  /**
   * How outgoing webhooks reach their receivers (node: resolving names itself and refusing private
   * addresses at connect time); absent = `fetch` with the URL checks only (Workers).
   */
  webhookTransport?: OutgoingWebhookTransport;
  /** Where page views wait to be written; absent = one made by createApp (docs/analytics.md). */
  pageViews?: PageViewRecorder;
  /** Where the 404 log's hits wait to be written; absent = one made by createApp (docs/analytics.md "The 404 log"). */
  notFoundLog?: NotFoundRecorder;
  /**
   * Makes the content index match the repository (`Indexer` below). Node: in one go, in this
   * process; Workers: in steps, carried on after the response and by the cron (decision 0009).
   * Absent = in one go (server/services/indexer).
   */
  indexer?: Indexer;
  /** Trust `CF-Connecting-IP` (set by Cloudflare) for the client address. */
  trustCloudflareIp?: boolean;
  /**
   * PBKDF2 iterations for new password hashes; absent = `PASSWORD_ITERATIONS` (600 000), which
   * both platforms keep. Only tests lower it. Verification reads the count from the stored hash.
   */
  passwordIterations?: number;
  /**
   * The dashboard's "download a backup" (docs/operating.md): the same `.tar.gz` as the CLI's
   * `backup`. Node only; absent = not available on this platform (Workers: D1 has its own backups).
   */
  backup?: () => Promise<{ archive: Uint8Array; manifest: { createdAt: string; counts: Record<string, number> } }>;
};

/**
 * Whether the site is installed, its settings (merged over the defaults) and the public address
 * the installer recorded (absent on a site installed before it was: server/site-origin.ts):
 * `readSiteState`, one query.
 */
export type SiteState = {
  installed: boolean;
  site: SiteSettings;
  address?: string;
  /** The owner's head code (Settings → Code), when there is any: rendered on public pages, its script origins in their CSP. */
  headTags?: HeadTag[];
  /** Settings → Appearance, when the owner saved one (common/appearance.ts): the public pages' theme, accent and CSS. */
  appearance?: Appearance;
};

/** What is known about a page request before any loader runs, resolved once by createApp. */
export type RequestState = SiteState & { locale: Locale };

/**
 * What route loaders receive from the server (app/lib/app-context.server.ts hands it to React
 * Router): the platform's dependencies, this response's CSP nonce and the request state.
 */
export type AppLoadContext = {
  deps: AppDeps;
  /** CSP nonce for this response's inline scripts. */
  nonce?: string;
  state: RequestState;
};

/** The content codings a page is stored in, best first; `identity` is always there. */
export const PAGE_ENCODINGS = ['br', 'gzip', 'identity'] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

/** One stored encoding of a page: its bytes and the final headers of a 200 and of a 304. */
export type PageVariant = { body: Uint8Array<ArrayBuffer>; headers: Record<string, string>; notModified: Record<string, string> };

/**
 * A cached page: the same HTML in every encoding the store makes, each with its final headers, so
 * a hit only picks one and sends it (no compression, no header copying, no file system).
 */
export type CachedPage = {
  /** The strong validator of the identity bytes; the encoded variants carry it with a suffix. */
  etag: string;
  variants: Partial<Record<PageEncoding, PageVariant>> & { identity: PageVariant };
  /** All variants' bytes, for the store's size bound. */
  bytes: number;
};

/** Compresses a page for the store: brotli and/or gzip (node: zlib; elsewhere: CompressionStream). */
export type PageEncoder = (html: Uint8Array<ArrayBuffer>) => Promise<Partial<Record<'br' | 'gzip', Uint8Array<ArrayBuffer>>>>;

/** Where rendered anonymous pages are kept (node: process memory; Workers: the Cache API). */
export interface PageCacheStore {
  get(key: string): CachedPage | undefined | Promise<CachedPage | undefined>;
  set(key: string, page: CachedPage): void | Promise<void>;
  /** Drops every entry (and the remembered version), e.g. after a sync in this process. */
  clear(): void | Promise<void>;
  /** The last cache version read and when, on this process's monotonic clock (`performance.now()`; see pageCache's `versionTtlMs`). */
  version?: { value: string; at: number };
  /**
   * A version remembered beyond this process (Workers: the Cache API of the data centre), read when
   * `version` is too old and before the database, so a hit in a fresh isolate runs no query.
   */
  sharedVersion?: {
    /** `at`: when, on the wall clock of the isolate that wrote it (ms since 1970). */
    get(): Promise<{ value: string; at: number } | undefined>;
    set(version: { value: string; at: number }): Promise<void>;
    /** How long a shared version is trusted (ms). */
    ttlMs: number;
  };
  /** How the stored encodings are made; absent = gzip through CompressionStream. */
  encode?: PageEncoder;
  /** Slower, smaller encodings that replace the stored ones after the first response is sent. */
  refine?: PageEncoder;
}

/** One view as the request saw it; the address and user agent live only in memory until hashed (server/services/analytics.ts). */
export type PageViewHit = {
  at: number;
  locale: Locale;
  /** The page below the locale, decoded, without slashes at either end: '' (home), 'logs/hello'. */
  path: string;
  referrer: string | null;
  /** The site's host, so two sites in one database never share a visitor. */
  site: string;
  ip: string;
  userAgent: string;
};

export type WaitUntil = (promise: Promise<unknown>) => void;

/** Collects page views and writes them off the request path (docs/analytics.md). */
export type PageViewRecorder = {
  /** With `waitUntil` (Workers) the view is written after the response; otherwise it joins the next batch. */
  record(hit: PageViewHit, waitUntil?: WaitUntil): void;
  /** Writes the waiting batch now (tests, shutdown). */
  flush(): Promise<void>;
};

/** A request that answered 404, as the 404 log keeps it: the path only (no query, address or user agent). */
export type NotFoundHit = { path: string; bot: boolean; at: number };

/** Collects 404s and writes them off the request path, as PageViewRecorder does views. */
export type NotFoundRecorder = {
  record(hit: NotFoundHit, waitUntil?: WaitUntil): void;
  /** Writes the waiting batch now (tests, shutdown). */
  flush(): Promise<void>;
};

export type SyncProblem = { path: string; message: string };

/** What a finished sync did (server/services/content-sync.ts). */
export type SyncResult = {
  buildId: string;
  /** True when the published content differs from before (a new build id). */
  changed: boolean;
  commit?: string;
  added: string[];
  updated: string[];
  removed: string[];
  unchanged: number;
  problems: SyncProblem[];
};

/** What an indexer reads and clears: the database, the repository, the page cache, media copies. */
export type IndexDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'pageCache' | 'mediaVariants'>;

/**
 * A re-index as its caller sees it: done (`result`, the index switched or already current), or
 * under way with its row in `content_syncs` (paused by GitHub's rate limit, refused, or left to
 * further steps).
 */
export type Reindexing = { result: SyncResult } | { sync: ContentSync | undefined };

/** A claimed build whose commit landed: its index is made, and it becomes published with it. */
export type CommittedBuild = {
  build: Build;
  changes: Commit[];
  commitSha: string;
  publishedBy: string | null;
  /** Texts just committed, by blob id: not read back from the repository. */
  knownBlobs: ReadonlyMap<string, string>;
};

/**
 * "Make the index match this commit" (docs/content.md "Syncing", docs/architecture.md "Indexing"):
 * the one interface every caller uses — a re-index (by hand, a push, after an upgrade), a publish's
 * index, the jobs runner taking up what was left. Two strategies: in one go (Node:
 * server/services/indexer/in-one-go.ts) and in steps within an invocation's limits
 * (Workers: server/services/indexer/in-steps.ts). Both run the same sync (content-sync.ts) and
 * produce the same index for the same commit.
 */
export interface Indexer {
  /**
   * Re-indexes to the repository's head, recorded in `content_syncs` for the builds screen.
   * `force`: every page rendered again, and pages removed even when the sync would be refused.
   * `background` (a push): runs as far as this invocation may, and a pause by GitHub's rate limit
   * is thrown; otherwise (a request) a pause is answered as the sync's state.
   */
  reindex(deps: IndexDeps, options?: { force?: boolean; background?: boolean }): Promise<Reindexing>;
  /** Brings the index up to the head quietly (before a publish conflict is answered), at most one step. */
  refresh(deps: IndexDeps): Promise<void>;
  /** A publish's index: the build becomes published in the transaction that switches it. */
  publish(deps: IndexDeps, committed: CommittedBuild): Promise<PublishResult | PublishIndexing>;
  /** What a request left to do after its response (`waitUntil`); undefined = nothing. */
  afterResponse(deps: IndexDeps): Promise<unknown> | undefined;
  /**
   * The jobs runner: a sync left paused, failed or part-done is taken up again, within `budgetMs`
   * and `maxSteps` where the strategy works in steps.
   */
  resume(deps: IndexDeps, budget: { budgetMs?: number; maxSteps: number }): Promise<void>;
}
