import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { outgoingWebhookEvents } from '../../../common/outgoing-webhooks';
import { users } from './users';

/*
 * Outgoing webhooks (issue 28 item 5; docs/outgoing-webhooks.md): addresses the owner registers to
 * be told of events, and the queue of deliveries to them. Not the incoming GitHub push webhook
 * (server/http/webhooks.ts).
 */

/** An endpoint: where to POST, which events, and the secret the body is signed with (HMAC-SHA256). */
export const outgoingWebhooks = sqliteTable('outgoing_webhooks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  url: text('url').notNull(),
  /** JSON array of event names (common/outgoing-webhooks.ts). */
  events: text('events', { mode: 'json' }).$type<(typeof outgoingWebhookEvents)[number][]>().notNull(),
  /** The signing secret, needed in full to sign: shown once when made, never sent again. */
  secret: text('secret').notNull(),
  description: text('description').notNull().default(''),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
});
export type OutgoingWebhook = typeof outgoingWebhooks.$inferSelect;

/**
 * One event for one endpoint: queued when the event happens (in the event's own transaction where
 * there is one), claimed (`pending` → `sending`) by one worker, then `delivered`, or back to
 * `pending` with the next attempt's time, or `failed` after the last attempt. Its log is the
 * endpoint's delivery log: the last attempt's status code, time, duration and a short snippet.
 */
export const outgoingWebhookDeliveries = sqliteTable(
  'outgoing_webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => outgoingWebhooks.id, { onDelete: 'cascade' }),
    /** The event's id, the same for every endpoint it goes to (receivers dedupe on it). */
    eventId: text('event_id').notNull(),
    event: text('event', { enum: [...outgoingWebhookEvents, 'ping'] }).notNull(),
    /** The event's data, JSON. */
    data: text('data').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    lastAttemptAt: integer('last_attempt_at', { mode: 'timestamp_ms' }),
    /** The receiver's HTTP status of the last attempt; null when it did not answer. */
    lastStatus: integer('last_status'),
    /** Why the last attempt failed, in a few words (timeout, refused address, 500…). */
    lastError: text('last_error'),
    /** The start of the receiver's last answer (at most 500 characters), nothing more is kept. */
    responseSnippet: text('response_snippet'),
    durationMs: integer('duration_ms'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('outgoing_webhook_deliveries_event_unique').on(t.webhookId, t.eventId),
    index('outgoing_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('outgoing_webhook_deliveries_log_idx').on(t.webhookId, t.id),
  ],
);
export type OutgoingWebhookDelivery = typeof outgoingWebhookDeliveries.$inferSelect;
