import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailerFromConfig } from '../../platforms/node/mailer';
import { json } from '../../tests/support/config';
import { commitFiles } from '../../tests/support/content-repo';
import { expectPrototypeKeysIgnored, expectRefusedQueries, refusedPageQueries } from '../../tests/support/query';
import { createInstalledSite, type InstalledSite } from '../../tests/support/site';
import { linkIn, type SmtpCatcher, startSmtpServer } from '../../tests/support/smtp';
import { createApp } from '../app';
import { SUBSCRIBE_EMAIL_LIMIT, SUBSCRIBE_IP_LIMIT } from '../auth/rate-limit';
import { sha256Hex } from '../auth/tokens';
import { renderMarkdown } from '../content/render';
import { newsletterDeliveries, newsletterSubscribers, newsletterTokens, pages } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Mailer } from '../mail/mailer';
import { syncContent } from '../services/content-sync';
import {
  CONFIRM_TOKEN_TTL_MS,
  confirmSubscription,
  createIssue,
  failInterruptedDeliveries,
  processNewsletterQueue,
} from '../services/newsletter';
import { pageCacheKey, pageRequestOf } from './page-cache';

const ORIGIN = 'http://daftar.test';
let smtp: SmtpCatcher;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

/** An installed site whose mail goes to the local SMTP server. */
async function mailSite() {
  const site = await createInstalledSite({ SMTP_URL: smtp.url, MAIL_FROM: 'Daftar <news@daftar.test>', SITE_URL: ORIGIN });
  site.deps.mailer = smtpMailerFromConfig(site.deps.config);
  return { ...site, app: createApp(site.deps) };
}

let counter = 0;
/** A fresh address per test, so the shared SMTP server's inbox can be read per test. */
const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.test`;

function post(site: InstalledSite, path: string, body: unknown, headers: Record<string, string> = {}) {
  return site.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const subscribeCall = (site: InstalledSite, email: string, locale = 'en') =>
  post(site, '/api/newsletter/subscribe', { email, locale });

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const confirmLink = (mail: { text: string }, locale = 'en') =>
  linkIn(mail as never, new RegExp(`${ORIGIN}/${locale}/newsletter/confirm\\?token=[\\w-]+`));

/** Subscribes and confirms an address through the API, as a reader would. */
async function confirmedSubscriber(site: InstalledSite, email: string, locale = 'en') {
  expect((await subscribeCall(site, email, locale)).status).toBe(202);
  const [mail] = await smtp.waitFor(email);
  if (!mail) throw new Error('no mail');
  expect((await post(site, '/api/newsletter/confirm', { token: tokenOf(confirmLink(mail, locale)) })).status).toBe(200);
}

async function statusOf(site: InstalledSite, email: string) {
  const [row] = await site.deps.db
    .select({ status: newsletterSubscribers.status, locale: newsletterSubscribers.locale })
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
  return row;
}

describe('newsletter: subscribing', () => {
  it('without a mail transport the subscription calls are 503 and say so', async () => {
    const site = await createInstalledSite();
    const response = await subscribeCall(site, address('off'));
    expect(response.status).toBe(503);
    expect((await json(response)).message).toMatch(/no mail transport/);
  });

  it('answers 202 with the same body for unknown, pending, confirmed and unsubscribed addresses (no enumeration)', async () => {
    const site = await mailSite();
    const known = address('known');
    const left = address('left');
    await confirmedSubscriber(site, known);
    await confirmedSubscriber(site, left);
    const [leftMail] = smtp.to(left);
    const unsubscribeApi = leftMail?.headers.get('list-unsubscribe')?.slice(1, -1) ?? '';
    expect((await site.app.request(unsubscribeApi, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    const pending = address('pending');
    await subscribeCall(site, pending);

    const answers = [];
    for (const email of [address('unknown'), pending, known, left, known.toUpperCase()]) {
      const response = await subscribeCall(site, email);
      answers.push({ status: response.status, body: await response.text(), type: response.headers.get('content-type') });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: '{"status":"accepted"}', type: 'application/json' });
    // One row per address whatever its case; a confirmed address is not mailed again.
    const rows = await site.deps.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, known.toLowerCase()));
    expect(rows).toHaveLength(1);
    await smtp.waitFor(left, 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.to(known)).toHaveLength(1);
  });

  it('sends a confirmation mail in the reader’s language with a confirm link, an unsubscribe link and RFC 8058 headers', async () => {
    const site = await mailSite();
    const email = address('fa');
    expect((await subscribeCall(site, email, 'fa')).status).toBe(202);
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toContain('تأیید');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="fa"');
    expect(confirmLink(mail, 'fa')).toMatch(/^http:\/\/daftar\.test\/fa\/newsletter\/confirm\?token=/);
    expect(mail.text).toMatch(/http:\/\/daftar\.test\/fa\/newsletter\/unsubscribe\?token=[\w-]+/);
    expect(mail.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/daftar\.test\/api\/newsletter\/unsubscribe\?token=[\w-]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.from).toBe('news@daftar.test');
    // The subscription waits for the button.
    expect(await statusOf(site, email)).toEqual({ status: 'pending', locale: 'fa' });
    // Only hashes are stored.
    const token = tokenOf(confirmLink(mail, 'fa'));
    const stored = await site.deps.db.select({ hash: newsletterTokens.tokenHash }).from(newsletterTokens);
    expect(stored.some((row) => row.hash === token)).toBe(false);
  });

  it('refuses malformed input with field errors, and never lets a header through the address', async () => {
    const site = await mailSite();
    const cases: unknown[] = [
      {},
      { email: 'not-an-email', locale: 'en' },
      { email: 'a@b.test\r\nBcc: victim@example.test', locale: 'en' },
      { email: `${'a'.repeat(250)}@b.test`, locale: 'en' },
      { email: 'reader@example.test', locale: 'de' },
      { email: ['reader@example.test'], locale: 'en' },
      { email: 'reader@example.test' },
    ];
    for (const body of cases) {
      const response = await post(site, '/api/newsletter/subscribe', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).data.issues.length).toBeGreaterThan(0);
    }
    expect((await post(site, '/api/newsletter/subscribe', 'not json')).status).toBe(400);
    const fa = await post(site, '/api/newsletter/subscribe', { email: 'x', locale: 'fa' }, { 'x-locale': 'fa' });
    expect((await json(fa)).data.issues[0].message).toBe('نشانی ایمیل معتبری وارد کنید');
    expect(smtp.to('victim@example.test')).toEqual([]);
  });

  it('is rate limited per email address and per client address', async () => {
    const site = await mailSite();
    const email = address('limited');
    for (let i = 0; i < SUBSCRIBE_EMAIL_LIMIT; i++) expect((await subscribeCall(site, email)).status).toBe(202);
    const refused = await subscribeCall(site, email.toUpperCase());
    expect(refused.status).toBe(429);
    expect((await json(refused)).message).toMatch(/Too many attempts/);
    // The same client with other addresses, up to the per-client limit.
    for (let i = SUBSCRIBE_EMAIL_LIMIT; i < SUBSCRIBE_IP_LIMIT; i++)
      expect((await subscribeCall(site, address('other'))).status).toBe(202);
    expect((await subscribeCall(site, address('one-more'))).status).toBe(429);
    await smtp.waitFor(email, SUBSCRIBE_EMAIL_LIMIT);
  });
});

describe('newsletter: tokens', () => {
  it('confirms with a POST only, once; a reused, wrong or expired token is refused', async () => {
    const site = await mailSite();
    const email = address('confirm');
    await subscribeCall(site, email);
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    const token = tokenOf(confirmLink(mail));
    // A GET (a mail scanner following the link) changes nothing: there is no GET route.
    expect((await site.app.request(`/api/newsletter/confirm?token=${token}`)).status).toBe(404);
    expect((await statusOf(site, email))?.status).toBe('pending');

    const wrong = await post(site, '/api/newsletter/confirm', { token: `${token.slice(0, -2)}xx` });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).message).toMatch(/not valid/);
    for (const bad of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 42 }])
      expect((await post(site, '/api/newsletter/confirm', bad)).status).toBe(400);

    const ok = await post(site, '/api/newsletter/confirm', { token });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({ locale: 'en' });
    expect((await statusOf(site, email))?.status).toBe('subscribed');

    const again = await post(site, '/api/newsletter/confirm', { token }, { 'x-locale': 'fa' });
    expect(again.status).toBe(400);
    expect((await json(again)).message).toBe('این پیوند تأیید پیش‌تر به کار رفته است.');
  });

  it('keeps the confirmation and unsubscribe pages out of the page cache and out of content slugs', async () => {
    for (const kind of ['confirm', 'unsubscribe'])
      for (const locale of ['fa', 'en'])
        expect(
          pageCacheKey(pageRequestOf(new Request(`http://s.test/${locale}/newsletter/${kind}?token=abc`)), false),
        ).toBeUndefined();
    const { isReservedSlug } = await import('../../common/paths');
    expect(isReservedSlug('newsletter/confirm')).toBe(true);
    expect(isReservedSlug('Newsletter/Unsubscribe')).toBe(true);
    expect(isReservedSlug('newsletter')).toBe(false);
  });

  it('expires confirmation links after 48 hours', async () => {
    const site = await mailSite();
    const email = address('late');
    await subscribeCall(site, email);
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    const token = tokenOf(confirmLink(mail));
    const later = Date.now() + CONFIRM_TOKEN_TTL_MS + 1000;
    await expect(confirmSubscription(site.deps.db, token, { now: () => later })).rejects.toMatchObject({
      messageKey: 'api.newsletterTokenExpired',
    });
    // Through the API, once the stored expiry has passed.
    await site.deps.db
      .update(newsletterTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterTokens.tokenHash, await sha256Hex(token)));
    const response = await post(site, '/api/newsletter/confirm', { token });
    expect(response.status).toBe(400);
    expect((await json(response)).message).toMatch(/expired/);
    expect((await statusOf(site, email))?.status).toBe('pending');
  });

  it('unsubscribes by RFC 8058 one-click POST and by the page’s JSON call; wrong tokens and other origins are refused', async () => {
    const site = await mailSite();
    const email = address('leave');
    await confirmedSubscriber(site, email);
    const [mail] = smtp.to(email);
    if (!mail) throw new Error('no mail');
    const oneClick = mail.headers.get('list-unsubscribe')?.slice(1, -1) ?? '';
    const pageLink = linkIn(mail, /http:\/\/daftar\.test\/en\/newsletter\/unsubscribe\?token=[\w-]+/);

    const forged = await site.app.request(oneClick, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(403);
    expect((await post(site, '/api/newsletter/unsubscribe?token=nope', '')).status).toBe(400);
    expect((await post(site, '/api/newsletter/unsubscribe', { token: 'nope' })).status).toBe(400);
    expect((await post(site, '/api/newsletter/unsubscribe', 'List-Unsubscribe=One-Click')).status).toBe(400);
    expect((await statusOf(site, email))?.status).toBe('subscribed');

    // What a mail provider sends: form-encoded, no Origin.
    const response = await site.app.request(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect((await statusOf(site, email))?.status).toBe('unsubscribed');
    // The page's button with the other link of the same mail: harmless again.
    expect((await post(site, '/api/newsletter/unsubscribe', { token: tokenOf(pageLink) })).status).toBe(200);
    expect((await statusOf(site, email))?.status).toBe('unsubscribed');
  });
});

describe('newsletter: dashboard', () => {
  it('lists, searches, filters, pages, exports and deletes subscribers for newsletter permissions only', async () => {
    const site = await mailSite();
    const { db } = site.deps;
    await db
      .insert(newsletterSubscribers)
      .values([
        ...Array.from({ length: 30 }, (_, i) => ({ email: `bulk${i}@list.test`, locale: 'en' as const })),
        { email: '=cmd|"/c calc"!A1@list.test', locale: 'fa', status: 'subscribed' },
        { email: 'percent%@list.test', locale: 'fa', status: 'unsubscribed' },
      ]);
    const get = (path: string, who: keyof InstalledSite['cookies'] = 'owner') =>
      site.app.request(path, { headers: { cookie: site.cookies[who] } });

    const first = await json(await get('/api/newsletter/subscribers'));
    expect(first.total).toBe(32);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      email: expect.any(String),
      locale: expect.any(String),
      status: expect.any(String),
      createdAt: expect.any(String),
    });
    expect((await json(await get('/api/newsletter/subscribers?page=2'))).items).toHaveLength(7);
    expect((await json(await get('/api/newsletter/subscribers?query=BULK2'))).total).toBe(1 + 10);
    // LIKE wildcards are literal text.
    expect((await json(await get('/api/newsletter/subscribers?query=%25'))).items.map((i: { email: string }) => i.email)).toEqual(
      ['percent%@list.test'],
    );
    expect((await json(await get('/api/newsletter/subscribers?status=subscribed'))).total).toBe(1);
    for (const bad of ['?page=0', '?page=x', '?status=gone'])
      expect((await get(`/api/newsletter/subscribers${bad}`)).status, bad).toBe(400);

    const csv = await get('/api/newsletter/subscribers/export?status=subscribed');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('email,locale,status,created_at,confirmed_at,unsubscribed_at');
    // A formula is defused and quotes are doubled.
    expect(text).toContain(`"'=cmd|""/c calc""!A1@list.test","fa","subscribed"`);

    for (const who of ['editor', 'member'] as const) {
      expect((await get('/api/newsletter/subscribers', who)).status).toBe(403);
      expect((await get('/api/newsletter/subscribers/export', who)).status).toBe(403);
    }
    expect((await site.app.request('/api/newsletter/subscribers')).status).toBe(401);

    const target = first.items[0];
    const remove = (id: string, who: 'owner' | 'editor' = 'owner') =>
      site.app.request(`/api/newsletter/subscribers/${id}`, { method: 'DELETE', headers: { cookie: site.cookies[who] } });
    expect((await remove(String(target.id), 'editor')).status).toBe(403);
    expect((await remove(String(target.id))).status).toBe(200);
    expect((await remove(String(target.id))).status).toBe(404);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999999999999']) expect((await remove(bad)).status, bad).toBe(404);
    expect((await json(await get('/api/newsletter/subscribers'))).total).toBe(31);
  });
});

describe('newsletter: hostile query strings', () => {
  const statusAndQuery: [string, string][] = [
    ['status=gone', 'status'],
    ['status=SUBSCRIBED', 'status'],
    ['status=__proto__', 'status'],
    ['status=pending&status=subscribed', 'status'],
    [`query=${'q'.repeat(201)}`, 'query'],
    ['query=a&query=b', 'query'],
  ];

  it('refuses a hostile subscribers list or export query with a 400 naming the field', async () => {
    const site = await mailSite();
    await site.deps.db.insert(newsletterSubscribers).values({ email: 'kept@list.test', locale: 'en' });
    const asker =
      (path: string) =>
      (query: string, headers: Record<string, string> = {}) =>
        site.app.request(`${path}?${query}`, { headers: { cookie: site.cookies.owner, 'x-locale': 'en', ...headers } });
    const list = asker('/api/newsletter/subscribers');
    const exported = asker('/api/newsletter/subscribers/export');
    await expectRefusedQueries(list, [...refusedPageQueries(), ...statusAndQuery]);
    await expectRefusedQueries(exported, statusAndQuery);
    await expectPrototypeKeysIgnored(list);
    await expectPrototypeKeysIgnored(exported);
    // Valid input answers as before: empty filters are absent, 200 characters of search, the export ignores `page`.
    expect((await json(await list('status=&query=&page='))).total).toBe(1);
    expect((await json(await list(`query=${'q'.repeat(200)}&page=100000`))).total).toBe(0);
    expect(await (await exported('page=abc&status=pending')).text()).toContain('kept@list.test');
  });

  it('refuses an over-long or repeated one-click unsubscribe token with a 400 naming it', async () => {
    const site = await mailSite();
    const oneClick = (query: string, headers: Record<string, string> = {}) =>
      post(site, `/api/newsletter/unsubscribe?${query}`, 'List-Unsubscribe=One-Click', {
        'content-type': 'application/x-www-form-urlencoded',
        'x-locale': 'en',
        ...headers,
      });
    await expectRefusedQueries(oneClick, [
      [`token=${'t'.repeat(201)}`, 'token'],
      ['token=a&token=b', 'token'],
      [`__proto__=x&token=${'t'.repeat(5000)}`, 'token'],
    ]);
    // A token of the right length that names nobody is the link's own refusal, as before.
    const unknown = await json(await oneClick(`token=${'t'.repeat(200)}`));
    expect(unknown.message).toBe('This link is not valid. Subscribe again to get a new one.');
  });
});

/** Polls an issue's progress until every recipient is sent or failed. */
async function finished(site: InstalledSite, id: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const progress = await json(
      await site.app.request(`/api/newsletter/issues/${id}`, { headers: { cookie: site.cookies.owner } }),
    );
    if (progress.sent + progress.failed === progress.total) return progress;
    if (Date.now() > deadline) throw new Error(`issue ${id} stuck at ${JSON.stringify(progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('newsletter: issues', () => {
  it('sends a published page to the confirmed subscribers of its locale, HTML and text, each with a working unsubscribe', async () => {
    const site = await mailSite();
    const readers = [address('r1'), address('r2')];
    for (const reader of readers) await confirmedSubscriber(site, reader);
    const faReader = address('fa-reader');
    await confirmedSubscriber(site, faReader, 'fa');
    const pendingReader = address('pending-reader');
    await subscribeCall(site, pendingReader);
    await smtp.waitFor(pendingReader);

    const send = (body: unknown, who: 'owner' | 'editor' = 'owner') =>
      post(site, '/api/newsletter/issues', body, { cookie: site.cookies[who] });
    expect((await send({ locale: 'en', path: 'about' }, 'editor')).status).toBe(403);
    expect((await send({ locale: 'en', path: 'no/such/page' })).status).toBe(404);
    expect((await send({ locale: 'de', path: 'about' })).status).toBe(400);
    expect((await send({ locale: 'en' })).status).toBe(400);

    const response = await send({ locale: 'en', path: '/en/about' });
    expect(response.status).toBe(202);
    const { id } = await json(response);
    expect(id).toEqual(expect.any(Number));
    expect(await finished(site, id)).toEqual({ total: 2, sent: 2, failed: 0 });

    for (const reader of readers) {
      const mails = smtp.to(reader);
      expect(mails).toHaveLength(2); // confirmation + the issue
      const issue = mails[1];
      if (!issue) throw new Error('no issue');
      expect(issue.subject).toBe('About Daftar');
      expect(issue.html).toContain('<h1');
      expect(issue.html).toContain('dir="ltr"');
      expect(issue.text).toContain('About Daftar');
      expect(issue.text).not.toMatch(/<[a-z]/i);
      expect(issue.text).toContain(`${ORIGIN}/en/about`);
      expect(issue.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(issue.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/daftar\.test\/api\/newsletter\/unsubscribe\?token=/);
      // Site-relative links and images point at the site.
      expect(issue.html).not.toMatch(/(href|src)="\/(?!\/)/);
    }
    // The other locale, and the unconfirmed, get nothing.
    expect(smtp.to(faReader)).toHaveLength(1);
    expect(smtp.to(pendingReader)).toHaveLength(1);

    // The issue's own unsubscribe link works.
    const link = linkIn(
      smtp.to(readers[0] ?? '')[1] as never,
      /http:\/\/daftar\.test\/en\/newsletter\/unsubscribe\?token=[\w-]+/,
    );
    expect((await post(site, '/api/newsletter/unsubscribe', { token: tokenOf(link) })).status).toBe(200);
    expect((await statusOf(site, readers[0] ?? ''))?.status).toBe('unsubscribed');

    // Progress is for the newsletter permissions; an unknown issue is 404.
    const progress = (path: string, who: 'owner' | 'editor') =>
      site.app.request(path, { headers: { cookie: site.cookies[who] } });
    expect((await progress(`/api/newsletter/issues/${id}`, 'editor')).status).toBe(403);
    expect((await progress('/api/newsletter/issues/999999', 'owner')).status).toBe(404);
    expect((await progress('/api/newsletter/issues/x', 'owner')).status).toBe(404);
  });

  it('sends a members page as its first block and a line that the rest is for members, in both languages', async () => {
    const site = await mailSite();
    const readers = { en: address('members-en'), fa: address('members-fa') };
    await confirmedSubscriber(site, readers.en, 'en');
    await confirmedSubscriber(site, readers.fa, 'fa');
    const hidden = 'Zanzibarhidden';
    commitFiles(
      site.deps.contentRepository!.location,
      {
        'content/en/club.md': `---\ntitle: Club\nvisibility: members\n---\n\nOpeningline for all.\n\n## More\n\n${hidden} for members.\n`,
        'content/fa/club.md': `---\ntitle: باشگاه\nvisibility: members\n---\n\nبند نخست برای همه.\n\n${hidden} ویژهٔ اعضا.\n`,
      },
      'Members pages',
    );
    expect((await syncContent(site.deps.db, site.deps.contentRepository!)).problems).toEqual([]);
    for (const locale of ['en', 'fa'] as const) {
      const response = await post(site, '/api/newsletter/issues', { locale, path: 'club' }, { cookie: site.cookies.owner });
      expect(response.status).toBe(202);
      await finished(site, (await json(response)).id);
      const [, mail] = await smtp.waitFor(readers[locale], 2);
      if (!mail) throw new Error('no issue');
      for (const part of [mail.html, mail.text, mail.subject]) expect(part).not.toContain(hidden);
      expect(mail.text).toContain(locale === 'en' ? 'Openingline for all.' : 'بند نخست برای همه.');
      expect(mail.text).toContain(
        locale === 'en'
          ? 'The rest is for members: sign in on the site to read it all: http://daftar.test/en/club'
          : 'ادامه ویژهٔ اعضاست: برای خواندن همهٔ آن در سایت وارد شوید: http://daftar.test/fa/club',
      );
    }
  });

  it('lays a Persian issue out for mail clients: RTL, Jalali date, Persian digits, absolute images without srcset, LTR code', async () => {
    const site = await mailSite();
    const reader = address('fa-mail');
    await confirmedSubscriber(site, reader, 'fa');
    // The Persian about page with a site image (WebP copies, lazy) and a code block, as the renderer makes it.
    const markdown =
      'دربارهٔ دفتر، نسخهٔ 2.\n\n![کتاب‌ها](/media/shelf.jpg#1600x900)\n\n```js\nconst a = 1;\nif (a < 2) go();\n```\n';
    const rendered = renderMarkdown(markdown, 'fa');
    expect(rendered.html).toContain('srcset=');
    await site.deps.db
      .update(pages)
      .set({ body: rendered.body, date: '2026-03-29' })
      .where(and(eq(pages.locale, 'fa'), eq(pages.slug, 'about')));
    const response = await post(site, '/api/newsletter/issues', { locale: 'fa', path: 'about' }, { cookie: site.cookies.owner });
    expect(response.status).toBe(202);
    const { id } = await json(response);
    await finished(site, id);
    const [, mail] = await smtp.waitFor(reader, 2);
    if (!mail) throw new Error('no issue');

    expect(mail.html).toMatch(/<html lang="fa" dir="rtl">/);
    expect(mail.html).toMatch(/<body dir="rtl"/);
    expect(mail.html).toContain('۹ فروردین ۱۴۰۵');
    expect(mail.html).not.toContain('2026');
    const images = mail.html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]).toContain(`src="${ORIGIN}/media/shelf.jpg"`);
    expect(mail.html).not.toMatch(/srcset|loading=|\.webp|sizes=/i);
    expect(mail.html).not.toMatch(/(href|src)="\/(?!\/)/);
    const pre = mail.html.match(/<pre [^>]*>/)?.[0] ?? '';
    expect(pre).toContain('dir="ltr"');
    expect(pre).toContain('text-align:left');
    // The text part: Persian lines open with a right-to-left mark, code lines with a left-to-right one.
    expect(mail.text).toContain('\u200f۹ فروردین ۱۴۰۵');
    // Code lines carry no invisible mark (D15): copied code is the code.
    expect(mail.text).toContain('\n    if (a < 2) go();');
    expect(mail.text).not.toContain('\u200e');
  });

  it('refuses drafts and a locale without confirmed subscribers', async () => {
    const site = await mailSite();
    const reader = address('draft-reader');
    await confirmedSubscriber(site, reader);
    await site.deps.db
      .update(pages)
      .set({ draft: true })
      .where(and(eq(pages.locale, 'en'), eq(pages.slug, 'about')));
    const draft = await post(site, '/api/newsletter/issues', { locale: 'en', path: 'about' }, { cookie: site.cookies.owner });
    expect(draft.status).toBe(404);
    const none = await post(
      site,
      '/api/newsletter/issues',
      { locale: 'fa', path: 'about' },
      { cookie: site.cookies.owner, 'x-locale': 'fa' },
    );
    expect(none.status).toBe(400);
    expect((await json(none)).message).toContain('فارسی');
  });
});

describe('newsletter: the send queue', () => {
  /** Confirmed subscribers written directly (the queue is under test, not the opt-in). */
  async function subscribers(deps: AppDeps, n: number, tag: string) {
    const emails = Array.from({ length: n }, (_, i) => `${tag}${i}-${Date.now()}@queue.test`);
    await deps.db
      .insert(newsletterSubscribers)
      .values(emails.map((email) => ({ email, locale: 'en' as const, status: 'subscribed' as const })));
    return emails;
  }

  it('a row claimed before the clock stepped back an hour is failed after its lease, not an hour later (F-7)', async () => {
    const site = await mailSite();
    await subscribers(site.deps, 2, 'stepped');
    await createIssue(site.deps, { locale: 'en', path: 'about', origin: ORIGIN, userId: site.ids.owner });
    const [first, second] = await site.deps.db.select({ id: newsletterDeliveries.id }).from(newsletterDeliveries);
    const now = Date.now();
    // Claimed by senders that died: one when the clock read an hour later, one by a clock a minute ahead.
    await site.deps.db
      .update(newsletterDeliveries)
      .set({ status: 'sending', claimedAt: new Date(now + 60 * 60_000) })
      .where(eq(newsletterDeliveries.id, first!.id));
    await site.deps.db
      .update(newsletterDeliveries)
      .set({ status: 'sending', claimedAt: new Date(now + 60_000) })
      .where(eq(newsletterDeliveries.id, second!.id));
    expect(await failInterruptedDeliveries(site.deps.db, { now: () => now })).toBe(1);
    const rows = await site.deps.db.select().from(newsletterDeliveries);
    expect(rows.find((row) => row.id === first!.id)?.status).toBe('failed');
    expect(rows.find((row) => row.id === second!.id)?.status).toBe('sending');
  });

  it('resumes after a restart without sending anyone the same issue twice', async () => {
    const site = await mailSite();
    const emails = await subscribers(site.deps, 6, 'restart');
    const { id } = await createIssue(site.deps, { locale: 'en', path: 'about', origin: ORIGIN, userId: site.ids.owner });

    // The first worker sends two, then its process "dies" in the middle of the third send.
    expect(await processNewsletterQueue(site.deps, { limit: 2 })).toEqual({ sent: 2, failed: 0 });
    let hung = false;
    const hanging: Mailer = {
      description: 'hangs',
      send: () => {
        hung = true;
        return new Promise(() => {});
      },
    };
    void processNewsletterQueue({ ...site.deps, mailer: hanging }, { limit: 1 });
    while (!hung) await new Promise((resolve) => setTimeout(resolve, 10));
    const sending = await site.deps.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.status, 'sending'));
    expect(sending).toHaveLength(1);

    // A new process: the half-sent row is failed (it may have gone out), the rest are sent once.
    const next: AppDeps = { ...site.deps, mailer: smtpMailerFromConfig(site.deps.config) };
    expect(await failInterruptedDeliveries(next.db, { leaseMs: 0 })).toBe(1);
    // Two workers at once still take each row once.
    const results = await Promise.all([processNewsletterQueue(next), processNewsletterQueue(next)]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(3);
    expect(await processNewsletterQueue(next)).toEqual({ sent: 0, failed: 0 });

    const counts = emails.map((email) => smtp.to(email).length);
    expect(counts.filter((n) => n === 1)).toHaveLength(5);
    expect(counts.filter((n) => n === 0)).toHaveLength(1);
    expect(counts.some((n) => n > 1)).toBe(false);
    const rows = await site.deps.db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueId, id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'sent', 'sent', 'sent', 'sent', 'sent']);
    expect(rows.find((row) => row.status === 'failed')?.error).toBe('interrupted while sending');

    // Queueing the same subscribers for the same issue again adds no rows (unique (issue, subscriber)).
    await site.deps.db.run(
      sql`INSERT INTO newsletter_deliveries (issue_id, subscriber_id)
          SELECT ${id}, id FROM newsletter_subscribers WHERE status = 'subscribed' ON CONFLICT DO NOTHING`,
    );
    expect(await site.deps.db.$count(newsletterDeliveries, eq(newsletterDeliveries.issueId, id))).toBe(6);
  });

  it('records a refused message as failed and skips subscribers who left after queueing', async () => {
    const site = await mailSite();
    const emails = await subscribers(site.deps, 3, 'refused');
    await createIssue(site.deps, { locale: 'en', path: 'about', origin: ORIGIN, userId: site.ids.owner });
    await site.deps.db
      .update(newsletterSubscribers)
      .set({ status: 'unsubscribed' })
      .where(eq(newsletterSubscribers.email, emails[0] ?? ''));
    let calls = 0;
    const flaky: Mailer = {
      description: 'flaky',
      async send() {
        calls++;
        if (calls === 1) throw new Error('550 mailbox unavailable');
      },
    };
    expect(await processNewsletterQueue({ ...site.deps, mailer: flaky })).toEqual({ sent: 1, failed: 2 });
    const errors = (await site.deps.db.select().from(newsletterDeliveries)).map((row) => row.error).sort();
    expect(errors).toEqual(['550 mailbox unavailable', 'unsubscribed before sending', null].sort());
  });
});
