import { and, eq, gte, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { defaultLocale, localeOr, translationLocale } from '../../common/locales';
import { paths } from '../../common/paths';
import { OWNER_ROLE } from '../../common/permissions';
import type { Database } from '../db/database';
import { comments, newsletterSubscribers, pageViews, userRoles, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { errorForLog } from '../errors';
import { type DigestFigures, weeklyDigestMail } from '../mail/account-mail';
import { unsubscribeToken } from './notifications';
import { getSiteSettings } from './site';
import { countOutdatedTranslations } from './translations';

/*
 * The owner's weekly digest (issue 27 item 4): off until an owner turns it on in the profile, and
 * only to a confirmed address. The `weekly-digest` job (server/jobs/index.ts) runs it once a week
 * on Node and every day on Workers' daily cron; either way an owner gets one digest per ISO week:
 * the week is written on the account (`users.digest_sent_week`) by a conditional update before
 * the mail goes, so two processes racing claim it once. A failed send gives the week back, so the
 * next run tries again. The figures are the 7 days before the run.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ISO 8601 week of `at` (UTC), as `2026-W48`. */
export function isoWeek(at: number) {
  const date = new Date(at);
  const day = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  const thursday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 4 - day);
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The past 7 days' figures (raw views are kept 90 days, so the week is always in `page_views`). */
export async function digestFigures(db: Database, since: Date): Promise<DigestFigures> {
  const [views, subscribers, newComments, pending, outdated] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${pageViews.views}), 0)` })
      .from(pageViews)
      .where(gte(pageViews.viewedAt, since))
      .get(),
    db.$count(
      newsletterSubscribers,
      and(eq(newsletterSubscribers.status, 'subscribed'), gte(newsletterSubscribers.confirmedAt, since)),
    ),
    db.$count(comments, and(gte(comments.createdAt, since), ne(comments.status, 'spam'))),
    db.$count(comments, eq(comments.status, 'pending')),
    countOutdatedTranslations(db),
  ]);
  return { views: Number(views?.n ?? 0), subscribers, comments: newComments, pending, outdated };
}

/**
 * Sends this week's digest to every owner who wants it and has not had it yet; answers how many
 * went. `origin` is SITE_URL (a job has no request).
 */
export async function sendWeeklyDigests(deps: Pick<AppDeps, 'db' | 'mailer'>, origin: string, { now = Date.now() } = {}) {
  const { db, mailer } = deps;
  if (!mailer) return 0;
  const week = isoWeek(now);
  const notThisWeek = or(isNull(users.digestSentWeek), ne(users.digestSentWeek, week));
  const owners = await db
    .selectDistinct({ id: users.id, email: users.email, locale: users.locale, previous: users.digestSentWeek })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(userRoles.roleId, OWNER_ROLE),
        eq(users.notifyDigest, true),
        isNotNull(users.email),
        isNull(users.disabledAt),
        isNull(users.deletedAt),
        notThisWeek,
      ),
    );
  if (!owners.length) return 0;
  const until = new Date(now);
  const since = new Date(now - 7 * DAY_MS);
  const figures = await digestFigures(db, since);
  const { siteName: siteNames, timeZone } = await getSiteSettings(db);
  let sent = 0;
  for (const owner of owners) {
    const [claimed] = await db
      .update(users)
      .set({ digestSentWeek: week })
      .where(and(eq(users.id, owner.id), notThisWeek))
      .returning({ id: users.id });
    if (!claimed || !owner.email) continue; // another process sent it
    const locale = localeOr(owner.locale, defaultLocale);
    const token = await unsubscribeToken(db, owner.id, 'digest');
    try {
      await mailer.send(
        weeklyDigestMail({
          to: owner.email,
          locale,
          site: siteNames[locale],
          siteUrl: origin,
          since,
          until,
          timeZone,
          figures,
          links: {
            dashboard: `${origin}${paths.manage(locale)}`,
            newsletter: `${origin}${paths.manage(locale, 'newsletter')}`,
            comments: `${origin}${paths.manage(locale, 'comments/pending')}`,
            outdated: `${origin}${paths.manage(locale, 'pages')}?locale=${translationLocale}&outdated=1`,
          },
          unsubscribeUrl: `${origin}${paths.notificationsUnsubscribe(locale, token)}`,
          unsubscribeApi: `${origin}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        }),
      );
      sent += 1;
    } catch (error) {
      // Not sent: the week is given back so the next run tries again.
      await db.update(users).set({ digestSentWeek: owner.previous }).where(eq(users.id, owner.id));
      console.error(`Weekly digest not sent:\n${errorForLog(error)}`);
    }
  }
  return sent;
}
