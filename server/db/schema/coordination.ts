import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/*
 * What several server processes (or Workers isolates) of one site agree on through the database,
 * since none of them shares memory with another (docs/architecture.md, "Many processes").
 */

/**
 * Abuse-limit counters (server/auth/rate-limit.ts): one row per key (`login-pair:…`,
 * `register-ip:…`), counting events in a fixed window that ends at `reset_at` (ms). One
 * statement checks and counts, so N processes hold one limit. Expired rows are purged by a job.
 */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: integer('reset_at').notNull(),
  },
  (table) => [index('rate_limits_reset_at').on(table.resetAt)],
);

/**
 * Leases (server/jobs/leases.ts): who holds `name` (a background job, a process's heartbeat, a
 * publish in progress) until `expires_at` (ms). Taken and renewed by a conditional upsert, so at
 * most one holder at a time; a holder that dies loses it when it expires.
 */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
});
