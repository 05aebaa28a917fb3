import { and, asc, count, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { pageHtml } from '../../common/content';
import { csvCell } from '../../common/csv';
import { zonedParts } from '../../common/format';
import { type Locale, localeNames } from '../../common/locales';
import type { IssueSummary, SendablePage, SubscriberItem, SubscriberStatus } from '../../common/newsletter';
import { paths } from '../../common/paths';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { Database } from '../db/database';
import { containsFolded } from '../db/folded-match';
import { selectInParts } from '../db/limits';
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers, newsletterTokens, pages } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { claimLapsed } from '../jobs/leases';
import type { Mailer } from '../mail/mailer';
import { confirmationMail, issueMail, issueParts, type MailLinks } from '../mail/newsletter-mail';
import { queueOutgoingEvent } from './outgoing-webhooks';
import { getSiteSettings } from './site';

export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
/** An unsubscribe link must keep working long after the mail arrived. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** A row claimed longer ago than this by a worker that is gone counts as interrupted. */
export const SEND_LEASE_MS = 10 * 60 * 1000;
export const SUBSCRIBERS_PAGE_SIZE = 25;

type Clock = { now?: () => number };

/** The mailer, or 503: nothing newsletter-related works without one. */
export function requireMailer(deps: AppDeps): Mailer {
  if (!deps.mailer) throw new AppError(503, 'api.newsletterOff');
  return deps.mailer;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A new token of a kind for a subscriber: the raw value goes into a link, only its hash is kept. */
async function issueToken(db: Database, subscriberId: number, kind: 'confirm' | 'unsubscribe', locale: Locale, now: number) {
  const token = randomToken();
  await db.insert(newsletterTokens).values({
    subscriberId,
    kind,
    locale,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(now + (kind === 'confirm' ? CONFIRM_TOKEN_TTL_MS : UNSUBSCRIBE_TOKEN_TTL_MS)),
  });
  return token;
}

async function unsubscribeLinks(
  db: Database,
  origin: string,
  subscriberId: number,
  locale: Locale,
  now: number,
): Promise<MailLinks> {
  const token = await issueToken(db, subscriberId, 'unsubscribe', locale, now);
  return {
    unsubscribePage: `${origin}${paths.newsletterUnsubscribe(locale, token)}`,
    unsubscribeApi: `${origin}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}

/**
 * A subscription request. The answer never says whether the address was known (the caller always
 * answers 202), and the database work is the same shape either way: find or add the address, then
 * make the tokens. The confirmation mail is returned as a task for the caller to run after
 * answering, so a slow mail server does not show in the response time either. An address that is
 * already confirmed gets nothing (another mail would only annoy it).
 */
export async function subscribe(
  deps: AppDeps,
  /** `origin`: the site's address (server/site-origin.ts mailOrigin); none, and nothing is done. */
  input: { email: string; locale: Locale; origin: string | undefined },
  { now = () => Date.now() }: Clock = {},
): Promise<(() => Promise<void>) | undefined> {
  const mailer = requireMailer(deps);
  const { origin } = input;
  if (!origin) return undefined;
  const { db } = deps;
  const email = input.email.trim();
  // Added if new (the unique index on lower(email) keeps one row per address), then read back.
  await db.insert(newsletterSubscribers).values({ email, locale: input.locale }).onConflictDoNothing();
  const [row] = await db
    .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, normaliseEmail(email)));
  if (!row) throw new Error('subscribe: no row');
  const at = now();
  const confirmToken = await issueToken(db, row.id, 'confirm', input.locale, at);
  const links = await unsubscribeLinks(db, origin, row.id, input.locale, at);
  if (row.status === 'subscribed') return undefined;
  const site = (await getSiteSettings(db)).siteName[input.locale];
  const message = confirmationMail({
    to: email,
    locale: input.locale,
    site,
    siteUrl: origin,
    confirmUrl: `${origin}${paths.newsletterConfirm(input.locale, confirmToken)}`,
    links,
  });
  return () => mailer.send(message);
}

/** Confirms a subscription with a single-use token from the confirmation mail (48 hours). */
export async function confirmSubscription(db: Database, token: string, { now = () => Date.now() }: Clock = {}) {
  const hash = await sha256Hex(token);
  const at = new Date(now());
  // Spent and checked in one statement, so two clicks cannot both confirm.
  const [used] = await db
    .update(newsletterTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(newsletterTokens.tokenHash, hash),
        eq(newsletterTokens.kind, 'confirm'),
        isNull(newsletterTokens.usedAt),
        sql`${newsletterTokens.expiresAt} > ${at.getTime()}`,
      ),
    )
    .returning({ subscriberId: newsletterTokens.subscriberId, locale: newsletterTokens.locale });
  if (!used) {
    const [known] = await db
      .select({ usedAt: newsletterTokens.usedAt })
      .from(newsletterTokens)
      .where(and(eq(newsletterTokens.tokenHash, hash), eq(newsletterTokens.kind, 'confirm')));
    if (!known) throw new AppError(400, 'api.newsletterTokenInvalid');
    throw new AppError(400, known.usedAt ? 'api.newsletterTokenUsed' : 'api.newsletterTokenExpired');
  }
  const subscriber = await db
    .update(newsletterSubscribers)
    .set({ status: 'subscribed', locale: used.locale, confirmedAt: at, unsubscribedAt: null })
    .where(eq(newsletterSubscribers.id, used.subscriberId))
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .get();
  if (subscriber)
    await queueOutgoingEvent(db, 'subscriber.confirmed', {
      id: subscriber.id,
      email: subscriber.email,
      locale: used.locale,
      confirmedAt: at.toISOString(),
    });
  return { locale: used.locale };
}

/**
 * Unsubscribes with the token of any mail's unsubscribe link (the page's button, or a mail
 * client's RFC 8058 one-click POST). Repeating it is harmless.
 */
export async function unsubscribe(db: Database, token: string, { now = () => Date.now() }: Clock = {}) {
  const at = new Date(now());
  const [row] = await db
    .select({ subscriberId: newsletterTokens.subscriberId, status: newsletterSubscribers.status })
    .from(newsletterTokens)
    .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterTokens.subscriberId))
    .where(
      and(
        eq(newsletterTokens.tokenHash, await sha256Hex(token)),
        eq(newsletterTokens.kind, 'unsubscribe'),
        sql`${newsletterTokens.expiresAt} > ${at.getTime()}`,
      ),
    );
  if (!row) throw new AppError(400, 'api.newsletterTokenInvalid');
  if (row.status !== 'unsubscribed')
    await db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed', unsubscribedAt: at })
      .where(eq(newsletterSubscribers.id, row.subscriberId));
}

function subscriberFilter(input: { query?: string; status?: SubscriberStatus }): SQL | undefined {
  const conditions: SQL[] = [];
  const query = input.query?.trim();
  // Literal text, folded as every search is (server/db/folded-match.ts): «۱۳۷۰» finds «sara1370@…».
  if (query) conditions.push(containsFolded([newsletterSubscribers.email], query));
  if (input.status) conditions.push(eq(newsletterSubscribers.status, input.status));
  return conditions.length ? and(...conditions) : undefined;
}

/** The dashboard's list: newest first, filtered by part of the address and by status, paged. */
export async function listSubscribers(db: Database, input: { query?: string; status?: SubscriberStatus; page: number }) {
  const where = subscriberFilter(input);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((input.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    db.select({ value: count() }).from(newsletterSubscribers).where(where),
  ]);
  return {
    items: rows.map(
      (row): SubscriberItem => ({
        id: row.id,
        email: row.email,
        locale: row.locale,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    total: total?.value ?? 0,
    page: input.page,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
  };
}

export async function deleteSubscriber(db: Database, id: number) {
  const [row] = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw new AppError(404, 'api.notFound');
}

/** Every subscriber (with the list's filters) as CSV: email, locale, status, created, confirmed, unsubscribed. */
export async function subscribersCsv(db: Database, input: { query?: string; status?: SubscriberStatus }) {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(subscriberFilter(input))
    .orderBy(asc(newsletterSubscribers.id));
  const lines = [['email', 'locale', 'status', 'created_at', 'confirmed_at', 'unsubscribed_at'].join(',')];
  for (const row of rows)
    lines.push(
      [
        row.email,
        row.locale,
        row.status,
        row.createdAt.toISOString(),
        row.confirmedAt?.toISOString() ?? '',
        row.unsubscribedAt?.toISOString() ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Queues a published page as an issue for the confirmed subscribers of its locale: the parts are
 * rendered now, and one delivery row per subscriber (unique per issue) is written in the same
 * batch, so a crash leaves either the whole issue queued or nothing.
 */
export async function createIssue(
  deps: AppDeps,
  input: { locale: Locale; path: string; origin: string; userId: string },
): Promise<{ id: number }> {
  requireMailer(deps);
  const { db } = deps;
  const slug = input.path
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .replace(new RegExp(`^${input.locale}(/|$)`), '');
  const [page] = await db
    .select({
      title: pages.title,
      body: pages.body,
      storedHtml: pages.html,
      slug: pages.slug,
      date: pages.date,
      visibility: pages.visibility,
    })
    .from(pages)
    .where(and(eq(pages.locale, input.locale), eq(pages.slug, slug), eq(pages.draft, false)));
  if (!page) throw new AppError(404, 'api.pageNotFound', undefined, { path: `/${input.locale}/${slug}` });
  const [subscribers] = await db
    .select({ value: count() })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, 'subscribed'), eq(newsletterSubscribers.locale, input.locale)));
  if (!subscribers?.value)
    throw new AppError(400, 'api.newsletterNoSubscribers', undefined, { language: localeNames[input.locale] });
  const parts = issueParts({
    locale: input.locale,
    title: page.title,
    // A members page's `body` is its first block (docs/content.md "Members-only pages").
    html: pageHtml(page.body, page.storedHtml),
    members: page.visibility === 'members',
    pageUrl: `${input.origin}${paths.page(input.locale, page.slug)}`,
    origin: input.origin,
    // A page without a date: the issue's day, on the site's clock.
    date: pageDate(page.date) ?? zonedParts(Date.now(), (await getSiteSettings(db)).timeZone).date,
  });
  const [issue] = await db
    .insert(newsletterIssues)
    .values({ locale: input.locale, slug: page.slug, origin: input.origin, createdBy: input.userId, ...parts })
    .returning({ id: newsletterIssues.id });
  if (!issue) throw new Error('createIssue: no row');
  await db.run(
    sql`INSERT INTO newsletter_deliveries (issue_id, subscriber_id)
        SELECT ${issue.id}, id FROM newsletter_subscribers WHERE status = 'subscribed' AND locale = ${input.locale}
        ON CONFLICT DO NOTHING`,
  );
  return { id: issue.id };
}

/** A page's front-matter date when it is one (`2026-03-29`, or a full ISO time), else undefined. */
function pageDate(value: string | null): Date | undefined {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** An issue's progress: every queued recipient ends as sent or failed. */
export async function issueProgress(db: Database, id: number) {
  const [issue] = await db.select({ id: newsletterIssues.id }).from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!issue) throw new AppError(404, 'api.newsletterIssueNotFound');
  const rows = await db
    .select({ status: newsletterDeliveries.status, value: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, id))
    .groupBy(newsletterDeliveries.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.value ?? 0;
  return { total: rows.reduce((sum, row) => sum + row.value, 0), sent: of('sent'), failed: of('failed') };
}

/** The latest issues with their progress, for the dashboard. */
export async function recentIssues(db: Database, limit = 10): Promise<IssueSummary[]> {
  const issues = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.id)).limit(limit);
  if (!issues.length) return [];
  const counts = await selectInParts(
    issues.map((issue) => issue.id),
    (ids) =>
      db
        .select({ issueId: newsletterDeliveries.issueId, status: newsletterDeliveries.status, value: count() })
        .from(newsletterDeliveries)
        .where(inArray(newsletterDeliveries.issueId, ids))
        .groupBy(newsletterDeliveries.issueId, newsletterDeliveries.status),
  );
  return issues.map((issue) => {
    const mine = counts.filter((row) => row.issueId === issue.id);
    const of = (status: string) => mine.find((row) => row.status === status)?.value ?? 0;
    return {
      id: issue.id,
      locale: issue.locale,
      slug: issue.slug,
      subject: issue.subject,
      createdAt: issue.createdAt.toISOString(),
      total: mine.reduce((sum, row) => sum + row.value, 0),
      sent: of('sent'),
      failed: of('failed'),
    };
  });
}

/**
 * Rows a worker claimed and never finished (it crashed or was stopped) become `failed`: the mail
 * may have gone out before the crash, and sending it again could deliver it twice.
 */
export async function failInterruptedDeliveries(db: Database, { leaseMs = SEND_LEASE_MS, now = () => Date.now() } = {}) {
  const rows = await db
    .update(newsletterDeliveries)
    .set({ status: 'failed', error: 'interrupted while sending', finishedAt: new Date(now()) })
    .where(and(eq(newsletterDeliveries.status, 'sending'), claimLapsed(newsletterDeliveries.claimedAt, leaseMs, now())))
    .returning({ id: newsletterDeliveries.id });
  return rows.length;
}

/**
 * Works through the send queue: claims one row at a time (`queued` → `sending`, one statement, so
 * two workers never take the same row) and only then sends it. Stops when the queue is empty,
 * after `limit` messages, or once `budgetMs` has passed (a Worker's time is short).
 */
export async function processNewsletterQueue(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  {
    limit = Number.POSITIVE_INFINITY,
    budgetMs = Number.POSITIVE_INFINITY,
    now = () => Date.now(),
    signal,
  }: Clock & {
    limit?: number;
    budgetMs?: number;
    /** A stopping process: the mail in hand is finished, no further row is claimed. */
    signal?: AbortSignal;
  } = {},
): Promise<{ sent: number; failed: number }> {
  const mailer = deps.mailer;
  const result = { sent: 0, failed: 0 };
  if (!mailer) return result;
  const { db } = deps;
  const started = now();
  const issues = new Map<number, typeof newsletterIssues.$inferSelect>();
  let siteNames: Record<Locale, string> | undefined;
  while (result.sent + result.failed < limit && now() - started < budgetMs && !signal?.aborted) {
    const [claimed] = await db
      .update(newsletterDeliveries)
      .set({ status: 'sending', claimedAt: new Date(now()) })
      .where(
        and(
          eq(newsletterDeliveries.status, 'queued'),
          eq(newsletterDeliveries.id, sql`(SELECT id FROM newsletter_deliveries WHERE status = 'queued' ORDER BY id LIMIT 1)`),
        ),
      )
      .returning();
    if (!claimed) break;
    const finish = async (status: 'sent' | 'failed', error?: string) => {
      await db
        .update(newsletterDeliveries)
        .set({ status, error: error ?? null, finishedAt: new Date(now()) })
        .where(eq(newsletterDeliveries.id, claimed.id));
      result[status]++;
    };
    const [subscriber] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, claimed.subscriberId));
    // Left between queueing and sending: not sent.
    if (subscriber?.status !== 'subscribed') {
      await finish('failed', 'unsubscribed before sending');
      continue;
    }
    let issue = issues.get(claimed.issueId);
    if (!issue) {
      [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, claimed.issueId));
      if (!issue) continue; // deleted with its rows
      issues.set(issue.id, issue);
    }
    siteNames ??= (await getSiteSettings(db)).siteName;
    try {
      const links = await unsubscribeLinks(db, issue.origin, subscriber.id, issue.locale, now());
      await mailer.send(
        issueMail({
          to: subscriber.email,
          locale: issue.locale,
          site: siteNames[issue.locale],
          siteUrl: issue.origin,
          subject: issue.subject,
          html: issue.html,
          text: issue.text,
          links,
        }),
      );
    } catch (error) {
      await finish('failed', (error instanceof Error ? error.message : String(error)).slice(0, 500));
      continue;
    }
    await finish('sent');
  }
  return result;
}

/** Expired tokens are refused anyway; dropping them keeps the table small. */
export async function purgeExpiredNewsletterTokens(db: Database, { now = () => Date.now() }: Clock = {}) {
  const rows = await db
    .delete(newsletterTokens)
    .where(lt(newsletterTokens.expiresAt, new Date(now())))
    .returning({ id: newsletterTokens.id });
  return rows.length;
}

/**
 * The background job (server/jobs): rows a dead worker claimed are failed (`leaseMs` 0 only when no
 * other process is alive to be sending them), and the queue is worked through.
 */
export async function resumeNewsletterQueue(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  options: { leaseMs?: number; budgetMs?: number; signal?: AbortSignal } = {},
) {
  await failInterruptedDeliveries(deps.db, { leaseMs: options.leaseMs });
  return processNewsletterQueue(deps, { budgetMs: options.budgetMs, signal: options.signal });
}

/** What the dashboard shows next to the subscribers: published pages to send, confirmed readers per locale. */
export async function sendOptions(db: Database) {
  const [published, confirmed] = await Promise.all([
    db
      .select({ locale: pages.locale, slug: pages.slug, title: pages.title })
      .from(pages)
      .where(eq(pages.draft, false))
      .orderBy(desc(pages.date), asc(pages.title))
      .limit(500),
    db
      .select({ locale: newsletterSubscribers.locale, value: count() })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'subscribed'))
      .groupBy(newsletterSubscribers.locale),
  ]);
  return {
    pages: published as SendablePage[],
    confirmed: Object.fromEntries(confirmed.map((row) => [row.locale, row.value])) as Partial<Record<Locale, number>>,
  };
}
