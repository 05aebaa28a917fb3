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

/**
 * JSON calls from the browser to our API. Answers ≥ 400 throw `ApiRequestError` carrying the
 * server's `{ statusCode, message, data }`; messages come back in the page's language.
 */
export async function apiFetch<T>(
  path: string,
  options: { method?: string; body?: unknown; locale: Locale; headers?: Record<string, string> },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        'x-locale': options.locale,
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
    });
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
