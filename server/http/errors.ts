import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readCookie } from '../../common/cookies';
import { isLocale, LOCALE_COOKIE, type Locale, localeFromAcceptLanguage } from '../../common/locales';
import { translateMessage } from '../../common/messages';
import { RepositoryDamagedError } from '../content/repository';
import { isMissingTableError, storageFault } from '../db/errors';
import { AppError, errorForLog, type IssueLike } from '../errors';

/** The one JSON error shape of the API (docs/architecture.md): `{ statusCode, message, data?: { issues } }`. */
export type ApiError = { statusCode: number; message: string; data?: { issues?: IssueLike[] } & Record<string, unknown> };

/**
 * The language of API messages: `X-Locale` (our pages send it), then the locale cookie, then
 * Accept-Language; API clients that say nothing get English.
 */
export function requestLocale(c: Context): Locale {
  const explicit = c.req.header('x-locale');
  if (isLocale(explicit)) return explicit;
  const cookie = readCookie(c.req.header('cookie'), LOCALE_COOKIE);
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(c.req.header('accept-language')) ?? 'en';
}

export function errorJson(c: Context, statusCode: ContentfulStatusCode, message: string, data?: ApiError['data']) {
  const body: ApiError = data ? { statusCode, message, data } : { statusCode, message };
  return c.json(body, statusCode);
}

/** The AppError a failure is, or was caused by (the database driver wraps what its client threw: the statement budget's 503). */
function appErrorOf(error: unknown): AppError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof AppError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Turns anything thrown into a clean response; stack traces are logged (never a statement's
 * values: `errorForLog`), never sent. A full disk, a database locked past the wait or a refused
 * write says so in the request's language, with 507 or 503 (review 2026-12-07 scale-out F-8, F-10).
 */
export function handleError(failure: unknown, c: Context) {
  const error = appErrorOf(failure) ?? failure;
  if (error instanceof AppError) {
    // A damaged repository is the operator's business too: the log names the object, the file and what to do.
    if (error instanceof RepositoryDamagedError) console.error(error.message);
    const locale = requestLocale(c);
    const issues = error.data?.issues?.map((issue) => ({ ...issue, message: translateMessage(locale, issue.message) }));
    const data = error.data ? { ...error.data, ...(issues ? { issues } : {}) } : undefined;
    return errorJson(c, error.statusCode, translateMessage(locale, error.messageKey, error.values), data);
  }
  if (error instanceof HTTPException)
    return errorJson(c, error.status as ContentfulStatusCode, error.message || 'Request failed');
  // Any API route used before installation (or before a release's migrations): a clear 503, not a 500.
  if (isMissingTableError(error)) return errorJson(c, 503, translateMessage(requestLocale(c), 'api.notMigrated'));
  const fault = storageFault(error);
  if (fault) {
    console.error(`${c.req.method} ${c.req.path} answered ${fault.status} (${fault.messageKey}):\n${errorForLog(error)}`);
    if (fault.status === 503) c.header('Retry-After', '5');
    return errorJson(c, fault.status, translateMessage(requestLocale(c), fault.messageKey));
  }
  console.error(`${c.req.method} ${c.req.path} failed:\n${errorForLog(error)}`);
  return errorJson(c, 500, 'Internal Server Error');
}
