import { MEDIA_TYPES, type MediaUpload } from '../../../../common/authoring';
import { IMAGE_QUALITY, variantHeight } from '../../../../common/image-variants';
import type { Locale } from '../../../../common/locales';
import { translateMessage } from '../../../../common/messages';
import { type ApiFailure, ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { toast } from '../../ui/toast';

export const isUploadableImage = (file: File) => (MEDIA_TYPES as readonly string[]).includes(file.type);

/**
 * Why `POST /api/media` would refuse this file, said before sending it (the server checks again,
 * by the bytes): not one of MEDIA_TYPES, or over the server's `MEDIA_MAX_BYTES` (`limit` is that
 * size as the page writes it). A body over the limit is cut off by the server while the browser
 * still sends it, which the browser reports as a network error, not as the server's answer.
 */
export function uploadRefusal(file: File, locale: Locale, maxBytes: number, limit: string): string | undefined {
  if (!isUploadableImage(file)) return translateMessage(locale, 'api.mediaUnsupported');
  if (file.size > maxBytes) return translateMessage(locale, 'api.mediaTooLarge', { limit });
  return undefined;
}

/**
 * An image into the media library: `POST /api/media` with upload progress, then, when the server
 * asks for them (Workers: `variants`), its WebP copies made here (decision 0008). Failures of the
 * upload throw `ApiRequestError` with the server's message, in the page's language, like `apiFetch`;
 * copies that could not be made or kept do not fail it (the original is shown instead) but say so.
 */
export async function uploadMedia(file: File, locale: Locale, onProgress: (fraction: number) => void): Promise<MediaUpload> {
  const upload = await sendOriginal(file, locale, onProgress);
  if (upload.variants?.length)
    await sendVariants(file, upload, locale).catch((error: unknown) =>
      toast({
        title: translateMessage(locale, 'api.mediaVariantsNotKept'),
        description: error instanceof Error ? error.message : undefined,
        color: 'warning',
      }),
    );
  return upload;
}

/** `POST /api/media` (fetch cannot report upload progress, XMLHttpRequest can). */
function sendOriginal(file: File, locale: Locale, onProgress: (fraction: number) => void): Promise<MediaUpload> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(api.media.upload.method, api.media.upload.url());
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('x-locale', locale);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiRequestError({ statusCode: 0, message: translateMessage(locale, 'api.networkError') }));
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as MediaUpload);
      const failure = body && typeof body === 'object' && 'message' in body ? (body as ApiFailure) : undefined;
      reject(new ApiRequestError(failure ?? { statusCode: request.status, message: request.statusText }));
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/**
 * An uploaded image's address and alt text. `#WxH` gives it its size without a layout shift
 * (docs/content.md). The alt text starts empty, never the file name (D14): the image panel asks
 * the author to describe it.
 */
export function uploadedImage(upload: MediaUpload) {
  return { alt: '', src: `${upload.url}#${upload.width}x${upload.height}` };
}

/**
 * The WebP copies the server asked for, drawn on a canvas at each planned width and the original's
 * aspect, at the plan's quality; a copy no smaller than the original is left out (the original is
 * served at its address). None when the browser cannot encode WebP or turns the image by its EXIF
 * orientation (its shape would then differ from the original's header); the server checks them all.
 */
export async function makeVariants(file: Blob, upload: Pick<MediaUpload, 'width' | 'height' | 'variants'>): Promise<File[]> {
  const bitmap = await createImageBitmap(file);
  try {
    if (bitmap.width !== upload.width || bitmap.height !== upload.height) return [];
    const copies: File[] = [];
    for (const width of upload.variants) {
      const canvas = new OffscreenCanvas(width, variantHeight(width, upload));
      const context = canvas.getContext('2d');
      if (!context) return [];
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await canvas.convertToBlob({ type: 'image/webp', quality: IMAGE_QUALITY / 100 });
      if (blob.type !== 'image/webp') return [];
      if (blob.size < file.size) copies.push(new File([blob], `w${width}.webp`, { type: 'image/webp' }));
    }
    return copies;
  } finally {
    bitmap.close();
  }
}

/** `POST /api/media/variants`: the copies of an image just uploaded, all in one request (kept all or none). */
async function sendVariants(file: File, upload: MediaUpload, locale: Locale) {
  const copies = await makeVariants(file, upload);
  if (!copies.length) return;
  const form = new FormData();
  form.append('path', upload.path.replace(/^media\//, ''));
  for (const copy of copies) form.append('file', copy);
  let response: Response;
  try {
    response = await fetch(api.media.variants.url(), {
      method: api.media.variants.method,
      headers: { accept: 'application/json', 'x-locale': locale },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiRequestError({ statusCode: 0, message: translateMessage(locale, 'api.networkError') });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const failure = body && typeof body === 'object' && 'message' in body ? (body as ApiFailure) : undefined;
    throw new ApiRequestError(failure ?? { statusCode: response.status, message: response.statusText });
  }
}
