import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ApiKeyScope } from '../../../common/api-keys';
import { users } from './users';

/**
 * API keys for integrations (issue 42 §1; server/auth/api-keys.ts, docs/api.md "API keys"). A key
 * is `dftr_` + `lookup` + a secret; the row holds the lookup id (to find it) and the SHA-256 of
 * the secret (compared in constant time), never the secret. Revoking deletes the row, so every
 * process refuses the key at its next request (each request reads its row).
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** The key's public part after `dftr_` (12 base64url characters), unique. */
    lookup: text('lookup').notNull(),
    /** Hex SHA-256 of the secret part. */
    secretHash: text('secret_hash').notNull(),
    /** JSON array of permission names (common/api-keys.ts `apiKeyScopes`). */
    scopes: text('scopes', { mode: 'json' }).$type<ApiKeyScope[]>().notNull(),
    /** Who made it: the key acts as them, with its scopes and what they still hold. A deleted account's keys go with it. */
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /** Written at most once a minute (API_KEY_LAST_USED_EVERY_MS). */
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('api_keys_lookup_unique').on(t.lookup), index('api_keys_created_by_idx').on(t.createdBy)],
);
export type ApiKey = typeof apiKeys.$inferSelect;
