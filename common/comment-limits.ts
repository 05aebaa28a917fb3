/*
 * The comment rules the browser needs as numbers (the thread's character count and edit window),
 * apart from common/comments.ts and its zod schemas, which the reading pages' comment code would
 * otherwise carry (decision 0007). The API validates with the schemas.
 */
export const COMMENT_MAX = 5000;
/** An author may change their own comment for this long after posting it. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60 * 1000;
