import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { locales } from '../../../common/locales';
import { users } from './users';

export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    locale: text('locale', { enum: locales }).notNull(),
    pageSlug: text('page_slug').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnySQLiteColumn => comments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'spam'] })
      .notNull()
      .default('pending'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('comments_page_idx').on(t.locale, t.pageSlug, t.status),
    index('comments_user_idx').on(t.userId),
    index('comments_status_idx').on(t.status, t.createdAt),
  ],
);
export type Comment = typeof comments.$inferSelect;
