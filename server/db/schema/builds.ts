import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * A build collects editor commits; publishing it writes them to the content repository as one
 * git commit and bumps the build id served at builds/latest.json.
 */
export const builds = sqliteTable(
  'builds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    status: text('status', { enum: ['open', 'published', 'reverted', 'failed'] })
      .notNull()
      .default('open'),
    title: text('title').notNull().default(''),
    /** SHA of the git commit the build produced once published. */
    commitSha: text('commit_sha'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('builds_status_idx').on(t.status)],
);
export type Build = typeof builds.$inferSelect;

/** One saved change to one file inside a build. */
export const commits = sqliteTable(
  'commits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** New file content; null when the change deletes the file. */
    content: text('content'),
    message: text('message').notNull().default(''),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('commits_build_idx').on(t.buildId), index('commits_path_idx').on(t.path)],
);
export type Commit = typeof commits.$inferSelect;
