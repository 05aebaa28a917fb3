import type { Locale } from '../../common/locales';
import { translateMessage } from '../../common/messages';

export type ApiFailure = {
  statusCode: number;
  message: string;
  data?: { issues?: { path: (string | number)[]; message: string }[] };
};

export class ApiRequestError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.message);
  }
}

/** Answers worth one more try of a GET (docs/spec.md §8): timeouts, conflicts, limits, server trouble. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * JSON calls from the browser to our API. Answers ≥ 400 throw `ApiRequestError` carrying the
 * server's `{ statusCode, message, data }`; messages come back in the page's language. A GET
 * (idempotent) that answers one of RETRY_STATUSES is tried once more; nothing else is repeated.
 */
export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; locale: Locale; headers?: Record<string, string> },
): Promise<T> {
  const method = options.method ?? 'GET';
  const send = () =>
    fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        'x-locale': options.locale,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
  let response: Response;
  try {
    response = await send();
    if (method === 'GET' && RETRY_STATUSES.has(response.status)) response = await send();
  } catch {
    throw new ApiRequestError({
      statusCode: 0,
      message: translateMessage(options.locale, 'api.networkError'),
    });
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = body && typeof body === 'object' && 'message' in body ? (body as ApiFailure) : undefined;
    throw new ApiRequestError(failure ?? { statusCode: response.status, message: response.statusText });
  }
  return body as T;
}
