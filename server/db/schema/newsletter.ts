import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { locales } from '../../../common/locales';
import { users } from './users';

export const newsletterSubscribers = sqliteTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    status: text('status', { enum: ['pending', 'subscribed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
    /** When the address last confirmed (double opt-in). */
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('newsletter_email_unique').on(sql`lower(${t.email})`), index('newsletter_status_idx').on(t.status)],
);
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;

/**
 * Confirmation and unsubscribe links. Only the SHA-256 of a token is stored. A confirmation token
 * is single-use and expires after 48 hours; an unsubscribe token is made for each message sent
 * (its link must keep working) and expires after a year.
 */
export const newsletterTokens = sqliteTable(
  'newsletter_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm', 'unsubscribe'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The locale the reader asked for (a confirmation sets the subscriber's locale to it). */
    locale: text('locale', { enum: locales }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex('newsletter_tokens_hash_unique').on(t.tokenHash),
    index('newsletter_tokens_subscriber_idx').on(t.subscriberId),
    index('newsletter_tokens_expires_idx').on(t.expiresAt),
  ],
);
export type NewsletterToken = typeof newsletterTokens.$inferSelect;

/** A published page sent as an issue: its rendered parts are frozen when it is queued. */
export const newsletterIssues = sqliteTable(
  'newsletter_issues',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    locale: text('locale', { enum: locales }).notNull(),
    slug: text('slug').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The site's address for links in the mail (SITE_URL, or the address the owner sent from). */
    origin: text('origin').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('newsletter_issues_created_idx').on(t.createdAt)],
);
export type NewsletterIssue = typeof newsletterIssues.$inferSelect;

/**
 * The send queue: one row per (issue, subscriber), so nobody is queued twice for an issue. A
 * worker claims a row (`queued` → `sending`) before sending it; a row left `sending` by a crash
 * is never sent again (it may have gone out), it becomes `failed`.
 */
export const newsletterDeliveries = sqliteTable(
  'newsletter_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    issueId: integer('issue_id')
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_unique').on(t.issueId, t.subscriberId),
    index('newsletter_deliveries_status_idx').on(t.status, t.issueId),
  ],
);
export type NewsletterDelivery = typeof newsletterDeliveries.$inferSelect;
