import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * An editor build (docs/content.md "Writing and publishing"): editors' saved changes collect in
 * the one open build; publishing writes them to the content repository as one git commit, then
 * re-indexes. Not to be confused with `content_builds` (schema/content.ts), the states of the
 * serving index whose id `builds/latest.json` serves.
 *
 * `publishing` marks a build whose publish is under way (claimed atomically, so two publishes
 * cannot both run); a publish that never finished is resumed or reopened (services/builds.ts).
 */
export const builds = sqliteTable(
  'builds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    status: text('status', { enum: ['open', 'publishing', 'published', 'reverted', 'failed'] })
      .notNull()
      .default('open'),
    title: text('title').notNull().default(''),
    /** SHA of the git commit the build produced once published. */
    commitSha: text('commit_sha'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    publishedBy: text('published_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the running publish attempt started (status `publishing`): older than the lease = abandoned. */
    publishingSince: integer('publishing_since', { mode: 'timestamp_ms' }),
    /** The published build this build reverts. */
    revertOf: integer('revert_of'),
    /** A publish planned for later (`POST /api/builds/publish` with `at`): the open build publishes itself then. */
    scheduledAt: integer('scheduled_at', { mode: 'timestamp_ms' }),
    /** Who scheduled it: the publish is made in their name. */
    scheduledBy: text('scheduled_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A build made `publishing` with part of the open build's changes (services/builds/part.ts):
     * a scheduled page published alone, or a publish of the open build that leaves scheduled
     * pages' changes for their own time. A failed one gives its changes back to the open build and
     * is marked failed; the open build never is one.
     */
    partOfOpen: integer('part_of_open', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('builds_status_idx').on(t.status),
    // At most one build collects changes, and at most one is being published, at a time.
    uniqueIndex('builds_single_active_unique').on(t.status).where(sql`${t.status} IN ('open', 'publishing')`),
  ],
);
export type Build = typeof builds.$inferSelect;

/**
 * One saved change to one file inside a build; a later save of the same file replaces it, so a
 * build holds at most one change per path.
 *
 * - `create` / `update`: `content` is the new file (or `blobSha`, bytes already stored as a git
 *   blob: uploaded media);
 * - `delete`: the file at `path` goes;
 * - `move`: the file at `fromPath` moves to `path`, with `content` as its new text.
 *
 * `baseSha` is the git blob id of the file (at `fromPath` for a move) the edit started from; null
 * when it did not exist. Publishing refuses when the repository no longer has that version.
 */
export const commits = sqliteTable(
  'commits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    buildId: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** New file content; null when the change deletes the file or its bytes are in `blobSha`. */
    content: text('content'),
    message: text('message').notNull().default(''),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    kind: text('kind', { enum: ['create', 'update', 'delete', 'move'] })
      .notNull()
      .default('update'),
    baseSha: text('base_sha'),
    fromPath: text('from_path'),
    blobSha: text('blob_sha'),
  },
  (t) => [
    index('commits_build_idx').on(t.buildId),
    index('commits_path_idx').on(t.path),
    uniqueIndex('commits_build_path_unique').on(t.buildId, t.path),
  ],
);
export type Commit = typeof commits.$inferSelect;

/**
 * Redirects (docs/content.md "Redirects"): a request for `from` answers `status` (301 or 302) with
 * `to`. `from` is a path on this site as the request path reads it (decoded, no trailing slash:
 * `/en/old`, an imported site's `/2018/10/hello` or `/?p=12`, common/legacy-address.ts); `to` is a
 * path on this site (`/en/new`) or an http(s) address. Made three ways (`origin`): a published
 * move (`/en/old` → `/en/new` while no page is published at `/en/old`; listed in
 * `builds/meta/{id}.json` under `matcher.static`), a site import, or by hand on /manage/redirects.
 * The rules every one of them obeys are in server/services/redirects.ts.
 */
export const redirects = sqliteTable(
  'redirects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    from: text('from_path').notNull(),
    to: text('to_path').notNull(),
    /** 301 (moved for good, cached by browsers) or 302 (for now). */
    status: integer('status').notNull().default(301),
    /** Who made it: a published move, a site import (the default: importers write only `from` and `to`), or by hand. */
    origin: text('origin', { enum: ['move', 'import', 'manual'] })
      .notNull()
      .default('import'),
    buildId: integer('build_id').references(() => builds.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('redirects_from_unique').on(t.from), index('redirects_to_idx').on(t.to)],
);
export type Redirect = typeof redirects.$inferSelect;

/**
 * A page's own schedule (issue 40 §2, server/services/page-schedules.ts): at `at` the page is
 * published alone (`publish`: its pending change, as its own commit) or taken back to draft
 * (`unpublish`). At most one of each per page. Pages scheduled together (a page and its
 * translation) share a `group` and go in one commit. A row is deleted when its time is claimed.
 */
export const pageSchedules = sqliteTable(
  'page_schedules',
  {
    /** The page's file in the content repository (`content/fa/about.md`). */
    file: text('file').notNull(),
    action: text('action', { enum: ['publish', 'unpublish'] }).notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    /** The file of the page the schedule was set on: pages of one group publish in one commit. */
    group: text('group_file').notNull(),
    /** Who scheduled it: the publish is made in their name (a schedule of a deleted account is dropped). */
    scheduledBy: text('scheduled_by').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.file, t.action] }), index('page_schedules_at_idx').on(t.at)],
);
export type PageSchedule = typeof pageSchedules.$inferSelect;
