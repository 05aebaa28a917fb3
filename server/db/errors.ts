import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageKey } from '../../common/messages';

/** Whether an error, or one it was caused by (Drizzle wraps driver errors), says `pattern`. */
function errorSays(error: unknown, pattern: RegExp): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const message = current instanceof Error ? current.message : String(current);
    if (pattern.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a database error only says a table does not exist yet: the state of a site before its
 * migrations ran. Every other database error is an outage and must not be mistaken for
 * "nothing there" (a signed-in editor would be shown as signed out).
 */
export function isMissingTableError(error: unknown): boolean {
  return errorSays(error, /no such table/i);
}

/** Whether the database connection was closed (a process or a test shutting down), libSQL's wording. */
export function isClosedDatabaseError(error: unknown): boolean {
  return errorSays(error, /CLIENT_CLOSED|client is closed|database is closed|database connection is not open/i);
}

/** Whether an insert lost a race to a unique index (libSQL and D1 word it the same way). */
export function isUniqueViolation(error: unknown): boolean {
  return errorSays(error, /UNIQUE constraint failed/i);
}

/** Whether a statement set a NOT NULL column to NULL (used on purpose as a guard: server/services/users.ts). */
export function isNotNullViolation(error: unknown): boolean {
  return errorSays(error, /NOT NULL constraint failed/i);
}

/** Whether a unique-index refusal was about an account's e-mail address (`users_email_lower_unique`). */
export function isEmailUniqueViolation(error: unknown): boolean {
  return errorSays(error, /UNIQUE constraint failed:.*(users_email_lower_unique|lower\(email\)|users\.email)/i);
}

/**
 * Whether another connection held the lock a statement needed (SQLITE_BUSY, and its extended
 * BUSY_SNAPSHOT: a read snapshot older than another's write). Retrying later is the answer.
 */
export function isDatabaseBusyError(error: unknown): boolean {
  return errorSays(error, /SQLITE_BUSY|database is locked/i);
}

/**
 * Whether the disk is full: SQLite's SQLITE_FULL ("database or disk is full"), a file write's
 * ENOSPC ("no space left on device", the content repository's objects and media) or a quota.
 */
export function isDiskFullError(error: unknown): boolean {
  return errorSays(error, /SQLITE_FULL|database or disk is full|ENOSPC|no space left on device|EDQUOT|disk quota exceeded/i);
}

/**
 * Whether writing to the database file or the content repository failed for another reason of
 * the storage: a read-only file or file system, missing permission, an I/O error.
 */
export function isStorageWriteError(error: unknown): boolean {
  return errorSays(
    error,
    /SQLITE_READONLY|SQLITE_IOERR|SQLITE_CANTOPEN|readonly database|disk I\/O error|EROFS|read-only file system|EACCES|EPERM|permission denied|\bEIO\b/i,
  );
}

/**
 * What a failure of the storage is, for the answer: the disk full (507 Insufficient Storage), the
 * database still locked by another connection after the guard's wait (503, try again), or a write
 * the storage refused (503). Undefined for anything else (a 500, logged).
 */
export function storageFault(error: unknown): { status: ContentfulStatusCode; messageKey: MessageKey } | undefined {
  if (isDiskFullError(error)) return { status: 507, messageKey: 'api.diskFull' };
  if (isDatabaseBusyError(error)) return { status: 503, messageKey: 'api.databaseBusy' };
  if (isStorageWriteError(error)) return { status: 503, messageKey: 'api.storageWriteFailed' };
  return undefined;
}
