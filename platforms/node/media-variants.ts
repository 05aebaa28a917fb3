import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Sharp from 'sharp';
import {
  IMAGE_QUALITY,
  MAX_VARIANT_INPUT_PIXELS,
  takesVariants,
  variantWidthFor,
  variantWidths,
} from '../../common/image-variants';
import { imageInfo } from '../../server/content/image-info';
import type { MediaVariantStore } from '../../server/deps';

/*
 * The node target's responsive image copies (decision 0008): sharp (libvips) encodes WebP at
 * quality 70; copies live in `$DATA_DIR/media-variants/{sha}/w{width}.webp`, a cache derived from the
 * content repository — never committed, made again when missing (a restored backup, a new server).
 * File names come only from the blob's hash and a planned width, never from the request's path.
 */

const SHA = /^[0-9a-f]{40}$/;

let loadingSharp: Promise<typeof Sharp> | undefined;
/** sharp (native libvips) is loaded with the first image to encode, not at every server start. */
function loadSharp() {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // One image at a time and no libvips cache: the server shares its cores with requests.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loadingSharp;
}

export function createNodeMediaVariants(dir: string): MediaVariantStore {
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs encodes one after another; a failure does not stop the next one. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  /** Encodes under way, by file, so two requests for one missing copy encode it once. */
  const making = new Map<string, Promise<Uint8Array | undefined>>();

  const fileOf = (sha: string, width: number) => path.join(dir, sha.slice(0, 2), sha, `w${width}.webp`);

  /** The copy at exactly `width`, from the file or made now; undefined when the decoder refuses. */
  const copy = (sha: string, width: number, original: Uint8Array): Promise<Uint8Array | undefined> => {
    const file = fileOf(sha, width);
    const pending = making.get(file);
    if (pending) return pending;
    const made = (async () => {
      const kept = await readFile(file).catch(() => undefined);
      if (kept) return new Uint8Array(kept);
      const bytes = await serial(() => encode(original, width)).catch(() => undefined);
      if (bytes) await keep(file, bytes);
      return bytes;
    })().finally(() => making.delete(file));
    making.set(file, made);
    return made;
  };

  return {
    async variant(sha, width, read) {
      if (!SHA.test(sha)) return undefined;
      const original = await read();
      const info = imageInfo(original);
      if (!info) return undefined;
      const actual = variantWidthFor(width, info.width);
      if (actual === undefined) return undefined;
      if (!takesVariants(info)) return { bytes: original, type: info.type };
      const bytes = await copy(sha, actual, original);
      return bytes ? { bytes, type: 'image/webp', width: actual } : { bytes: original, type: info.type };
    },
    prepare(sha, read) {
      if (!SHA.test(sha)) return;
      void serial(async () => {
        const original = await read();
        const info = imageInfo(original);
        if (!info || !takesVariants(info)) return;
        for (const width of variantWidths(info.width)) {
          const file = fileOf(sha, width);
          if (await readFile(file).catch(() => undefined)) continue;
          const bytes = await encode(original, width).catch((error: unknown) => {
            console.warn(`Image copies of blob ${sha} stopped: ${error instanceof Error ? error.message : String(error)}`);
            return undefined;
          });
          if (!bytes) return;
          await keep(file, bytes);
        }
      }).catch((error: unknown) =>
        console.warn(`Image copies of blob ${sha} were not made: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    idle: () => serial(async () => undefined),
  };
}

/** Written beside and renamed into place, so a reader never sees half a file. */
async function keep(file: string, bytes: Uint8Array) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

/**
 * One WebP copy `width` pixels wide (never wider than the original). The first frame only
 * (`animated: false`; animations are not given copies), turned upright by its EXIF orientation,
 * metadata dropped. Throws on bytes the decoder refuses or more than MAX_VARIANT_INPUT_PIXELS.
 */
async function encode(original: Uint8Array, width: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const pipeline = sharp(original, { limitInputPixels: MAX_VARIANT_INPUT_PIXELS, failOn: 'error', animated: false });
  const metadata = await pipeline.metadata();
  if ((metadata.pages ?? 1) > 1) throw new Error('an animation is served as it is');
  const out = await pipeline
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: IMAGE_QUALITY, effort: 4 })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
