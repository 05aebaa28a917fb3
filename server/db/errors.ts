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
