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
  },
  (t) => [uniqueIndex('newsletter_email_unique').on(sql`lower(${t.email})`), index('newsletter_status_idx').on(t.status)],
);
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
