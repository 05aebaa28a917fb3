import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_MAX_DEPTH,
  type CommentBulkAction,
  type CommentCreate,
  type CommentStatus,
  type CommentThread,
  type CommentUpdate,
  commentStatuses,
  MANAGE_COMMENTS_PAGE_SIZE,
  type ManagedCommentList,
  type ThreadComment,
} from '../../common/comments';
import type { Locale } from '../../common/locales';
import type { SessionUser } from '../../common/permissions';
import { userNameKey } from '../../common/user-name';
import { commentRules, type Limits, tooManyAttempts } from '../auth/rate-limit';
import type { ClientInfo } from '../auth/sessions';
import { requireTurnstile } from '../auth/turnstile';
import { commentHtml } from '../content/comment-render';
import type { Database } from '../db/database';
import { containsFolded } from '../db/folded-match';
import { batchInParts } from '../db/limits';
import { comments, pages, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { queueOutgoingEvent } from './outgoing-webhooks';

/*
 * Comments on content pages (docs/content.md "Comments"). Every rule lives here; the HTTP layer
 * (server/http/comments.ts) only parses and shapes.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const clean = (path: string) => path.replace(/^\/+|\/+$/g, '');
const isModerator = (user: SessionUser) => user.permissions.includes('comments.edit');

/**
 * The page a comment belongs to: published (not a draft) and with `comments: true` in its front
 * matter; anything else — missing page included — is a 404, so closed threads look like no thread.
 */
async function requireCommentablePage(db: Database, locale: Locale, path: string) {
  const slug = clean(path);
  const page = slug
    ? await db
        .select({ comments: pages.comments, draft: pages.draft, visibility: pages.visibility })
        .from(pages)
        .where(and(eq(pages.locale, locale), eq(pages.slug, slug)))
        .get()
    : undefined;
  if (!page || page.draft || !page.comments) throw new AppError(404, 'api.commentsClosed');
  return { slug, members: page.visibility === 'members' };
}

/**
 * A page's published thread, oldest first within each level; replies nest up to
 * COMMENT_MAX_DEPTH, deeper replies are listed flat under their ancestor at that depth. A
 * signed-in reader also sees their own comments that wait for moderation, marked as theirs.
 *
 * A comment the reader may not see (spam, or someone else's pending one) is left out, but its
 * visible replies are not: they stay in their place under a placeholder that says only
 * `hidden: 'removed'` (spam) or `'pending'` — no author, no text (walk-through D22: marking a
 * comment as spam took the owner's approved reply with it).
 */
export async function getThread(
  db: Database,
  locale: Locale,
  path: string,
  viewer?: SessionUser,
  { signedIn = viewer !== undefined } = {},
): Promise<CommentThread> {
  const { slug, members } = await requireCommentablePage(db, locale, path);
  // A members page's discussion is as private as its text (docs/content.md "Members-only pages").
  if (members && !signedIn) throw new AppError(401, 'api.commentsMembersOnly');
  const isVisible = (row: { status: CommentStatus; userId: string }) =>
    row.status === 'approved' || (row.status === 'pending' && viewer !== undefined && row.userId === viewer.id);
  // Every comment of the page: a hidden one may hold visible replies (pruned below when it does not).
  const rows = await db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      userId: comments.userId,
      body: comments.body,
      status: comments.status,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      name: users.displayName,
      avatarUrl: users.avatarUrl,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(and(eq(comments.locale, locale), eq(comments.pageSlug, slug)))
    .orderBy(comments.createdAt, comments.id);

  type Placed = { node: ThreadComment; depth: number; holder: ThreadComment | undefined };
  const placed = new Map<number, Placed>();
  const roots: ThreadComment[] = [];
  for (const row of rows) {
    const node: ThreadComment = isVisible(row)
      ? {
          id: row.id,
          parentId: row.parentId,
          author: { name: row.name, avatarUrl: row.avatarUrl },
          html: commentHtml(row.body),
          createdAt: row.createdAt.toISOString(),
          editedAt: iso(row.updatedAt),
          ...(viewer && row.userId === viewer.id ? { own: { status: row.status, body: row.body } } : {}),
          replies: [],
        }
      : {
          id: row.id,
          parentId: row.parentId,
          author: { name: '', avatarUrl: null },
          html: '',
          createdAt: row.createdAt.toISOString(),
          editedAt: null,
          hidden: row.status === 'spam' ? 'removed' : 'pending',
          replies: [],
        };
    // Rows come oldest first and a reply is always newer than its parent, so the parent is placed.
    const parent = row.parentId === null ? undefined : placed.get(row.parentId);
    if (row.parentId !== null && !parent) continue; // defensive: a parent on another page
    if (!parent) {
      roots.push(node);
      placed.set(row.id, { node, depth: 1, holder: undefined });
    } else if (parent.depth < COMMENT_MAX_DEPTH) {
      parent.node.replies.push(node);
      placed.set(row.id, { node, depth: parent.depth + 1, holder: parent.node });
    } else {
      // Deeper than the limit: a sibling of its parent at the deepest level, still naming whom it answers.
      const holder = parent.holder ?? parent.node;
      holder.replies.push(node);
      placed.set(row.id, { node, depth: parent.depth, holder });
    }
  }
  const shown = pruneHidden(roots);
  const nodes = [...placed.values()].map((entry) => entry.node);
  const total = nodes.filter((node) => !node.hidden && (!node.own || node.own.status === 'approved')).length;
  return { locale, path: slug, total, comments: shown };
}

/** Drops placeholders that hold nothing visible, at every level; the rest keep their order. */
function pruneHidden(list: ThreadComment[]): ThreadComment[] {
  return list.flatMap((node) => {
    node.replies = pruneHidden(node.replies);
    return node.hidden && node.replies.length === 0 ? [] : [node];
  });
}

/**
 * A new comment. A moderator's, and a member's once one of theirs was approved, is published at
 * once; a member's first comment (and any before the first approval) waits for moderation.
 */
export async function createComment(
  deps: AppDeps,
  limits: Limits,
  user: SessionUser,
  input: CommentCreate,
  client: ClientInfo,
): Promise<{ id: number; status: CommentStatus }> {
  const { slug } = await requireCommentablePage(deps.db, input.locale, input.path);
  // Counted before it is written (one limit across processes); given back if it is refused.
  const rules = commentRules(user.id, client.ip);
  const { wait } = await limits.take(rules);
  if (wait > 0) throw tooManyAttempts(wait, 'api.tooManyComments');
  try {
    return await writeComment(deps, user, input, client, slug);
  } catch (error) {
    await limits.refund(rules.map((rule) => rule.key));
    throw error;
  }
}

async function writeComment(
  deps: AppDeps,
  user: SessionUser,
  input: CommentCreate,
  client: ClientInfo,
  slug: string,
): Promise<{ id: number; status: CommentStatus }> {
  await requireTurnstile(deps.config, input.turnstileToken, client.ip);
  if (input.parentId) {
    const parent = await deps.db
      .select({ locale: comments.locale, pageSlug: comments.pageSlug, status: comments.status, userId: comments.userId })
      .from(comments)
      .where(eq(comments.id, input.parentId))
      .get();
    // A reply answers a visible comment of the same page: approved, or the replier's own.
    const visible = parent && (parent.status === 'approved' || (parent.status === 'pending' && parent.userId === user.id));
    if (!visible || parent.locale !== input.locale || parent.pageSlug !== slug)
      throw new AppError(400, 'api.commentParentInvalid');
  }
  let status: CommentStatus = 'approved';
  if (!isModerator(user)) {
    const trusted = await deps.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.userId, user.id), eq(comments.status, 'approved')))
      .limit(1)
      .get();
    if (!trusted) status = 'pending';
  }
  const row = await deps.db
    .insert(comments)
    .values({ locale: input.locale, pageSlug: slug, userId: user.id, parentId: input.parentId ?? null, body: input.body, status })
    .returning({ id: comments.id, createdAt: comments.createdAt })
    .get();
  await queueOutgoingEvent(deps.db, 'comment.created', {
    id: row.id,
    locale: input.locale,
    address: slug ? `/${input.locale}/${slug}` : `/${input.locale}`,
    parentId: input.parentId ?? null,
    status,
    author: { id: user.id, username: user.username, displayName: user.displayName },
    body: input.body,
    createdAt: row.createdAt.toISOString(),
  });
  return { id: row.id, status };
}

async function findComment(db: Database, id: number) {
  const row = Number.isSafeInteger(id) && id > 0 ? await db.select().from(comments).where(eq(comments.id, id)).get() : undefined;
  if (!row) throw new AppError(404, 'api.commentNotFound');
  return row;
}

/** A comment id from the URL: a positive integer, or no such comment. */
export function parseCommentId(text: string): number {
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : -1;
}

/**
 * PATCH: the author rewrites their own body within COMMENT_EDIT_WINDOW_MS of posting (a
 * moderator too, only for their own); a moderator (`comments.edit`) sets the status.
 *
 * An approved comment rewritten by an author without `comments.edit` goes back to pending
 * (F-27): approval was given to the words approved, so new words are moderated again. Otherwise
 * one harmless approved comment would let a member swap in anything for 15 minutes.
 */
export async function updateComment(deps: AppDeps, user: SessionUser, id: number, input: CommentUpdate, now = Date.now()) {
  const row = await findComment(deps.db, id);
  if (input.status !== undefined) {
    if (!isModerator(user)) throw new AppError(403, 'api.forbidden');
    await deps.db.update(comments).set({ status: input.status }).where(eq(comments.id, id));
    return { id, status: input.status };
  }
  if (row.userId !== user.id) throw new AppError(403, 'api.forbidden');
  if (row.status === 'spam') throw new AppError(403, 'api.forbidden');
  if (now - row.createdAt.getTime() > COMMENT_EDIT_WINDOW_MS) throw new AppError(403, 'api.commentEditWindow');
  const body = input.body ?? row.body;
  const editedAt = new Date(now);
  const status: CommentStatus = row.status === 'approved' && !isModerator(user) ? 'pending' : row.status;
  await deps.db.update(comments).set({ body, status, updatedAt: editedAt }).where(eq(comments.id, id));
  return { id, status, html: commentHtml(body), editedAt: editedAt.toISOString() };
}

/** DELETE: by its author, or by whoever holds `comments.delete`; its replies go with it. */
export async function deleteComment(deps: AppDeps, user: SessionUser, id: number) {
  const row = await findComment(deps.db, id);
  if (row.userId !== user.id && !user.permissions.includes('comments.delete')) throw new AppError(403, 'api.forbidden');
  await deps.db.delete(comments).where(eq(comments.id, id));
}

/**
 * Literal text (`instr`; a NUL matches nothing) in the body, the page's address and the author's
 * names, folded as public search and sign-in fold (issue 37, server/db/folded-match.ts): the user
 * name by its key, the rest through the one table.
 */
function containsText(query: string): SQL {
  if (query.includes('\0')) return sql`0`;
  const key = userNameKey(query);
  return or(
    containsFolded([comments.body, users.displayName, comments.pageSlug], query),
    key ? sql`instr(${users.usernameKey}, ${key}) > 0` : undefined,
  ) as SQL;
}

/** The moderation list: one status, newest first, searchable, paged; with the count of each status. */
export async function listComments(
  db: Database,
  { status, query = '', page = 1 }: { status: CommentStatus; query?: string; page?: number },
): Promise<ManagedCommentList> {
  const search = query.trim().slice(0, 200);
  const where = and(eq(comments.status, status), search ? containsText(search) : undefined);
  const pageSize = MANAGE_COMMENTS_PAGE_SIZE;
  const [rows, [matching], perStatus] = await Promise.all([
    db
      .select({
        id: comments.id,
        locale: comments.locale,
        path: comments.pageSlug,
        pageTitle: pages.title,
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
        updatedAt: comments.updatedAt,
        parentId: comments.parentId,
        authorId: users.id,
        username: users.username,
        name: users.displayName,
        avatarUrl: users.avatarUrl,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(pages, and(eq(pages.locale, comments.locale), eq(pages.slug, comments.pageSlug)))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(comments).innerJoin(users, eq(users.id, comments.userId)).where(where),
    db.select({ status: comments.status, total: count() }).from(comments).groupBy(comments.status),
  ]);
  const counts = Object.fromEntries(commentStatuses.map((s) => [s, 0])) as Record<CommentStatus, number>;
  for (const row of perStatus) counts[row.status] = row.total;
  return {
    items: rows.map((row) => ({
      id: row.id,
      locale: row.locale,
      path: row.path,
      pageTitle: row.pageTitle,
      body: row.body,
      html: commentHtml(row.body),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      editedAt: iso(row.updatedAt),
      parentId: row.parentId,
      author: { id: row.authorId, username: row.username, name: row.name, avatarUrl: row.avatarUrl },
    })),
    total: matching?.total ?? 0,
    page,
    pageSize,
    counts,
  };
}

/**
 * One action on many comments (the moderation screen): approve / back to pending / spam need
 * `comments.edit` (the route's rule), deleting needs `comments.delete` as well. Unknown ids are
 * skipped; the answer says how many were changed.
 */
export async function bulkComments(deps: AppDeps, user: SessionUser, ids: number[], action: CommentBulkAction) {
  const unique = [...new Set(ids)];
  if (action === 'delete') {
    if (!user.permissions.includes('comments.delete')) throw new AppError(403, 'api.forbidden');
    const gone = await batchInParts(deps.db, unique, (part) =>
      deps.db.delete(comments).where(inArray(comments.id, part)).returning({ id: comments.id }),
    );
    return { changed: gone.flat().length };
  }
  const status: CommentStatus = action === 'approve' ? 'approved' : action;
  const changed = await batchInParts(deps.db, unique, (part) =>
    deps.db.update(comments).set({ status }).where(inArray(comments.id, part)).returning({ id: comments.id }),
  );
  return { changed: changed.flat().length };
}
