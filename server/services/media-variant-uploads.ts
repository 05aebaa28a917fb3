import { and, eq } from 'drizzle-orm';
import { MAX_VARIANT_BYTES, takesVariants, variantHeight, variantWidthFor, variantWidths } from '../../common/image-variants';
import { bytesToBase64, fromBase64 } from '../content/github-repository';
import { imageInfo, isAnimated } from '../content/image-info';
import type { Database } from '../db/database';
import { mediaVariants } from '../db/schema';
import type { AppDeps, MediaVariantStore } from '../deps';
import { AppError } from '../errors';
import { formatBytes, pendingMediaSha, publishedMediaSha } from './media';

/*
 * Responsive copies made by the browser (decision 0008, Workers): after `POST /api/media` asks for
 * them (its `variants`), the editor draws the image on a canvas at each width, encodes WebP and
 * sends the copies here. The server never trusts them: each must be a still WebP by its bytes, at a
 * width the plan has for this very original, at the original's aspect (±1 px of height), under
 * MAX_VARIANT_BYTES and smaller than the original; any copy refused refuses the whole request and
 * keeps nothing. What it cannot check without a decoder is the picture itself: an editor (who may
 * publish any image anyway) could send a different picture of the right size.
 */

export type VariantFile = { type: string; bytes: Uint8Array };

/**
 * `POST /api/media/variants`: the copies of the media file at `path` (pending or published), each
 * checked; all kept, or none and a 4xx saying why. Answers the widths kept.
 */
export async function keepMediaVariants(
  deps: Pick<AppDeps, 'db' | 'contentRepository' | 'mediaVariants'>,
  path: string,
  files: VariantFile[],
): Promise<{ widths: number[] }> {
  const store = deps.mediaVariants;
  if (!store?.keep) throw new AppError(409, 'api.mediaVariantsMadeHere');
  const sha = (await pendingMediaSha(deps, path)) ?? (await publishedMediaSha(deps, path).catch(() => undefined));
  if (!sha || !deps.contentRepository) throw new AppError(404, 'api.mediaNotFound');
  if (!files.length) throw new AppError(400, 'api.mediaVariantMissing');
  const original = await deps.contentRepository.readBlobBytes(sha);
  const info = imageInfo(original);
  if (!info || !takesVariants(info) || isAnimated(original)) throw new AppError(422, 'api.mediaVariantsNone');
  const plan = variantWidths(info.width);
  if (!plan.length) throw new AppError(422, 'api.mediaVariantsNone');
  if (files.length > plan.length) throw new AppError(400, 'api.mediaVariantsTooMany', undefined, { n: plan.length });

  const copies: { width: number; bytes: Uint8Array }[] = [];
  for (const file of files) {
    const { bytes } = file;
    if (bytes.byteLength > MAX_VARIANT_BYTES)
      throw new AppError(413, 'api.mediaTooLarge', { limitBytes: MAX_VARIANT_BYTES }, { limit: formatBytes(MAX_VARIANT_BYTES) });
    const copy = imageInfo(bytes);
    if (file.type !== 'image/webp' || copy?.type !== 'image/webp' || isAnimated(bytes))
      throw new AppError(415, 'api.mediaVariantNotWebp');
    if (bytes.byteLength >= original.byteLength) throw new AppError(422, 'api.mediaVariantLarger');
    if (!plan.includes(copy.width) || copies.some((kept) => kept.width === copy.width))
      throw new AppError(422, 'api.mediaVariantWidth', undefined, { width: copy.width, widths: plan.join(', ') });
    if (Math.abs(copy.height - variantHeight(copy.width, info)) > 1)
      throw new AppError(422, 'api.mediaVariantAspect', undefined, {
        size: `${copy.width}×${copy.height}`,
        expected: `${copy.width}×${variantHeight(copy.width, info)}`,
      });
    copies.push({ width: copy.width, bytes });
  }
  await store.keep(sha, info.width, copies);
  return { widths: copies.map((copy) => copy.width).sort((a, b) => a - b) };
}

/**
 * The copies store of a platform without an image encoder (Workers): the browser's copies, checked
 * by `keepMediaVariants`, in the `media_variants` table. A copy's address serves the copy at the
 * planned width when it was handed in, else the original (as before copies existed).
 */
export function createTableMediaVariants(db: Database): MediaVariantStore {
  return {
    async variant(sha, width, read) {
      const kept = await db
        .select({ width: mediaVariants.width, originalWidth: mediaVariants.originalWidth })
        .from(mediaVariants)
        .where(eq(mediaVariants.blobSha, sha))
        .all();
      const planned = kept.length ? variantWidthFor(width, kept[0]!.originalWidth) : undefined;
      if (kept.length && planned === undefined) return undefined;
      if (planned !== undefined && kept.some((row) => row.width === planned)) {
        const row = await db
          .select({ data: mediaVariants.data })
          .from(mediaVariants)
          .where(and(eq(mediaVariants.blobSha, sha), eq(mediaVariants.width, planned)))
          .get();
        if (row) return { bytes: fromBase64(row.data), type: 'image/webp', width: planned };
      }
      const original = await read();
      const type = imageInfo(original)?.type;
      return type ? { bytes: original, type } : undefined;
    },
    // Copies come from the browser at upload time; nothing is made after a publish.
    prepare() {},
    idle: async () => undefined,
    async keep(sha, originalWidth, copies) {
      const createdAt = new Date();
      // One statement a copy (5 bound parameters; a row well under D1's 2 MB).
      for (const copy of copies)
        await db
          .insert(mediaVariants)
          .values({ blobSha: sha, width: copy.width, originalWidth, data: bytesToBase64(copy.bytes), createdAt })
          // The first copy kept stays: a published image's copies cannot be swapped afterwards.
          .onConflictDoNothing();
    },
  };
}
