import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailerFromConfig } from '../../platforms/node/mailer';
import { json } from '../../tests/support/config';
import { createInstalledSite, type InstalledSite, loginAs, PASSWORD } from '../../tests/support/site';
import { linkIn, type SmtpCatcher, startSmtpServer } from '../../tests/support/smtp';
import { createApp } from '../app';
import { passwordResets, roles, users } from '../db/schema';
import { createUser } from '../services/users';

/*
 * Inviting by e-mail (issue 34 §3, walk-through D7) against a real local SMTP server: "New user"
 * with an address and no password mails a 24-hour link to choose one; the list shows the address
 * pending until then, confirmed after; the sender is the language's (MAIL_FROM_FA / MAIL_FROM_EN).
 */

const ORIGIN = 'http://daftar.test';
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

async function mailSite(env: Record<string, string> = {}): Promise<InstalledSite> {
  const site = await createInstalledSite({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Daftar <site@daftar.test>',
    MAIL_FROM_FA: 'دفتر <site@daftar.test>',
    SITE_URL: ORIGIN,
    ...env,
  });
  site.deps.mailer = smtpMailerFromConfig(site.deps.config);
  return { ...site, app: createApp(site.deps) };
}

let counter = 0;
const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.test`;

function call(site: InstalledSite, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return site.app.request(path, {
    method,
    headers: { 'x-locale': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const invitee = (userName: string, email?: string) => ({
  firstName: 'Sara',
  lastName: 'Karimi',
  userName,
  roles: ['member'],
  ...(email === undefined ? {} : { email }),
});
const invite = (site: InstalledSite, body: unknown, headers: Record<string, string> = {}) =>
  call(site, 'POST', '/api/users', body, { cookie: site.cookies.owner, ...headers });
const listed = async (site: InstalledSite, userName: string) =>
  (await json(await call(site, 'GET', `/api/users?query=${userName}`, undefined, { cookie: site.cookies.owner }))).items[0];

describe('inviting by e-mail', () => {
  it('mails a 24-hour link; the address is pending until the person chooses a password, then confirmed, and they sign in', async () => {
    const site = await mailSite();
    const email = address('invitee');
    const started = Date.now();
    const created = await invite(site, invitee('sara_k', email));
    expect(created.status).toBe(201);
    const answer = await json(created);
    expect(answer).toMatchObject({ invited: true });
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    expect(mail.sender).toBe('"Daftar" <site@daftar.test>');
    expect(mail.subject).toBe('Test Person invited you to Daftar');
    expect(mail.text).toContain('Your user name is sara_k');
    expect(mail.text).toContain('expires in 24 hours');
    const link = linkIn(mail, new RegExp(`${ORIGIN}/en/reset-password\\?token=[\\w-]+`));
    // One row, 24 hours, made by the owner; the list shows the address as pending.
    const id = answer.id as string;
    const reset = await site.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, id)).get();
    expect(reset?.createdBy).toBe(site.ids.owner);
    expect(reset?.expiresAt.getTime()).toBeGreaterThanOrEqual(started + 24 * 3_600_000);
    expect(reset?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(await listed(site, 'sara_k')).toMatchObject({ email: null, pendingEmail: email });
    // No password signs in before the link is used, not even the stored marker.
    for (const password of ['', 'none$invited', 'invited'])
      expect((await call(site, 'POST', '/api/auth/login', { userName: 'sara_k', password })).status).not.toBe(200);
    const chosen = await call(site, 'POST', '/api/auth/password-reset', {
      token: tokenOf(link),
      password: 'a long enough passphrase 42',
    });
    expect(chosen.status).toBe(200);
    expect(await listed(site, 'sara_k')).toMatchObject({ email, pendingEmail: null });
    expect(
      (await call(site, 'POST', '/api/auth/login', { userName: 'sara_k', password: 'a long enough passphrase 42' })).status,
    ).toBe(200);
    // The link worked once.
    const again = await call(site, 'POST', '/api/auth/password-reset', {
      token: tokenOf(link),
      password: 'another passphrase 77 x',
    });
    expect(again.status).toBe(400);
  });

  it('in Persian: the mail is Persian, from the Persian sender, with a Persian link', async () => {
    const site = await mailSite();
    const email = address('fa');
    expect((await invite(site, invitee('sara_fa', email), { 'x-locale': 'fa' })).status).toBe(201);
    const [mail] = await smtp.waitFor(email);
    if (!mail) throw new Error('no mail');
    expect(mail.sender).toBe('"دفتر" <site@daftar.test>');
    expect(mail.subject).toContain('شما را به');
    expect(mail.text).toContain('۲۴ ساعت');
    expect(mail.html).toContain('dir="rtl"');
    linkIn(mail, new RegExp(`${ORIGIN}/fa/reset-password\\?token=[\\w-]+`));
  });

  it('refuses, creating nothing and sending nothing: no address and no password, a malformed or taken address, mail off', async () => {
    const site = await mailSite();
    const before = smtp.received.length;
    const count = async () => site.deps.db.$count(users);
    const accounts = await count();
    const none = await invite(site, invitee('no_way'));
    expect(none.status).toBe(400);
    expect((await json(none)).data.issues[0]).toMatchObject({
      path: ['email'],
      message: 'Enter the address the invitation goes to',
    });
    const noneFa = await invite(site, invitee('no_way'), { 'x-locale': 'fa' });
    expect((await json(noneFa)).data.issues[0].message).toBe('نشانی‌ای را که دعوت‌نامه به آن فرستاده می‌شود وارد کنید');
    for (const bad of [
      'not-an-address',
      'a@b',
      'two words@example.test',
      'x@example.test\r\nBcc: y@example.test',
      `${'a'.repeat(250)}@example.test`,
    ])
      expect((await invite(site, invitee('bad_one', bad))).status, bad).toBe(400);
    // Taken (in any case) by a confirmed address.
    const owner = await site.deps.db.select().from(users).where(eq(users.id, site.ids.owner)).get();
    const taken = address('taken');
    await site.deps.db.update(users).set({ email: taken }).where(eq(users.id, site.ids.owner));
    const clash = await invite(site, invitee('clash_one', taken.toUpperCase()));
    expect(clash.status).toBe(409);
    await site.deps.db
      .update(users)
      .set({ email: owner?.email ?? null })
      .where(eq(users.id, site.ids.owner));
    // A member cannot invite; an editor holds no users.create.
    expect((await invite(site, invitee('by_editor', address('e')), { cookie: site.cookies.editor })).status).toBe(403);
    // Mail off: 503, and no account made.
    const off = createApp({ ...site.deps, mailer: undefined });
    const refused = await off.request('/api/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': 'en', cookie: site.cookies.owner },
      body: JSON.stringify(invitee('mail_off', address('off'))),
    });
    expect(refused.status).toBe(503);
    expect(await count()).toBe(accounts);
    expect(smtp.received.length).toBe(before);
  });

  it('a role above the inviter’s is refused before anything is made', async () => {
    const site = await mailSite();
    const email = address('owner-invite');
    await site.deps.db
      .insert(roles)
      .values({ id: 'user-admin', name: 'user-admin', permissions: ['users.read', 'users.create', 'users.edit'] });
    const adminId = await createUser(
      site.deps.db,
      { firstName: 'Ali', lastName: 'Admin', about: '', userName: 'user_admin', password: PASSWORD },
      ['user-admin'],
      site.deps.passwordIterations,
    );
    const cookie = await loginAs(site.deps, adminId);
    const accounts = await site.deps.db.$count(users);
    const refused = await invite(site, { ...invitee('wants_owner', email), roles: ['owner'] }, { cookie });
    expect(refused.status).toBe(403);
    expect(await site.deps.db.$count(users)).toBe(accounts);
    expect(smtp.to(email)).toHaveLength(0);
  });
});
