import { type Context, Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import { mediaListQuerySchema } from '../../common/endpoints/media';
import { parseVariantUrl } from '../../common/image-variants';
import { isLocale } from '../../common/locales';
import { repositoryPath } from '../content/repository';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { mediaType, pendingMediaSha, publishedMediaSha, uploadMedia } from '../services/media';
import { checkMediaPath, deleteMedia, listMedia } from '../services/media-library';
import { settingsUsingMedia } from '../services/media-settings';
import { keepMediaVariants } from '../services/media-variant-uploads';
import { mediaFileOfUrl, previewMayReadMedia } from '../services/preview-links';
import { endpointsOn } from './endpoint';
import { type AuthEnv, mayReadPendingMedia, requireApiUser } from './guards';
import { readQuery } from './validate';

/**
 * `/api/media` (permissions in route-access.ts): the library (`GET`, `dashboard.read`), uploads and
 * deletions (`commits.create`). `{path}` is the file's address below `/media/`.
 */
export function createMediaApiRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/media');
  on(endpoints.media.list, async (c) => c.json(await listMedia(deps, readQuery(c, mediaListQuerySchema))));
  on(endpoints.media.delete, async (c) => {
    const user = requireApiUser(c);
    return c.json(await deleteMedia(deps, user.id, checkMediaPath(c.req.param('path'))));
  });
  // Multipart form with one `file`; 201 `{ url, path, width, height, bytes }`.
  on(endpoints.media.upload, async (c) => {
    const user = requireApiUser(c);
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError(400, 'api.mediaMissing');
    }
    const file = form.file;
    if (!(file instanceof File) || file.size === 0) throw new AppError(400, 'api.mediaMissing');
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await uploadMedia(deps, user.id, { name: file.name, type: file.type, bytes }), 201);
  });
  // Multipart form: `path` (below /media/) and one `file` a copy; 200 `{ widths }` (services/media-variant-uploads.ts).
  on(endpoints.media.variants, async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw new AppError(400, 'api.mediaVariantMissing');
    }
    if (typeof form.path !== 'string') throw new AppError(400, 'api.mediaPathInvalid');
    const path = checkMediaPath(form.path);
    const files = [form.file].flat().filter((file): file is File => file instanceof File);
    if (files.length !== [form.file].flat().filter((value) => value !== undefined).length)
      throw new AppError(400, 'api.mediaVariantMissing');
    const copies = await Promise.all(
      files.map(async (file) => ({ type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) })),
    );
    return c.json(await keepMediaVariants(deps, path, copies));
  });
  return routes;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Published media are for every page that shows them, on any site: `secureHeaders` (server/app.ts)
 * keeps a header a route set, so this replaces its `same-origin` on those answers only.
 */
const CROSS_ORIGIN = { 'Cross-Origin-Resource-Policy': 'cross-origin' };
/** A media file a request may read: its blob, its caching, and whether everyone may. */
type Located = { sha: string; cacheControl: string; public: boolean };
/** What a preview page sends (app/routes/public/preview.tsx), less the Cache-Control each answer sets. */
const PREVIEW_HEADERS = { 'X-Robots-Tag': 'noindex', 'Referrer-Policy': 'no-referrer' };

/**
 * `/media/…`: published media for everyone, with long-lived caching (the name carries the content
 * hash); media uploaded but not published yet only for users who may edit pages, never cached.
 * Anything that is not a recognised image is sent as a download, so nothing runs from the site's
 * origin. `/media/….w{width}.webp` is an image's WebP copy for `srcset` (decision 0008), under the
 * same rules as its original.
 */
export function createMediaFileRoutes(deps: AppDeps) {
  const routes = new Hono();

  /**
   * The blob of a media file this request may read, how long it may be cached, and whether it is
   * public: published (or live in the settings), so readable from any origin — a webmail, a feed
   * reader, a site showing the public API's HTML (CORP `cross-origin`). Anything pending keeps the
   * app's `same-origin`.
   */
  const locate = async (c: Context, url: string): Promise<Located | undefined> => {
    let file: string;
    try {
      file = repositoryPath(decodeURIComponent(url).slice(1));
    } catch {
      return undefined;
    }
    let sha = await publishedMediaSha(deps, file).catch(() => undefined);
    if (sha) return { sha, cacheControl: IMMUTABLE, public: true };
    sha = await pendingMediaSha(deps, file);
    if (!sha) return undefined;
    // A site image chosen in Settings is live once the settings are saved, published or not (D2):
    // everyone gets it. Its name carries its hash, so the bytes at the address never change.
    if ((await settingsUsingMedia(deps.db, file)).length) return { sha, cacheControl: 'public, max-age=300', public: true };
    if (await mayReadPendingMedia(deps, c)) return { sha, cacheControl: 'private, no-store', public: false };
    return undefined;
  };
  const notModified = (c: Context, etag: string) =>
    c.req
      .header('if-none-match')
      ?.split(',')
      .some((tag) => tag.trim() === etag);
  const notFound = (c: Context) => c.text('Not found', 404, { 'Cache-Control': 'no-store' });

  /** Sends the file at `url` (`/media/…`, or a WebP copy's address) that `find` says this request may read. */
  const serve = async (
    c: Context,
    url: string,
    find: (url: string) => Promise<Located | undefined>,
    preview: Record<string, string> = {},
  ) => {
    /** The answer's own headers: the preview's, and for public files the cross-origin policy. */
    const own = (found: Located) => (found.public ? { ...preview, ...CROSS_ORIGIN } : preview);
    const repository = deps.contentRepository;
    if (!repository) return notFound(c);
    // A copy's address wins over a file of that very name (`x.jpg.w640.webp` beside `x.jpg`).
    const variant = parseVariantUrl(url);
    const original = variant && (await find(variant.original));
    if (variant && original) {
      const etag = `"${original.sha}.w${variant.width}"`;
      const extra = own(original);
      if (notModified(c, etag)) return c.body(null, 304, { ...extra, ETag: etag, 'Cache-Control': original.cacheControl });
      const read = () => repository.readBlobBytes(original.sha);
      // Without a store (Workers) the copy's address serves the original image itself.
      const copy = deps.mediaVariants
        ? await deps.mediaVariants.variant(original.sha, variant.width, read)
        : await read().then((bytes) => {
            const type = mediaType(bytes);
            return type ? { bytes, type } : undefined;
          });
      if (!copy) return notFound(c);
      return c.body(copy.bytes as Uint8Array<ArrayBuffer>, 200, {
        ...extra,
        'Content-Type': copy.type,
        'Cache-Control': original.cacheControl,
        ETag: etag,
      });
    }
    const found = await find(url);
    if (!found) return notFound(c);
    const { sha, cacheControl } = found;
    const extra = own(found);
    const etag = `"${sha}"`;
    if (notModified(c, etag)) return c.body(null, 304, { ...extra, ETag: etag, 'Cache-Control': cacheControl });
    const bytes = await repository.readBlobBytes(sha);
    const type = mediaType(bytes);
    const headers: Record<string, string> = {
      ...extra,
      'Content-Type': type ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
      ETag: etag,
    };
    if (!type) headers['Content-Disposition'] = 'attachment';
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
  };

  routes.get('/media/*', (c) => serve(c, new URL(c.req.url).pathname, (url) => locate(c, url)));

  /*
   * `/{locale}/preview/{token}/media/…`: the pending images a preview link's page shows, to whoever
   * holds the link (services/preview-links.ts), under the preview's own headers. Nothing else: a
   * published file keeps its own address, anything else pending or a bad token is a 404.
   */
  routes.get('/:locale/preview/:token/media/*', async (c) => {
    const { locale, token } = c.req.param();
    const pathname = new URL(c.req.url).pathname;
    const prefix = `/${locale}/preview/${token}`;
    if (!isLocale(locale) || !pathname.startsWith(`${prefix}/media/`)) return notFound(c);
    const find = async (url: string) => {
      if (!(await previewMayReadMedia(deps, locale, token, url))) return undefined;
      const sha = await pendingMediaSha(deps, mediaFileOfUrl(url)!);
      return sha ? { sha, cacheControl: 'no-store', public: false } : undefined;
    };
    return serve(c, pathname.slice(prefix.length), find, PREVIEW_HEADERS);
  });
  return routes;
}
