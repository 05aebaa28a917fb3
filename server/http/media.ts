import { Hono } from 'hono';
import { readRequestSession } from '../auth/sessions';
import { repositoryPath } from '../content/repository';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { mediaType, pendingMediaSha, publishedMediaSha, uploadMedia } from '../services/media';
import { type AuthEnv, requireUser } from './guards';
import { readSessionCookie } from './request';

/** `POST /api/media` (permission `commits.create`): multipart form with one `file`; 201 `{ url, path, width, height, bytes }`. */
export function createMediaApiRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.post('/', async (c) => {
    const user = requireUser(c);
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
  return routes;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `/media/…`: published media for everyone, with long-lived caching (the name carries the content
 * hash); media uploaded but not published yet only for users who may edit pages, never cached.
 * Anything that is not a recognised image is sent as a download, so nothing runs from the site's
 * origin.
 */
export function createMediaFileRoutes(deps: AppDeps) {
  const routes = new Hono();
  routes.get('/media/*', async (c) => {
    let file: string;
    try {
      file = repositoryPath(decodeURIComponent(new URL(c.req.url).pathname).slice(1));
    } catch {
      return c.text('Not found', 404);
    }
    const repository = deps.contentRepository;
    if (!repository) return c.text('Not found', 404);
    let sha = await publishedMediaSha(deps, file).catch(() => undefined);
    let cacheControl = IMMUTABLE;
    if (!sha) {
      const session = await readRequestSession(deps.db, readSessionCookie(c));
      const permissions = session?.user.permissions ?? [];
      if (permissions.includes('commits.create') || permissions.includes('dashboard.read'))
        sha = await pendingMediaSha(deps, file);
      cacheControl = 'private, no-store';
    }
    if (!sha) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    const etag = `"${sha}"`;
    if (
      c.req
        .header('if-none-match')
        ?.split(',')
        .some((tag) => tag.trim() === etag)
    )
      return c.body(null, 304, { ETag: etag, 'Cache-Control': cacheControl });
    const bytes = await repository.readBlobBytes(sha);
    const type = mediaType(bytes);
    const headers: Record<string, string> = {
      'Content-Type': type ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
      ETag: etag,
    };
    if (!type) headers['Content-Disposition'] = 'attachment';
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
  });
  return routes;
}
