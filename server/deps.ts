import type { AppConfig } from './config';
import type { ContentRepository } from './content/repository';
import type { AppLoadContext } from './context';
import type { Database } from './db/database';
import type { PageCacheStore } from './http/page-cache';
import type { PageViewRecorder } from './http/page-views';
import type { Mailer } from './mail/mailer';

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
  /** Where page views wait to be written; absent = one made by createApp (docs/analytics.md). */
  pageViews?: PageViewRecorder;
  /**
   * A re-index runs in steps of `chunkPages` pages, each within one invocation's CPU and D1 limits,
   * carried on after the response and by the cron (Workers; docs/decisions/0009-workers-chunked-sync.md).
   * Absent = the whole sync in one go, in this process (node).
   */
  chunkedSync?: { chunkPages: number; budgetMs: number; maxSteps: number };
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
