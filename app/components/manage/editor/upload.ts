import { MEDIA_TYPES, type MediaUpload } from '../../../../common/authoring';
import type { Locale } from '../../../../common/locales';
import { translateMessage } from '../../../../common/messages';
import { type ApiFailure, ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';

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
 * `POST /api/media` with upload progress (fetch cannot report it, XMLHttpRequest can). Failures
 * throw `ApiRequestError` with the server's message, in the page's language, like `apiFetch`.
 */
export function uploadMedia(file: File, locale: Locale, onProgress: (fraction: number) => void): Promise<MediaUpload> {
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
