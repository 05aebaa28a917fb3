import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * Shareable preview links of a page's pending version (server/services/preview-links.ts): anyone
 * holding the URL sees the page as readers will once published. Only the SHA-256 of the token is
 * stored; a link past `expires_at` or with `revoked_at` set answers 404. `file` is the page's
 * source file (`content/en/logs/a.md`), so the link follows the page's pending version, not a copy.
 */
export const previewLinks = sqliteTable(
  'preview_links',
  {
    id: text('id').primaryKey(),
    /** Hex SHA-256 of the token (the token itself is never stored). */
    tokenHash: text('token_hash').notNull().unique(),
    file: text('file').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('preview_links_file_idx').on(t.file)],
);
export type PreviewLink = typeof previewLinks.$inferSelect;
