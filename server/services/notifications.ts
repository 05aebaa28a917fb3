import { and, asc, eq, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { permissionsOfRoles } from '../../common/grants';
import { defaultLocale, type Locale, localeOr } from '../../common/locales';
import { paths } from '../../common/paths';
import type { NotificationPrefs } from '../../common/schemas/account';
import { randomToken, timingSafeEqual } from '../auth/tokens';
import { commentHtml } from '../content/comment-render';
import type { Database } from '../db/database';
import { comments, notificationMails, pages, roles, settings, userRoles, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { claimLapsed } from '../jobs/leases';
import { notificationMail } from '../mail/account-mail';
import { getSiteSettings } from './site';

/*
 * Notification mails (issue 27 item 4, docs/security.md "Accounts and e-mail"), off until an
 * account turns them on in its profile, and only to a confirmed address: a reply to one's comment
 * (once the reply is published), and, for moderators (`comments.edit`), a comment waiting for
 * moderation. A comment queues rows in `notification_mails` (one per recipient, kind and comment:
 * never twice); the comment route runs the queue after answering, and the `notification-mails`
 * background job takes up what is left (when SITE_URL is set: a job has no request to take the
 * site's address from). A row is claimed before its mail goes; one left `sending` by a crash is
 * not sent again, as with the newsletter. Every mail has a one-click unsubscribe link (RFC 8058),
 * signed with a secret kept in `settings`, that turns that kind off.
 */

/** What an unsubscribe link turns off: one of the comment notifications, or the owner's weekly digest. */
export type NotificationKind = 'reply' | 'moderation' | 'digest';
type Kind = NotificationKind;
const kinds: Kind[] = ['reply', 'moderation', 'digest'];
const prefColumn = { reply: 'notifyReplies', moderation: 'notifyModeration', digest: 'notifyDigest' } as const;

/** How long a claimed row may take before another process counts it as cut off. */
export const NOTIFICATION_LEASE_MS = 5 * 60 * 1000;
/** Rows one run sends at most. */
const BATCH = 20;

export async function setNotificationPrefs(db: Database, userId: string, prefs: NotificationPrefs) {
  await db
    .update(users)
    .set({
      notifyReplies: prefs.replies,
      notifyModeration: prefs.moderation,
      // The digest is offered to owners only (the profile shows its box to them); absent: unchanged.
      ...(prefs.digest === undefined ? {} : { notifyDigest: prefs.digest }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** Whom a new or newly approved comment notifies, queued once each. */
export async function queueCommentNotifications(
  db: Database,
  comment: { id: number; userId: string; parentId: number | null; status: string },
) {
  const rows: { userId: string; kind: 'reply' | 'moderation'; commentId: number }[] = [];
  if (comment.status === 'approved' && comment.parentId) {
    const parent = await db
      .select({ userId: comments.userId })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(
        and(eq(comments.id, comment.parentId), eq(users.notifyReplies, true), isNotNull(users.email), isNull(users.disabledAt)),
      )
      .get();
    if (parent && parent.userId !== comment.userId) rows.push({ userId: parent.userId, kind: 'reply', commentId: comment.id });
  }
  if (comment.status === 'pending') {
    const allRoles = await db.select({ id: roles.id, permissions: roles.permissions }).from(roles);
    const moderatorRoles = allRoles.filter((role) => permissionsOfRoles(allRoles, [role.id]).includes('comments.edit'));
    if (moderatorRoles.length) {
      const moderators = await db
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(
          and(
            inArray(
              userRoles.roleId,
              moderatorRoles.map((role) => role.id),
            ),
            eq(users.notifyModeration, true),
            isNotNull(users.email),
            isNull(users.disabledAt),
          ),
        );
      for (const moderator of moderators)
        if (moderator.id !== comment.userId) rows.push({ userId: moderator.id, kind: 'moderation', commentId: comment.id });
    }
  }
  if (rows.length) await db.insert(notificationMails).values(rows).onConflictDoNothing();
  return rows.length;
}

/** Moderation approved some comments: the replies among them notify their parents' authors. */
export async function queueApprovedReplies(db: Database, ids: number[]) {
  if (!ids.length) return 0;
  const approved = await db
    .select({ id: comments.id, userId: comments.userId, parentId: comments.parentId, status: comments.status })
    .from(comments)
    .where(and(inArray(comments.id, ids.slice(0, 500)), eq(comments.status, 'approved'), isNotNull(comments.parentId)));
  let queued = 0;
  for (const comment of approved) queued += await queueCommentNotifications(db, comment);
  return queued;
}

/** The `settings` row holding the secret unsubscribe links are signed with (never exported). */
export const NOTIFICATION_SECRET_KEY = 'notification_secret';

/** The secret unsubscribe links are signed with: made once per site, kept in `settings`. */
async function signingKey(db: Database) {
  await db
    .insert(settings)
    .values({ key: NOTIFICATION_SECRET_KEY, value: randomToken(32) })
    .onConflictDoNothing();
  const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, NOTIFICATION_SECRET_KEY)).get();
  const secret = String(row?.value ?? '');
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

async function signature(key: CryptoKey, payload: string) {
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload))));
}

/** `<kind>.<user id>.<signature>`: turns one kind off for one account, forever valid (like List-Unsubscribe should be). */
export async function unsubscribeToken(db: Database, userId: string, kind: Kind) {
  const payload = `${kind}.${userId}`;
  return `${payload}.${await signature(await signingKey(db), payload)}`;
}

/** What a token turns off, when its signature holds. */
export async function readUnsubscribeToken(db: Database, token: string): Promise<{ userId: string; kind: Kind } | undefined> {
  if (!token || token.length > 200) return undefined;
  const [kind, userId, signed, ...rest] = token.split('.');
  if (rest.length || !kind || !userId || !signed || !kinds.includes(kind as Kind)) return undefined;
  const expected = await signature(await signingKey(db), `${kind}.${userId}`);
  return timingSafeEqual(signed, expected) ? { userId, kind: kind as Kind } : undefined;
}

/** One-click unsubscribe (the mail's link page, or a mail client's RFC 8058 POST). */
export async function unsubscribeNotifications(db: Database, token: string) {
  const target = await readUnsubscribeToken(db, token);
  if (!target) throw new AppError(400, 'api.unsubscribeLinkInvalid');
  await db
    .update(users)
    .set({ [prefColumn[target.kind]]: false })
    .where(eq(users.id, target.userId));
  return { kind: target.kind };
}

/** Rows left `sending` longer than the lease: cut off mid-send, so never sent again. */
async function failInterrupted(db: Database, leaseMs: number, now: number) {
  await db
    .update(notificationMails)
    .set({ status: 'failed', finishedAt: new Date(now), error: 'interrupted' })
    .where(and(eq(notificationMails.status, 'sending'), claimLapsed(notificationMails.claimedAt, leaseMs, now)));
}

/** Sends what is queued (up to a batch); answers how many mails went. */
export async function processNotificationMails(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  origin: string,
  { leaseMs = NOTIFICATION_LEASE_MS, now = () => Date.now() }: { leaseMs?: number; now?: () => number } = {},
) {
  const { db, mailer } = deps;
  if (!mailer) return 0;
  await failInterrupted(db, leaseMs, now());
  const queued = await db
    .select({ id: notificationMails.id })
    .from(notificationMails)
    .where(eq(notificationMails.status, 'queued'))
    .orderBy(asc(notificationMails.createdAt))
    .limit(BATCH);
  let sent = 0;
  let siteNames: Record<Locale, string> | undefined;
  for (const { id } of queued) {
    const [row] = await db
      .update(notificationMails)
      .set({ status: 'sending', claimedAt: new Date(now()) })
      .where(and(eq(notificationMails.id, id), eq(notificationMails.status, 'queued')))
      .returning();
    if (!row) continue; // another process took it
    const finish = (status: 'sent' | 'failed', error?: string) =>
      db
        .update(notificationMails)
        .set({ status, finishedAt: new Date(now()), error: error ?? null })
        .where(eq(notificationMails.id, id));
    const recipient = await db.select().from(users).where(eq(users.id, row.userId)).get();
    const comment = await db
      .select({
        body: comments.body,
        locale: comments.locale,
        pageSlug: comments.pageSlug,
        status: comments.status,
        author: users.displayName,
        pageTitle: pages.title,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(pages, and(eq(pages.locale, comments.locale), eq(pages.slug, comments.pageSlug)))
      .where(eq(comments.id, row.commentId))
      .get();
    const wanted = row.kind === 'reply' ? recipient?.notifyReplies : recipient?.notifyModeration;
    const stillTrue = comment && (row.kind === 'reply' ? comment.status === 'approved' : comment.status === 'pending');
    if (!recipient?.email || recipient.disabledAt || !wanted || !stillTrue) {
      await finish('failed', 'no longer wanted');
      continue;
    }
    const locale = localeOr(recipient.locale ?? comment.locale, defaultLocale);
    siteNames ??= (await getSiteSettings(db)).siteName;
    const token = await unsubscribeToken(db, recipient.id, row.kind);
    // Percent-encoded (paths.page): a raw Persian address breaks in plain text and in some clients (D14).
    const pageUrl = `${origin}${paths.page(comment.locale, comment.pageSlug)}#comments`;
    try {
      await mailer.send(
        notificationMail({
          to: recipient.email,
          locale,
          site: siteNames[locale],
          siteUrl: origin,
          kind: row.kind,
          author: comment.author,
          page: comment.pageTitle ?? comment.pageSlug,
          // As readers see it, not as typed (D13); a long one is cut before it is rendered.
          bodyHtml: commentHtml(comment.body.length > 600 ? `${comment.body.slice(0, 600)}…` : comment.body),
          url: row.kind === 'reply' ? pageUrl : `${origin}${paths.manage(locale, 'comments')}`,
          unsubscribeUrl: `${origin}${paths.notificationsUnsubscribe(locale, token)}`,
          unsubscribeApi: `${origin}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        }),
      );
      await finish('sent');
      sent += 1;
    } catch (error) {
      await finish('failed', error instanceof Error ? error.message.slice(0, 500) : String(error));
    }
  }
  return sent;
}

/** Finished rows are kept this long (what went out, for a look), then dropped by the `expired-rows` job. */
export const NOTIFICATION_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Drops sent or failed rows older than NOTIFICATION_KEEP_MS; answers how many went. */
export async function purgeOldNotificationMails(db: Database, now = Date.now()) {
  const gone = await db
    .delete(notificationMails)
    .where(and(ne(notificationMails.status, 'queued'), lt(notificationMails.finishedAt, new Date(now - NOTIFICATION_KEEP_MS))))
    .returning({ id: notificationMails.id });
  return gone.length;
}
