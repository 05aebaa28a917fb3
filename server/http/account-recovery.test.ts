import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailerFromConfig } from '../../platforms/node/mailer';
import { json } from '../../tests/support/config';
import { createInstalledSite, type InstalledSite, loginAs, PASSWORD } from '../../tests/support/site';
import { linkIn, type ReceivedMail, type SmtpCatcher, startSmtpServer } from '../../tests/support/smtp';
import { createApp } from '../app';
import { FORGOT_ACCOUNT_LIMIT, FORGOT_IP_LIMIT } from '../auth/rate-limit';
import { comments, passwordResets, roles, sessions, users } from '../db/schema';
import { cliCreateAdmin, cliResetLink } from '../services/admin-cli';
import { FORGOT_PASSWORD_FLOOR_MS } from '../services/forgot-password';
import { NOTIFICATION_KEEP_MS, purgeOldNotificationMails } from '../services/notifications';
import { createUser } from '../services/users';

/*
 * Issue 27 items 1, 2, 4 and 5 against a real local SMTP server: e-mail on accounts (confirmed by
 * a mailed link before it counts), forgot-password (no enumeration, limits, one-time links that
 * sign every device out), the CLI's --mail and --email, and opt-in notification mails.
 */

const ORIGIN = 'http://daftar.test';
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

type Site = InstalledSite;

async function mailSite(env: Record<string, string> = {}): Promise<Site> {
  const site = await createInstalledSite({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Daftar <site@daftar.test>',
    SITE_URL: ORIGIN,
    ...env,
  });
  site.deps.mailer = smtpMailerFromConfig(site.deps.config);
  return { ...site, app: createApp(site.deps) };
}

let counter = 0;
const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.test`;

function call(site: Site, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return site.app.request(path, {
    method,
    headers: { 'x-locale': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const confirmLinkIn = (mail: ReceivedMail, locale = 'en') =>
  linkIn(mail, new RegExp(`${ORIGIN}/${locale}/confirm-email\\?token=[\\w-]+`));
const resetLinkIn = (mail: ReceivedMail, locale = 'en') =>
  linkIn(mail, new RegExp(`${ORIGIN}/${locale}/reset-password\\?token=[\\w-]+`));

const person = (userName: string, email?: string) => ({
  firstName: 'Sara',
  lastName: 'Karimi',
  about: '',
  userName,
  password: 'a long enough passphrase 42',
  ...(email === undefined ? {} : { email }),
});

/** Registers through the API; answers the new account's cookie. */
async function register(site: Site, userName: string, email?: string, locale = 'en') {
  const response = await call(site, 'POST', '/api/auth/register', person(userName, email), { 'x-locale': locale });
  expect(response.status).toBe(201);
  return cookieOf(response);
}

const profileOf = async (site: Site, cookie: string) =>
  (await json(await call(site, 'GET', '/api/profile', undefined, { cookie }))).user;

/** Registers with an address and confirms it from the mail; answers the cookie. */
async function confirmedAccount(site: Site, userName: string, email: string, locale = 'en') {
  const cookie = await register(site, userName, email, locale);
  const [mail] = await smtp.waitFor(email);
  if (!mail) throw new Error('no confirmation mail');
  const confirmed = await call(site, 'POST', '/api/auth/confirm-email', { token: tokenOf(confirmLinkIn(mail, locale)) });
  expect(confirmed.status).toBe(200);
  return cookie;
}

const forgot = (site: Site, userNameOrEmail: string, headers: Record<string, string> = {}, locale = 'en') =>
  call(site, 'POST', '/api/auth/forgot-password', { userNameOrEmail, locale }, headers);

/** Lets a mail that may be on its way arrive: the answer comes before it is sent. */
async function settle(site: Site) {
  // A request that sends nothing, answered after the earlier one's mail task was started.
  await forgot(site, `nobody-${Date.now()}`);
}

describe('e-mail on accounts', () => {
  it('registration keeps the address pending until its mailed link is opened, and the link works once', async () => {
    const site = await mailSite();
    const email = address('sara');
    const cookie = await register(site, 'sara_reg', email);
    expect(await profileOf(site, cookie)).toMatchObject({ email: null, pendingEmail: email });
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('Confirm your e-mail address for Daftar');
    expect(mail.html).toContain('dir="ltr"');
    const token = tokenOf(confirmLinkIn(mail));
    const confirmed = await call(site, 'POST', '/api/auth/confirm-email', { token });
    expect(confirmed.status).toBe(200);
    expect(await profileOf(site, cookie)).toMatchObject({ email, pendingEmail: null });
    const again = await call(site, 'POST', '/api/auth/confirm-email', { token });
    expect(again.status).toBe(400);
    expect((await json(again)).message).toBe(
      'This confirmation link is not valid or was already used. Send a new one from your profile.',
    );
  });

  it('a Persian registration gets its confirmation in Persian, right to left', async () => {
    const site = await mailSite();
    const email = address('fa');
    await register(site, 'sara_fa', email, 'fa');
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('نشانی ایمیلتان را در دفتر تأیید کنید');
    expect(mail.html).toContain('<html lang="fa" dir="rtl">');
    expect(mail.text).toContain('۲۴ ساعت');
    expect(confirmLinkIn(mail, 'fa')).toContain('/fa/confirm-email?token=');
  });

  it('a change is used only once confirmed; until then the old address stays (and recovery uses it)', async () => {
    const site = await mailSite();
    const first = address('old');
    const cookie = await confirmedAccount(site, 'changer', first);
    const second = address('new');
    const changed = await call(site, 'PUT', '/api/profile/email', { email: second }, { cookie });
    expect(changed.status).toBe(200);
    expect((await json(changed)).user).toMatchObject({ email: first, pendingEmail: second });
    // A reset asked for by the new address finds nothing; by the old one, it goes to the old one.
    await forgot(site, second);
    await forgot(site, 'changer');
    await smtp.waitFor(first, 2);
    const [confirm] = await smtp.waitFor(second);
    expect(smtp.to(second)).toHaveLength(1);
    if (!confirm) throw new Error('no mail');
    expect((await call(site, 'POST', '/api/auth/confirm-email', { token: tokenOf(confirmLinkIn(confirm)) })).status).toBe(200);
    expect(await profileOf(site, cookie)).toMatchObject({ email: second, pendingEmail: null });
    // Removing the address is at once.
    expect((await json(await call(site, 'PUT', '/api/profile/email', { email: '' }, { cookie }))).user.email).toBeNull();
  });

  it('addresses are unique compared lower-cased, at registration, on the profile and when two confirm one address', async () => {
    const site = await mailSite();
    const email = address('Unique');
    await confirmedAccount(site, 'first_one', email);
    const taken = await call(site, 'POST', '/api/auth/register', person('second_one', email.toUpperCase()));
    expect(taken.status).toBe(409);
    expect((await json(taken)).message).toBe('Another account already uses this e-mail address');
    expect(await site.deps.db.select().from(users).where(eq(users.username, 'second_one')).get()).toBeUndefined();
    const cookie = await register(site, 'third_one');
    expect((await call(site, 'PUT', '/api/profile/email', { email: email.toLowerCase() }, { cookie })).status).toBe(409);
    // Two accounts wait for one (free) address: the first to confirm gets it, the other's link is refused.
    const shared = address('shared');
    const a = await register(site, 'racer_a');
    const b = await register(site, 'racer_b');
    await call(site, 'PUT', '/api/profile/email', { email: shared }, { cookie: a });
    await call(site, 'PUT', '/api/profile/email', { email: shared.toUpperCase() }, { cookie: b });
    // Mail servers may fold the envelope's case: both mails, in order, whatever the case.
    const sharedMails = async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === shared.toLowerCase()));
        if (found.length >= 2 || Date.now() > deadline) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const [mailA, mailB] = await sharedMails();
    if (!mailA || !mailB) throw new Error('no mail');
    expect((await call(site, 'POST', '/api/auth/confirm-email', { token: tokenOf(confirmLinkIn(mailA)) })).status).toBe(200);
    expect((await call(site, 'POST', '/api/auth/confirm-email', { token: tokenOf(confirmLinkIn(mailB)) })).status).toBe(409);
  });

  it('an expired confirmation link is refused and the address stays pending', async () => {
    const site = await mailSite();
    const email = address('late');
    const cookie = await register(site, 'late_one', email);
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    await site.deps.db
      .update(users)
      .set({ pendingEmailExpiresAt: new Date(Date.now() - 1) })
      .where(eq(users.username, 'late_one'));
    const refused = await call(site, 'POST', '/api/auth/confirm-email', { token: tokenOf(confirmLinkIn(mail)) });
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe('This confirmation link has expired. Send a new one from your profile.');
    expect(await profileOf(site, cookie)).toMatchObject({ email: null, pendingEmail: email });
    // Sent again: a new link that works.
    expect((await call(site, 'POST', '/api/profile/email/resend', undefined, { cookie })).status).toBe(200);
    const [, fresh] = await smtp.waitFor(email, 2);
    if (!fresh) throw new Error('no mail');
    expect((await call(site, 'POST', '/api/auth/confirm-email', { token: tokenOf(confirmLinkIn(fresh)) })).status).toBe(200);
  });

  it.each([
    ['header injection', 'a@b.c\r\nBcc: x@evil.test'],
    ['a line feed', 'a@b.c\nBcc: x@evil.test'],
    ['overlong', `${'a'.repeat(250)}@example.test`],
    ['a look-alike Cyrillic letter', 'аdmin@example.test'],
    ['a right-to-left override', 'admin\u202e@example.test'],
    ['a zero-width space', 'ad\u200bmin@example.test'],
    ['no domain', 'admin@'],
    ['a display name', 'Admin <admin@example.test>'],
  ])('refuses an address with %s, and sends nothing', async (_what, email) => {
    const site = await mailSite();
    const before = smtp.received.length;
    const registered = await call(site, 'POST', '/api/auth/register', person(`hostile_${++counter}`, email));
    expect(registered.status).toBe(400);
    expect((await json(registered)).data?.issues?.[0]).toMatchObject({ path: ['email'], message: 'Enter a valid email address' });
    const changed = await call(site, 'PUT', '/api/profile/email', { email }, { cookie: site.cookies.member });
    expect(changed.status).toBe(400);
    const admin = await call(site, 'PUT', `/api/users/${site.ids.member}/email`, { email }, { cookie: site.cookies.owner });
    expect(admin.status).toBe(400);
    await settle(site);
    expect(smtp.received.length).toBe(before);
  });

  it('is shown to the account and to users.edit holders only: not in the list for users.read alone, nor in comments', async () => {
    const site = await mailSite();
    const email = address('private');
    const cookie = await confirmedAccount(site, 'private_one', email);
    const asOwner = await json(
      await call(site, 'GET', '/api/users?query=private_one', undefined, { cookie: site.cookies.owner }),
    );
    expect(asOwner.items[0]).toMatchObject({ username: 'private_one', email });
    await site.deps.db.insert(roles).values({ id: 'reader-admin', name: 'reader-admin', permissions: ['users.read'] });
    const readerId = await createUser(
      site.deps.db,
      { ...person('users_reader'), password: PASSWORD },
      ['reader-admin'],
      site.deps.passwordIterations,
    );
    const readerCookie = await loginAs(site.deps, readerId);
    const listed = await call(site, 'GET', '/api/users?query=private_one', undefined, { cookie: readerCookie });
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).toContain('private_one');
    expect(text).not.toContain(email);
    expect(text).not.toContain('"email"');
    // A comment of the account: its thread and the public API never carry the address.
    const posted = await call(
      site,
      'POST',
      '/api/comments',
      { locale: 'en', path: 'logs/welcome-to-daftar', body: 'Hello there' },
      { cookie },
    );
    expect(posted.status).toBe(201);
    await site.deps.db
      .update(comments)
      .set({ status: 'approved' })
      .where(eq(comments.id, (await json(posted)).id));
    const threadText = await (await call(site, 'GET', '/api/comments?locale=en&path=logs%2Fwelcome-to-daftar')).text();
    expect(threadText).toContain('Hello there');
    expect(threadText).not.toContain(email);
    expect(await (await call(site, 'GET', '/api/public/pages?locale=en')).text()).not.toContain(email);
  });

  it("the owner line holds for another's address: a users.edit holder who is no owner cannot change an owner's", async () => {
    const site = await mailSite();
    await site.deps.db
      .insert(roles)
      .values({ id: 'user-admin', name: 'user-admin', permissions: ['users.read', 'users.edit', 'comments.create'] });
    const adminId = await createUser(
      site.deps.db,
      { ...person('user_admin'), password: PASSWORD },
      ['user-admin'],
      site.deps.passwordIterations,
    );
    const adminCookie = await loginAs(site.deps, adminId);
    const stolen = address('stolen');
    const refused = await call(site, 'PUT', `/api/users/${site.ids.owner}/email`, { email: stolen }, { cookie: adminCookie });
    expect(refused.status).toBe(403);
    // On a member it works, and the member's new address still waits for its link.
    const memberMail = address('member');
    expect(
      (await call(site, 'PUT', `/api/users/${site.ids.member}/email`, { email: memberMail }, { cookie: adminCookie })).status,
    ).toBe(200);
    await smtp.waitFor(memberMail);
    const member = await site.deps.db.select().from(users).where(eq(users.id, site.ids.member)).get();
    expect(member).toMatchObject({ email: null, pendingEmail: memberMail });
    await settle(site);
    expect(smtp.to(stolen)).toHaveLength(0);
  });
});

describe('forgot password', () => {
  it('answers the same status and body, in similar time, for known and unknown names and addresses', async () => {
    const site = await mailSite();
    const email = address('known');
    await confirmedAccount(site, 'known_one', email);
    const noAddress = 'member';
    const cases = ['known_one', email.toUpperCase(), 'nobody_here', 'nobody@example.test', noAddress];
    const answers: { status: number; body: string; ms: number }[] = [];
    for (const typed of cases) {
      const started = performance.now();
      const response = await forgot(site, typed, { 'x-forwarded-for': `198.51.100.${answers.length}` });
      answers.push({ status: response.status, body: await response.text(), ms: performance.now() - started });
    }
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toBe('{"status":"accepted"}');
      expect(answer.ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_FLOOR_MS - 5);
    }
    const times = answers.map((answer) => answer.ms);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(150);
    // The two known spellings mailed; nothing else did.
    const mails = await smtp.waitFor(email, 3);
    expect(mails.map((mail) => mail.subject).slice(1)).toEqual([
      'Reset your password on Daftar',
      'Reset your password on Daftar',
    ]);
  });

  it('the mailed link (1 h) sets a new password once, signs every device out, and then signs in', async () => {
    const site = await mailSite();
    const email = address('reset');
    const cookie = await confirmedAccount(site, 'resetter', email);
    const other = await call(site, 'POST', '/api/auth/login', { userName: 'resetter', password: 'a long enough passphrase 42' });
    expect(other.status).toBe(200);
    expect((await forgot(site, 'resetter')).status).toBe(202);
    const [, mail] = await smtp.waitFor(email, 2);
    if (!mail) throw new Error('no mail');
    expect(mail.text).toContain('expires in 1 hour');
    const token = tokenOf(resetLinkIn(mail));
    const row = await site.deps.db.select().from(passwordResets).all();
    const mine = row.find((r) => r.createdBy === null && r.expiresAt.getTime() > Date.now());
    expect(mine?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
    expect(mine?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60 * 1000);
    const userId = (await site.deps.db.select().from(users).where(eq(users.username, 'resetter')).get())?.id ?? '';
    expect(await site.deps.db.$count(sessions, eq(sessions.userId, userId))).toBe(2);
    const reset = await call(site, 'POST', '/api/auth/password-reset', { token, password: 'another long passphrase 77' });
    expect(reset.status).toBe(200);
    expect(await site.deps.db.$count(sessions, eq(sessions.userId, userId))).toBe(0);
    expect((await call(site, 'GET', '/api/profile', undefined, { cookie })).status).toBe(401);
    const reused = await call(site, 'POST', '/api/auth/password-reset', { token, password: 'a third long passphrase 99' });
    expect(reused.status).toBe(400);
    expect((await json(reused)).message).toBe(
      'This password reset link has already been used. Ask an administrator for a new one.',
    );
    const signIn = await call(site, 'POST', '/api/auth/login', { userName: 'resetter', password: 'another long passphrase 77' });
    expect(signIn.status).toBe(200);
  });

  it('an expired mailed link is refused', async () => {
    const site = await mailSite();
    const email = address('expired');
    await confirmedAccount(site, 'expirer', email);
    await forgot(site, email);
    const [, mail] = await smtp.waitFor(email, 2);
    if (!mail) throw new Error('no mail');
    await site.deps.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1) });
    const refused = await call(site, 'POST', '/api/auth/password-reset', {
      token: tokenOf(resetLinkIn(mail)),
      password: 'x long passphrase 55',
    });
    expect(refused.status).toBe(400);
    expect((await json(refused)).message).toBe('This password reset link has expired. Ask an administrator for a new one.');
  });

  it('accepts any spelling of a Persian name that folds to the account (ي/ی, ك/ک, digits), and mails in Persian', async () => {
    const site = await mailSite();
    const email = address('persian');
    await confirmedAccount(site, 'کیان۱', email, 'fa');
    expect((await forgot(site, 'كيان1', {}, 'fa')).status).toBe(202);
    const [, mail] = await smtp.waitFor(email, 2);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('بازنشانی گذرواژه در دفتر');
    expect(mail.html).toContain('dir="rtl"');
    // Natural Persian (D17): «درخواستی … رسیده است», «تا یک ساعت»; and the language header (D16).
    expect(mail.text).toContain('درخواستی برای بازنشانی گذرواژهٔ حساب');
    expect(mail.text).toContain('تا یک ساعت معتبر است');
    expect(mail.text).not.toContain('۱ ساعت');
    expect(mail.headers.get('content-language')).toBe('fa');
    expect(resetLinkIn(mail, 'fa')).toContain('/fa/reset-password?token=');
  });

  it('limits per account (202 and no mail past it) and per address (429)', async () => {
    const site = await mailSite({ TRUST_PROXY: 'true' });
    const email = address('limited');
    await confirmedAccount(site, 'limited_one', email);
    for (let i = 0; i < FORGOT_ACCOUNT_LIMIT + 2; i++) {
      const response = await forgot(site, i % 2 ? 'LIMITED_ONE' : email, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(response.status).toBe(202);
    }
    await settle(site);
    expect(smtp.to(email)).toHaveLength(1 + FORGOT_ACCOUNT_LIMIT);
    const ip = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i < FORGOT_IP_LIMIT; i++) expect((await forgot(site, `someone_${i}`, ip)).status).toBe(202);
    const refused = await forgot(site, 'someone_else', ip);
    expect(refused.status).toBe(429);
  });

  it('takes hostile input as an unknown name: same 202, nothing sent; overlong is a 400 for everyone', async () => {
    const site = await mailSite();
    const before = smtp.received.length;
    for (const typed of ['a@b.c\r\nBcc: x@evil.test', "' or 1=1 --", 'admin\u202e', '%', '\u0000', 'owner\r\n']) {
      const response = await forgot(site, typed);
      expect(response.status).toBe(202);
      expect(await response.text()).toBe('{"status":"accepted"}');
    }
    expect((await forgot(site, 'x'.repeat(255))).status).toBe(400);
    expect((await call(site, 'POST', '/api/auth/forgot-password', '{"userNameOrEmail":')).status).toBe(400);
    await settle(site);
    expect(smtp.received.length).toBe(before);
  });

  it('without a mail transport it says so (503), whatever the name', async () => {
    const site = await createInstalledSite();
    for (const typed of ['owner', 'nobody']) {
      const response = await call(site, 'POST', '/api/auth/forgot-password', { userNameOrEmail: typed });
      expect(response.status).toBe(503);
      expect((await json(response)).message).toBe('Mail is not configured on this site: ask the site’s owner');
    }
  });
});

describe('the CLI: create-admin --email and reset-password --mail', () => {
  it('create-admin takes a confirmed address; reset-password prints the link and mails it too', async () => {
    const site = await mailSite();
    const email = address('cli');
    await cliCreateAdmin(site.deps.db, { ...person('cli_owner'), email }, site.deps.passwordIterations);
    const row = await site.deps.db.select().from(users).where(eq(users.username, 'cli_owner')).get();
    expect(row).toMatchObject({ email, pendingEmail: null });
    await expect(
      cliCreateAdmin(site.deps.db, { ...person('cli_owner2'), email: email.toUpperCase() }, site.deps.passwordIterations),
    ).rejects.toThrow('is used by another account');
    const printed = await cliResetLink(site.deps.db, 'cli_owner', { origin: ORIGIN, locale: 'en' });
    expect(printed.mailedTo).toBeUndefined();
    const mailed = await cliResetLink(site.deps.db, 'cli_owner', { origin: ORIGIN, locale: 'en' }, site.deps.mailer);
    expect(mailed.mailedTo).toBe(email);
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    expect(resetLinkIn(mail)).toBe(mailed.url);
    expect(mail.text).toContain('expires in 24 hour');
    // The printed link was replaced by the mailed one.
    expect(
      (await call(site, 'POST', '/api/auth/password-reset', { token: tokenOf(printed.url), password: 'new long passphrase 31' }))
        .status,
    ).toBe(400);
    await expect(cliResetLink(site.deps.db, 'member', { origin: ORIGIN, locale: 'en' }, site.deps.mailer)).rejects.toThrow(
      'has no confirmed e-mail address',
    );
  });
});

describe('notification mails', () => {
  it('are off by default; once on, a reply mails its parent’s author with a one-click unsubscribe that works', async () => {
    const site = await mailSite();
    const email = address('notify');
    const cookie = await confirmedAccount(site, 'notified', email);
    const where = { locale: 'en', path: 'logs/welcome-to-daftar' };
    // The owner's comments are published at once; the member-made parent is approved by the owner.
    const parent = await json(await call(site, 'POST', '/api/comments', { ...where, body: 'First!' }, { cookie }));
    await site.deps.db.update(comments).set({ status: 'approved' }).where(eq(comments.id, parent.id));
    await call(
      site,
      'POST',
      '/api/comments',
      { ...where, body: 'Quiet reply', parentId: parent.id },
      { cookie: site.cookies.owner },
    );
    await settle(site);
    expect(smtp.to(email)).toHaveLength(1);
    const on = await call(site, 'PUT', '/api/profile/notifications', { replies: true, moderation: false }, { cookie });
    expect((await json(on)).user.notifications).toEqual({ replies: true, moderation: false });
    await call(
      site,
      'POST',
      '/api/comments',
      { ...where, body: 'A <b>reply</b> with **bold** and `days.ts`', parentId: parent.id },
      { cookie: site.cookies.owner },
    );
    const [, mail] = await smtp.waitFor(email, 2);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('A reply to your comment on Daftar');
    // The comment as readers see it (D13): its Markdown-lite rendered, its markup still text.
    expect(mail.html).toContain('A &#x3C;b>reply&#x3C;/b> with <strong>bold</strong> and <code');
    expect(mail.html).not.toContain('<b>reply');
    expect(mail.text).toContain('A <b>reply</b> with bold and days.ts');
    expect(mail.text).not.toContain('**');
    expect(mail.text).toContain(`${ORIGIN}/en/logs/welcome-to-daftar#comments`);
    expect(mail.headers.get('content-language')).toBe('en');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const api = (mail.headers.get('list-unsubscribe') ?? '').replace(/^<|>$/g, '');
    expect(api).toMatch(/^http:\/\/daftar\.test\/api\/notifications\/unsubscribe\?token=/);
    // A forged token changes nothing; the real one (a mail client's RFC 8058 POST) turns replies off.
    const forged = `${new URL(api).searchParams.get('token')?.slice(0, -2)}xx`;
    expect((await call(site, 'POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`)).status).toBe(400);
    const oneClick = await site.app.request(api.replace(ORIGIN, ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await profileOf(site, cookie)).notifications).toEqual({ replies: false, moderation: false });
    // The queue row stays 30 days, then the expired-rows job drops it.
    expect(await purgeOldNotificationMails(site.deps.db)).toBe(0);
    expect(await purgeOldNotificationMails(site.deps.db, Date.now() + NOTIFICATION_KEEP_MS + 1000)).toBe(1);
  });

  it('a comment waiting for moderation mails the moderators who opted in, in their language', async () => {
    const site = await mailSite();
    const email = address('moderator');
    await site.deps.db.update(users).set({ email, notifyModeration: true, locale: 'fa' }).where(eq(users.id, site.ids.editor));
    const newcomer = await register(site, 'newcomer_x');
    const posted = await call(
      site,
      'POST',
      '/api/comments',
      { locale: 'en', path: 'logs/welcome-to-daftar', body: 'Is this on?' },
      { cookie: newcomer },
    );
    expect((await json(posted)).status).toBe('pending');
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('دیدگاهی در دفتر در انتظار بررسی است');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('Is this on?');
    expect(mail.text).toContain(`${ORIGIN}/fa/manage/comments`);
  });
});
