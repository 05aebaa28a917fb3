import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailerFromConfig } from '../../platforms/node/mailer';
import { json } from '../../tests/support/config';
import { createInstalledSite, type InstalledSite, PASSWORD } from '../../tests/support/site';
import { linkIn, type SmtpCatcher, startSmtpServer } from '../../tests/support/smtp';
import { createApp } from '../app';
import { comments, newsletterSubscribers, pages, pageViews, users } from '../db/schema';
import { jobs, runCronJobs } from '../jobs/index';
import { createUser } from './users';
import { isoWeek, sendWeeklyDigests } from './weekly-digest';

/*
 * The owner's weekly digest (issue 27 item 4) against a real local SMTP server: the week's
 * figures in fa (Persian digits, Jalali dates, RTL) and en, once per ISO week, only to owners who
 * turned it on, and a one-click unsubscribe.
 */

const ORIGIN = 'http://daftar.test';
const DAY = 24 * 60 * 60 * 1000;
let smtp: SmtpCatcher;
let site: InstalledSite;
let counter = 0;
const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.test`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  site = await createInstalledSite({ SMTP_URL: smtp.url, MAIL_FROM: 'Daftar <site@daftar.test>', SITE_URL: ORIGIN });
  site.deps.mailer = smtpMailerFromConfig(site.deps.config);
  site = { ...site, app: createApp(site.deps) };
  await seed();
});
afterAll(async () => {
  await smtp.close();
});

const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);

/** This week: 12 + 30 views, 3 confirmed subscribers, 4 comments (2 pending, plus 1 old pending), 1 outdated translation. */
async function seed() {
  const { db } = site.deps;
  await db.insert(pageViews).values([
    { locale: 'fa', path: '', viewedAt: ago(1), views: 12 },
    { locale: 'en', path: 'about', viewedAt: ago(6), views: 30 },
    { locale: 'en', path: 'about', viewedAt: ago(9), views: 500 }, // last week
  ]);
  await db.insert(newsletterSubscribers).values([
    { email: 'a@example.test', locale: 'fa', status: 'subscribed', confirmedAt: ago(2) },
    { email: 'b@example.test', locale: 'en', status: 'subscribed', confirmedAt: ago(3) },
    { email: 'c@example.test', locale: 'fa', status: 'subscribed', confirmedAt: ago(5) },
    { email: 'd@example.test', locale: 'fa', status: 'pending' }, // never confirmed
    { email: 'e@example.test', locale: 'en', status: 'unsubscribed', confirmedAt: ago(1) },
    { email: 'f@example.test', locale: 'en', status: 'subscribed', confirmedAt: ago(20) }, // earlier
  ]);
  const by = site.ids.member;
  await db.insert(comments).values([
    { locale: 'fa', pageSlug: 'p', userId: by, body: 'x', status: 'approved', createdAt: ago(1) },
    { locale: 'fa', pageSlug: 'p', userId: by, body: 'x', status: 'approved', createdAt: ago(2) },
    { locale: 'en', pageSlug: 'p', userId: by, body: 'x', status: 'pending', createdAt: ago(3) },
    { locale: 'en', pageSlug: 'p', userId: by, body: 'x', status: 'pending', createdAt: ago(4) },
    { locale: 'en', pageSlug: 'p', userId: by, body: 'x', status: 'spam', createdAt: ago(1) },
    { locale: 'en', pageSlug: 'p', userId: by, body: 'x', status: 'pending', createdAt: ago(30) }, // waits still
  ]);
  const page = { sourceHash: 'h', html: '', title: 'T' };
  await db.insert(pages).values([
    { ...page, locale: 'fa', slug: 'digest-a', sourcePath: 'fa/digest-a.md', lastCommitAt: ago(1) },
    { ...page, locale: 'en', slug: 'digest-a', sourcePath: 'en/digest-a.md', lastCommitAt: ago(3) },
    { ...page, locale: 'fa', slug: 'digest-b', sourcePath: 'fa/digest-b.md', lastCommitAt: ago(3) },
    { ...page, locale: 'en', slug: 'digest-b', sourcePath: 'en/digest-b.md', lastCommitAt: ago(1) },
  ]);
}

const call = (method: string, path: string, body?: unknown, cookie?: string) =>
  site.app.request(path, {
    method,
    headers: {
      'x-locale': 'en',
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const setUser = (id: string, values: Partial<typeof users.$inferInsert>) =>
  site.deps.db.update(users).set(values).where(eq(users.id, id));

describe('weekly digest', () => {
  it('is a weekly job on the daily cron', () => {
    const job = jobs.find((j) => j.name === 'weekly-digest');
    expect(job?.everyMs).toBe(7 * DAY);
  });

  it('mails opted-in owners the week in their language, once a week, and stops on unsubscribe', async () => {
    const { db } = site.deps;
    const faOwner = address('owner-fa');
    const enOwner = address('owner-en');
    const offOwner = address('owner-off');
    const editor = address('editor');
    // A second owner, one opted out, and an editor who turned the digest on (not an owner: nothing).
    const newOwner = (userName: string) =>
      createUser(
        db,
        { firstName: 'Owner', lastName: 'Two', about: '', userName, password: PASSWORD },
        ['owner'],
        site.deps.passwordIterations,
      );
    const second = { id: await newOwner('owner_two') };
    const third = { id: await newOwner('owner_off') };
    await setUser(site.ids.owner, { email: faOwner, locale: 'fa' });
    await setUser(second.id, { email: enOwner, locale: 'en', notifyDigest: true });
    await setUser(third.id, { email: offOwner, locale: 'en', notifyDigest: false });
    await setUser(site.ids.editor, { email: editor, locale: 'en', notifyDigest: true });

    // The owner turns it on from the profile (offered to owners only; off by default).
    const before = (await json(await call('GET', '/api/profile', undefined, site.cookies.owner))).user.notifications;
    expect(before).toEqual({ replies: false, moderation: false, digest: false });
    const on = await call(
      'PUT',
      '/api/profile/notifications',
      { replies: false, moderation: false, digest: true },
      site.cookies.owner,
    );
    expect((await json(on)).user.notifications.digest).toBe(true);
    const member = (await json(await call('GET', '/api/profile', undefined, site.cookies.member))).user.notifications;
    expect(member).toEqual({ replies: false, moderation: false });

    await runCronJobs(site.deps, 'daily', { budgetMs: 30_000, maxSteps: 1 });
    const [fa] = await smtp.waitFor(faOwner);
    const [en] = await smtp.waitFor(enOwner);

    // English: the figures, the links to the dashboard's screens, the unsubscribe headers.
    expect(en!.subject).toBe('Your week on Daftar');
    for (const line of [
      'Page views: 42',
      'New confirmed newsletter subscribers: 3',
      'New comments: 4 (3 waiting for moderation)',
      'Outdated translations: 1',
    ])
      expect(en!.text).toContain(line);
    expect(en!.html).toContain('<html lang="en" dir="ltr">');
    for (const link of [`${ORIGIN}/en/manage"`, `${ORIGIN}/en/manage/newsletter`, `${ORIGIN}/en/manage/comments/pending`])
      expect(en!.html).toContain(link);
    expect(en!.html).toContain(`${ORIGIN}/en/manage/pages?locale=en&amp;outdated=1`);
    expect(en!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Persian: RTL, Persian digits, Jalali dates, no Latin digit in the figures.
    expect(fa!.html).toContain('<html lang="fa" dir="rtl">');
    for (const line of [
      'بازدید صفحه‌ها: ۴۲',
      'مشترکان تأییدشدهٔ تازهٔ خبرنامه: ۳',
      'دیدگاه‌های تازه: ۴ (۳ در انتظار بررسی)',
      'ترجمه‌های قدیمی‌شده: ۱',
    ])
      expect(fa!.text).toContain(line);
    const jalaliYear = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { year: 'numeric', timeZone: 'UTC' }).format(now);
    expect(fa!.text).toContain(jalaliYear.replace(/[^\u06f0-\u06f9]/g, ''));
    expect(fa!.text).not.toMatch(/: \d/);
    expect(fa!.html).toContain(`${ORIGIN}/fa/manage/comments/pending`);

    // Nobody else, and once a week: a second run (cron or the service) sends nothing.
    expect(smtp.to(offOwner)).toHaveLength(0);
    expect(smtp.to(editor)).toHaveLength(0);
    await runCronJobs(site.deps, 'daily', { budgetMs: 30_000, maxSteps: 1 });
    expect(await sendWeeklyDigests(site.deps, ORIGIN)).toBe(0);
    expect(smtp.to(faOwner)).toHaveLength(1);
    expect(smtp.to(enOwner)).toHaveLength(1);
    const row = await db.select({ week: users.digestSentWeek }).from(users).where(eq(users.id, site.ids.owner)).get();
    expect(row?.week).toBe(isoWeek(now));
    // Next week, again.
    expect(await sendWeeklyDigests(site.deps, ORIGIN, { now: now + 7 * DAY })).toBe(2);
    await smtp.waitFor(faOwner, 2);

    // One-click unsubscribe (RFC 8058 POST to the header's address); a forged token changes nothing.
    const api = /<([^>]+)>/.exec(en!.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(api).toMatch(/^http:\/\/daftar\.test\/api\/notifications\/unsubscribe\?token=digest\./);
    const page = linkIn(en!, /http:\/\/daftar\.test\/en\/notifications\/unsubscribe\?token=[\w.%-]+/);
    expect(new URL(page).searchParams.get('token')).toBe(new URL(api).searchParams.get('token'));
    const token = new URL(api).searchParams.get('token') ?? '';
    for (const forged of [
      token.replace(second.id, site.ids.owner),
      `reply${token.slice('digest'.length)}`,
      `${token}x`,
      'digest..',
      '../../x',
    ])
      expect((await call('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`)).status).toBe(400);
    const done = await call('POST', `${new URL(api).pathname}${new URL(api).search}`);
    expect(await json(done)).toEqual({ kind: 'digest' });
    const after = await db.select({ on: users.notifyDigest }).from(users).where(eq(users.id, second.id)).get();
    expect(after?.on).toBe(false);
    const owner = await db.select({ on: users.notifyDigest }).from(users).where(eq(users.id, site.ids.owner)).get();
    expect(owner?.on).toBe(true);
    expect(await sendWeeklyDigests(site.deps, ORIGIN, { now: now + 14 * DAY })).toBe(1);
    expect(smtp.to(enOwner)).toHaveLength(2);
  });

  it('numbers ISO weeks across a year end', () => {
    expect(isoWeek(Date.UTC(2026, 10, 27))).toBe('2026-W48');
    expect(isoWeek(Date.UTC(2027, 0, 1))).toBe('2026-W53');
    expect(isoWeek(Date.UTC(2025, 11, 29))).toBe('2026-W01');
  });
});
