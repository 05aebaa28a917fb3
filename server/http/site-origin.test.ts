import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { smtpMailerFromConfig } from '../../platforms/node/mailer';
import { client, createAuthoringSite } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createTestDeps, TEST_SETUP_TOKEN } from '../../tests/support/deps';
import { imageBytes } from '../../tests/support/images';
import { createInstalledSite, type InstalledSite } from '../../tests/support/site';
import { type ReceivedMail, type SmtpCatcher, startSmtpServer } from '../../tests/support/smtp';
import { createApp } from '../app';
import { newsletterSubscribers, passwordResets, settings, users } from '../db/schema';
import { SITE_ADDRESS_KEY } from '../services/site';
import { siteAddress } from '../site-origin';

/*
 * F-41 (docs/security.md "Where the site's addresses come from"): no request header chooses where
 * a mailed link points. And issue 34 §1: published media are readable from any origin, pending ones
 * stay private, and HTML that leaves the site carries absolute addresses.
 */

let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const MAIL_ENV = { SMTP_URL: '', MAIL_FROM: 'Daftar <site@daftar.test>' };

/** An installed site (recorded address: `http://localhost`, tests/support/site.ts) whose mail reaches the local SMTP server. */
async function mailSite(env: Record<string, string> = {}) {
  const site = await createInstalledSite({ ...MAIL_ENV, SMTP_URL: smtp.url, ...env });
  site.deps.mailer = smtpMailerFromConfig(site.deps.config);
  return { ...site, app: createApp(site.deps) };
}

let counter = 0;
const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.test`;

/** The attacks: a forged Host (with a matching Origin), a forged X-Forwarded-Host and -Proto, and both. */
const FORGERIES: { name: string; base: string; headers: Record<string, string> }[] = [
  { name: 'a forged Host', base: 'http://evil.example', headers: { origin: 'http://evil.example' } },
  {
    name: 'a forged X-Forwarded-Host',
    base: 'http://localhost',
    headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  },
  {
    name: 'a forged Host and X-Forwarded-Host',
    base: 'http://evil.example:8443',
    headers: { 'x-forwarded-host': 'evil.example, evil.example', forwarded: 'host=evil.example' },
  },
];

function post(site: Pick<InstalledSite, 'app'>, base: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return site.app.request(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-locale': 'en', ...headers },
    body: JSON.stringify(body),
  });
}

/** Every address in a mail (both parts) starts with `origin`; no trace of the forged host. */
function expectLinksOn(mail: ReceivedMail, origin: string) {
  const links = [...`${mail.html}\n${mail.text}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((match) => match[0]);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${origin}/`) || link === origin, link).toBe(true);
  expect(mail.raw).not.toMatch(/evil\.example/);
}

/** A member with a confirmed address, to ask a reset link for. */
async function memberWithAddress(site: InstalledSite) {
  const email = address('victim');
  await site.deps.db.update(users).set({ email }).where(eq(users.id, site.ids.member));
  return email;
}

describe('mailed links never follow the request’s host (F-41)', () => {
  for (const env of [{}, { TRUST_PROXY: 'true' }, { SITE_URL: 'https://daftar.example' }] as Record<string, string>[]) {
    const origin = 'SITE_URL' in env ? 'https://daftar.example' : 'http://localhost';
    describe(`with ${JSON.stringify(env)}: links on ${origin}`, () => {
      for (const forgery of FORGERIES) {
        it(`password reset, registration and newsletter mails with ${forgery.name}`, async () => {
          const site = await mailSite(env);
          const victim = await memberWithAddress(site);
          expect(
            (await post(site, forgery.base, '/api/auth/forgot-password', { userNameOrEmail: victim }, forgery.headers)).status,
          ).toBe(202);
          const newcomer = address('newcomer');
          const registered = await post(
            site,
            forgery.base,
            '/api/auth/register',
            {
              firstName: 'Sara',
              lastName: 'Karimi',
              about: '',
              userName: `sara_${counter}`,
              password: 'a long enough passphrase 42',
              email: newcomer,
            },
            forgery.headers,
          );
          expect(registered.status).toBe(201);
          const reader = address('reader');
          expect(
            (await post(site, forgery.base, '/api/newsletter/subscribe', { email: reader, locale: 'fa' }, forgery.headers))
              .status,
          ).toBe(202);
          const [reset] = await smtp.waitFor(victim);
          const [confirmation] = await smtp.waitFor(newcomer);
          const [subscription] = await smtp.waitFor(reader);
          expect(reset!.text).toContain(`${origin}/en/reset-password?token=`);
          expect(confirmation!.text).toContain(`${origin}/en/confirm-email?token=`);
          expect(subscription!.text).toContain(`${origin}/fa/newsletter/confirm?token=`);
          expect(subscription!.headers.get('list-unsubscribe')).toContain(`<${origin}/api/newsletter/unsubscribe?token=`);
          for (const mail of [reset!, confirmation!, subscription!]) expectLinksOn(mail, origin);
        });
      }
    });
  }
});

describe('a fresh server without SITE_URL (F-41)', () => {
  const owner = {
    firstName: 'Shirin',
    lastName: 'Ahmadi',
    about: '',
    userName: 'shirin',
    password: 'a long enough passphrase 42',
  };

  /** Installs through the installer's API as its administrator would, from `base` with `headers`. */
  async function installFrom(base: string, headers: Record<string, string> = {}, env: Record<string, string> = {}) {
    const { deps } = await createTestDeps({ env: { ...MAIL_ENV, SMTP_URL: smtp.url, ...env } });
    deps.mailer = smtpMailerFromConfig(deps.config);
    const app = createApp(deps);
    for (const step of ['migrations-run', 'database-loading'])
      expect(
        (await post({ app }, base, `/api/install/${step}`, {}, { 'x-setup-token': TEST_SETUP_TOKEN, ...headers })).status,
      ).toBe(200);
    const created = await post({ app }, base, '/api/install/admin-loading', owner, {
      'x-setup-token': TEST_SETUP_TOKEN,
      ...headers,
    });
    expect(created.status).toBe(200);
    return { app, deps };
  }

  it('records the installer’s address and mails links there, whatever Host a later request names', async () => {
    const { app, deps } = await installFrom('http://blog.example:8080');
    const email = address('owner');
    await deps.db.update(users).set({ email }).where(eq(users.username, 'shirin'));
    for (const forgery of FORGERIES)
      expect(
        (await post({ app }, forgery.base, '/api/auth/forgot-password', { userNameOrEmail: email }, forgery.headers)).status,
      ).toBe(202);
    const mails = await smtp.waitFor(email, FORGERIES.length);
    for (const mail of mails) {
      expect(mail.text).toContain('http://blog.example:8080/en/reset-password?token=');
      expectLinksOn(mail, 'http://blog.example:8080');
    }
  });

  it('behind TRUST_PROXY records the proxy’s public host and scheme; without it, forwarded headers are ignored', async () => {
    const forwarded = { 'x-forwarded-host': 'blog.example', 'x-forwarded-proto': 'https' };
    const behind = await installFrom('http://127.0.0.1:3000', forwarded, { TRUST_PROXY: 'true' });
    const direct = await installFrom('http://127.0.0.1:3000', forwarded);
    const recorded = async (deps: typeof behind.deps) =>
      (await deps.db.select().from(settings).where(eq(settings.key, SITE_ADDRESS_KEY)).get())?.value;
    expect(await recorded(behind.deps)).toBe('https://blog.example');
    expect(await recorded(direct.deps)).toBe('http://127.0.0.1:3000');
  });

  it('a hostile X-Forwarded-Host is not recorded, even behind TRUST_PROXY', async () => {
    // Every hostile form is refused by requestOrigin (server/site-origin.test.ts); two installs prove the recording uses it.
    for (const hostile of ['evil.example/path', 'user@evil.example']) {
      const { deps } = await installFrom('http://blog.example', { 'x-forwarded-host': hostile }, { TRUST_PROXY: 'true' });
      const row = await deps.db.select().from(settings).where(eq(settings.key, SITE_ADDRESS_KEY)).get();
      expect(row?.value, hostile).toBe('http://blog.example');
    }
  });

  it('records SITE_URL when it is set at installation', async () => {
    const { deps } = await installFrom('http://127.0.0.1:3000', {}, { SITE_URL: 'https://daftar.example/' });
    expect((await deps.db.select().from(settings).where(eq(settings.key, SITE_ADDRESS_KEY)).get())?.value).toBe(
      'https://daftar.example',
    );
  });
});

describe('a site with no address at all (installed before it was recorded, no SITE_URL)', () => {
  async function addresslessSite() {
    const site = await mailSite();
    await site.deps.db.delete(settings).where(eq(settings.key, SITE_ADDRESS_KEY));
    return site;
  }

  it('mails no link anyone could point elsewhere: the same answers, a clear log line, nothing written', async () => {
    const site = await addresslessSite();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const victim = await memberWithAddress(site);
    const forgery = FORGERIES[0]!;
    expect(
      (await post(site, forgery.base, '/api/auth/forgot-password', { userNameOrEmail: victim }, forgery.headers)).status,
    ).toBe(202);
    expect(await site.deps.db.select().from(passwordResets)).toEqual([]);
    const reader = address('reader');
    expect(
      (await post(site, forgery.base, '/api/newsletter/subscribe', { email: reader, locale: 'en' }, forgery.headers)).status,
    ).toBe(202);
    expect(
      await site.deps.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(sql`lower(${newsletterSubscribers.email})`, reader)),
    ).toEqual([]);
    const logged = warn.mock.calls.map((call) => String(call[0]));
    expect(logged).toEqual([
      expect.stringMatching(/^Not sending the password reset mail: this site has no public address.*Set SITE_URL/),
      expect.stringMatching(/^Not sending the newsletter confirmation mail: .*SITE_URL/),
    ]);
    // Nothing reached the mailbox: the SMTP server got no message for either address.
    expect(smtp.to(victim)).toEqual([]);
    expect(smtp.to(reader)).toEqual([]);
  });

  it('refuses mail someone signed in waits for with 409 in both languages, and changes nothing', async () => {
    const site = await addresslessSite();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const [locale, words] of [
      ['en', /no public address yet.*SITE_URL/],
      ['fa', /نشانی عمومی ندارد.*SITE_URL/],
    ] as const) {
      const email = address(`member-${locale}`);
      const answer = await client(site, 'member', locale).put('/api/profile/email', { email });
      expect(answer.status).toBe(409);
      expect((await json(answer)).message).toMatch(words);
      const member = await site.deps.db.select().from(users).where(eq(users.id, site.ids.member)).get();
      expect(member?.pendingEmail).toBeNull();
      const issue = await client(site, 'owner', locale).post('/api/newsletter/issues', { locale: 'en', path: 'about' });
      expect(issue.status).toBe(409);
      expect((await json(issue)).message).toMatch(words);
    }
  });

  it('has no address until SITE_URL is set (what the dashboard’s notice reads)', async () => {
    const site = await addresslessSite();
    expect(await siteAddress(site.deps)).toBeUndefined();
    expect(await siteAddress({ ...site.deps, config: { ...site.deps.config, SITE_URL: 'https://daftar.example/' } })).toBe(
      'https://daftar.example',
    );
    expect(await siteAddress((await mailSite()).deps)).toBe('http://localhost');
  });
});

describe('published media are readable from any origin; pending media stay private (issue 34 §1)', () => {
  const upload = async (site: Awaited<ReturnType<typeof createAuthoringSite>>, name: string) => {
    const form = new FormData();
    form.set('file', new Blob([imageBytes('png')], { type: 'image/png' }), name);
    const response = await site.app.request('/api/media', {
      method: 'POST',
      body: form,
      headers: { cookie: site.cookies.editor },
    });
    expect(response.status).toBe(201);
    return (await json(response)) as { url: string };
  };
  /** What a page on another site sends when it shows an image of this one. */
  const fromElsewhere = {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'sec-fetch-dest': 'image',
    referer: 'http://127.0.0.1:9/',
  };

  it('answers published files and their copies with CORP cross-origin and the year of caching, pending ones 404 to strangers', async () => {
    const site = await createAuthoringSite();
    const published = await upload(site, 'published.png');
    await client(site).put('/api/pages/en/logs/pictures', { frontMatter: { title: 'Pictures' }, body: `![A](${published.url})` });
    expect((await client(site).post('/api/builds/publish', { title: 'Pictures' })).status).toBe(200);
    // The second upload stays in a new, unpublished build.
    const pending = await upload(site, 'pending.png');
    await client(site).put('/api/pages/en/logs/later', { frontMatter: { title: 'Later' }, body: `![B](${pending.url})` });

    for (const url of [published.url, published.url.replace(/\.png$/, '.png.w320.webp')]) {
      const answer = await site.app.request(url, { headers: fromElsewhere });
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('cross-origin-resource-policy'), url).toBe('cross-origin');
      expect(answer.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      const etag = answer.headers.get('etag')!;
      const again = await site.app.request(url, { headers: { ...fromElsewhere, 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    }

    for (const url of [pending.url, pending.url.replace(/\.png$/, '.png.w320.webp')]) {
      const stranger = await site.app.request(url, { headers: fromElsewhere });
      expect(stranger.status, url).toBe(404);
      expect(stranger.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      // A member is no editor: still 404; an editor gets it, private and same-origin only.
      expect((await site.app.request(url, { headers: { ...fromElsewhere, cookie: site.cookies.member } })).status).toBe(404);
      const editor = await site.app.request(url, { headers: { cookie: site.cookies.editor } });
      expect(editor.status).toBe(200);
      expect(editor.headers.get('cache-control')).toBe('private, no-store');
      expect(editor.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    // Every other answer keeps the app's policy.
    expect((await site.app.request('/api/health')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

describe('HTML that leaves the site has absolute addresses (issue 34 §1)', () => {
  it('in the public API’s html and in the feeds, against SITE_URL', async () => {
    const site = await createAuthoringSite({ SITE_URL: 'https://daftar.example' });
    const form = new FormData();
    form.set('file', new Blob([imageBytes('png')], { type: 'image/png' }), 'photo.png');
    const { url } = (await json(
      await site.app.request('/api/media', { method: 'POST', body: form, headers: { cookie: site.cookies.editor } }),
    )) as { url: string };
    const body = `![A photo](${url}#1600x900)\n\n[About us](/en/about) and [next door](neighbour) and [up](#top).`;
    await client(site).put('/api/pages/en/logs/outside', { frontMatter: { title: 'Outside', date: '2026-01-02' }, body });
    expect((await client(site).post('/api/builds/publish', { title: 'Outside' })).status).toBe(200);

    const forged = { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } };
    const page = await json(await site.app.request('http://evil.example/api/public/pages/en/logs/outside', forged));
    for (const html of [page.html as string, await (await site.app.request('http://evil.example/en/feed.xml', forged)).text()]) {
      expect(html).toContain(`https://daftar.example${url}`);
      expect(html).toMatch(/https:\/\/daftar\.example\/media\/[^ "&]+\.w\d+\.webp \d+w/);
      expect(html).toContain('https://daftar.example/en/about');
      expect(html).toContain('https://daftar.example/en/logs/neighbour');
      expect(html).toMatch(/href=("|&quot;)#top/);
      expect(html).not.toMatch(/(src|href|srcset)=("|&quot;)\/(?!\/)/);
      expect(html).not.toContain('evil.example');
    }
  });
});
