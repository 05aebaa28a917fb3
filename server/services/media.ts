import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { MediaUpload } from '../../common/authoring';
import { takesVariants, variantWidths } from '../../common/image-variants';
import { gitBlobSha } from '../content/git-blob';
import { type ImageInfo, imageInfo, isAnimated, looksLikeSvg } from '../content/image-info';
import type { ContentRepository } from '../content/repository';
import { isUniqueViolation } from '../db/errors';
import { builds, commits } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { addChange, ensureOpenBuild, requireRepository } from './builds';
import { latestContentBuild } from './content-sync';
import { mediaUrl } from './media-settings';

export { mediaUrl };

/*
 * Media (docs/content.md "Media"): uploaded images are stored at once as git blobs in the content
 * repository (not in the database: D1 rows hold at most 2 MB) and added to the open build as a
 * change, so they are committed under `media/` with the next publish. Until then editors (who can
 * save pages) see them at their address; afterwards everyone does, with long-lived caching: the
 * file name carries the start of the content's hash, so an address never changes its bytes.
 */

type MediaDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'config' | 'mediaVariants'>;

export function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * The widths of WebP copies the browser is asked to make of an uploaded image (decision 0008): on a
 * platform that keeps handed-in copies (Workers), every planned width of a still image that gets
 * copies; none where the server makes its own (Node) or the image gets none.
 */
function variantsAsked(deps: Pick<AppDeps, 'mediaVariants'>, bytes: Uint8Array, info: ImageInfo) {
  return deps.mediaVariants?.keep && takesVariants(info) && !isAnimated(bytes) ? variantWidths(info.width) : [];
}

/** `Sunset Photo.JPG` → `sunset-photo`; Persian names keep their letters. */
function baseName(name: string) {
  const stem = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFC')
    .toLocaleLowerCase();
  const slug = stem
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || 'image';
}

/**
 * `POST /api/media`: checks the bytes (PNG, JPEG, WebP, GIF or AVIF; never SVG; at most
 * `MEDIA_MAX_BYTES`), stores them as a git blob and adds `media/{year}/{month}/{name}-{hash}.{ext}`
 * to the open build. Uploading the same file again gives the same address and no new change.
 */
export async function uploadMedia(
  deps: MediaDeps,
  userId: string,
  file: { name: string; type: string; bytes: Uint8Array },
  now = new Date(),
): Promise<MediaUpload> {
  const { db, config } = deps;
  const repository = requireRepository(deps);
  const max = config.MEDIA_MAX_BYTES;
  if (file.bytes.byteLength > max) throw new AppError(413, 'api.mediaTooLarge', { limitBytes: max }, { limit: formatBytes(max) });
  if (looksLikeSvg(file.bytes, file.name, file.type)) throw new AppError(415, 'api.mediaSvg');
  const info = imageInfo(file.bytes);
  if (!info) throw new AppError(415, 'api.mediaUnsupported');

  const sha = await gitBlobSha(file.bytes);
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const path = `media/${now.getUTCFullYear()}/${month}/${baseName(file.name)}-${sha.slice(0, 8)}.${info.extension}`;
  const result = {
    url: mediaUrl(path),
    path,
    width: info.width,
    height: info.height,
    bytes: file.bytes.byteLength,
    variants: variantsAsked(deps, file.bytes, info),
  };

  if ((await publishedMediaSha(deps, path)) === sha) return result;
  const build = await ensureOpenBuild(db, userId);
  const pending = await db
    .select({ blobSha: commits.blobSha })
    .from(commits)
    .where(and(eq(commits.buildId, build.id), eq(commits.path, path)))
    .get();
  if (pending?.blobSha === sha) return result;

  const stored = await repository.writeBlob(file.bytes);
  try {
    const id = await addChange(db, build.id, {
      path,
      content: null,
      blobSha: stored,
      kind: 'create',
      baseSha: null,
      fromPath: null,
      message: `Upload ${file.name || path}`.slice(0, 500),
      authorId: userId,
      createdAt: now,
    });
    if (id === undefined) throw new AppError(409, 'api.publishInProgress');
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // the same file uploaded twice at once: one change is enough
  }
  return result;
}

/** Published media files of a commit, listed once per commit (a commit never changes). */
const mediaListings = new WeakMap<ContentRepository, { commit: string; files: Promise<Map<string, string>> }>();

/** Published media files (path → blob id), as committed where the site was last indexed from. */
export async function publishedMedia(deps: Pick<AppDeps, 'db' | 'contentRepository'>): Promise<Map<string, string>> {
  const repository = deps.contentRepository;
  const commit = (await latestContentBuild(deps.db))?.commitSha;
  if (!repository || !commit) return new Map();
  let listing = mediaListings.get(repository);
  if (listing?.commit !== commit) {
    const files = repository.tree('media', commit).then((tree) => new Map(tree.map((file) => [file.path, file.sha])));
    listing = { commit, files };
    mediaListings.set(repository, listing);
    files.catch(() => mediaListings.delete(repository));
  }
  return listing.files;
}

/** The blob id of a published media file (in the commit the site was last indexed from). */
export async function publishedMediaSha(deps: Pick<AppDeps, 'db' | 'contentRepository'>, path: string) {
  return (await publishedMedia(deps)).get(path);
}

/** The blob id of a media file uploaded into the current build and not published yet. */
export async function pendingMediaSha(deps: Pick<AppDeps, 'db'>, path: string) {
  const row = await deps.db
    .select({ blobSha: commits.blobSha })
    .from(commits)
    .innerJoin(builds, eq(builds.id, commits.buildId))
    .where(and(eq(commits.path, path), isNotNull(commits.blobSha), inArray(builds.status, ['open', 'publishing'])))
    .get();
  return row?.blobSha ?? undefined;
}

/** The content type of a stored media file, from its bytes. */
export function mediaType(bytes: Uint8Array) {
  return imageInfo(bytes)?.type;
}
