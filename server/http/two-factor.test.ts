import { count, eq, isNull, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECENT_CONFIRMATION_MS } from '../../common/two-factor';
import { json } from '../../tests/support/config';
import { createInstalledSite, type InstalledSite, PASSWORD } from '../../tests/support/site';
import { PAIR_FAILURE_LIMIT, PASSKEY_OPTIONS_IP_LIMIT } from '../auth/rate-limit';
import { createSession, SESSION_COOKIE } from '../auth/sessions';
import { totpCode } from '../auth/totp';
import { batchInParts } from '../db/limits';
import { halfSignedStates, sessions, totpFactors, webauthnChallenges } from '../db/schema';
import { HALF_SIGNED_ATTEMPTS, OPEN_SIGN_IN_CHALLENGES_MAX, SECOND_STEP_USER_LIMIT } from '../services/two-factor';
import { HALF_SIGNED_COOKIE } from './request';
import { routeAccess } from './route-access';

function send(
  site: InstalledSite,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
  extra: Record<string, string> = {},
) {
  return site.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
/** Every cookie a response sets, as `name=value` pairs for the next request, and the raw headers. */
function cookiesOf(response: Response) {
  const raw = response.headers.getSetCookie();
  return { raw, pairs: raw.map((c) => c.split(';')[0] ?? '').filter((c) => !c.endsWith('=')) };
}
const login = (site: InstalledSite, userName: string, extra: Record<string, string> = {}) =>
  send(site, 'POST', '/api/auth/login', { userName, password: PASSWORD }, undefined, extra);

/** Turns the authenticator on for a signed-in role; answers its secret and recovery codes. */
async function turnOnTotp(site: InstalledSite, who: 'owner' | 'editor' | 'member') {
  const begun = await send(site, 'POST', '/api/profile/security/totp', {}, site.cookies[who]);
  expect(begun.status).toBe(200);
  const { secret, uri } = await json(begun);
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  // The step before now: the sign-ins below use later steps.
  const enabled = await send(
    site,
    'POST',
    '/api/profile/security/totp/enable',
    { code: await totpCode(secret, Date.now() - 30_000) },
    site.cookies[who],
  );
  expect(enabled.status).toBe(200);
  const { recoveryCodes } = await json(enabled);
  expect(recoveryCodes).toHaveLength(10);
  return { secret: secret as string, recoveryCodes: recoveryCodes as string[] };
}

/** Signs in with the password and answers the half-signed cookie (no session). */
async function halfSign(site: InstalledSite, userName: string) {
  const response = await login(site, userName);
  expect(response.status).toBe(200);
  const body = await json(response);
  expect(body.twoFactor).toBeDefined();
  const { raw, pairs } = cookiesOf(response);
  expect(pairs.some((c) => c.startsWith('daftar_session='))).toBe(false);
  const half = pairs.find((c) => c.startsWith(`${HALF_SIGNED_COOKIE}=`));
  expect(half).toBeDefined();
  expect(raw.join('\n')).toMatch(/Path=\/api\/auth\/two-factor/);
  expect(raw.join('\n')).toMatch(/HttpOnly/);
  return { cookie: half as string, token: (half as string).split('=')[1] as string, body };
}

const verify = (site: InstalledSite, cookie: string, code: string) =>
  send(site, 'POST', '/api/auth/two-factor/verify', { code }, cookie);

describe('two-factor sign-in', () => {
  it('asks for the second step, then signs in with an authenticator code; the same step is refused again', async () => {
    const site = await createInstalledSite();
    const { secret } = await turnOnTotp(site, 'editor');
    const { cookie, body } = await halfSign(site, 'editor');
    expect(body.twoFactor).toEqual({ setupRequired: false });
    const state = await json(await send(site, 'GET', '/api/auth/two-factor', undefined, cookie));
    expect(state).toMatchObject({ setupRequired: false, totp: true, passkeys: false, recoveryCodes: true });

    const code = await totpCode(secret, Date.now());
    const done = await verify(site, cookie, code);
    expect(done.status).toBe(200);
    const session = cookiesOf(done).pairs.find((c) => c.startsWith('daftar_session='));
    expect(session).toBeDefined();
    expect((await json(await send(site, 'GET', '/api/_auth/session', undefined, session))).user.username).toBe('editor');
    // The half-signed state is spent with it.
    expect((await verify(site, cookie, code)).status).toBe(401);

    // Replay: a new password sign-in with the code already used is refused.
    const again = await halfSign(site, 'editor');
    const replay = await verify(site, again.cookie, code);
    expect(replay.status).toBe(400);
    expect((await json(replay)).message).toMatch(/This code is not correct/);
  });

  it('accepts Persian digits, and refuses malformed and hostile codes as wrong', async () => {
    const site = await createInstalledSite();
    const { secret } = await turnOnTotp(site, 'editor');
    const { cookie } = await halfSign(site, 'editor');
    // Four wrong tries (a fifth would leave this state one try): each a plain "wrong code".
    for (const code of ['<script>', "' OR 1=1 --", '12345', '١٢٣٤٥٦٧'])
      expect((await verify(site, cookie, code)).status).toBe(400);
    expect((await verify(site, cookie, 'x'.repeat(41))).status).toBe(400);
    const persian = (await totpCode(secret, Date.now())).replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    expect((await verify(site, cookie, ` ${persian.slice(0, 3)} ${persian.slice(3)} `)).status).toBe(200);
  });

  it('a recovery code signs in once and not twice', async () => {
    const site = await createInstalledSite();
    const { recoveryCodes } = await turnOnTotp(site, 'editor');
    const [code] = recoveryCodes as [string];
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const first = await halfSign(site, 'editor');
    expect((await verify(site, first.cookie, code.toUpperCase())).status).toBe(200);
    const overview = await json(await send(site, 'GET', '/api/profile/security', undefined, site.cookies.editor));
    expect(overview.recoveryCodesLeft).toBe(9);
    const second = await halfSign(site, 'editor');
    expect((await verify(site, second.cookie, code)).status).toBe(400);
    // Regenerating replaces every code: the old unused ones stop working.
    const fresh = await json(await send(site, 'POST', '/api/profile/security/recovery-codes', {}, site.cookies.editor));
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect((await verify(site, second.cookie, recoveryCodes[1] as string)).status).toBe(400);
    expect((await verify(site, second.cookie, fresh.recoveryCodes[0])).status).toBe(200);
  });

  it('counts wrong codes: five end the state, and ten per account refuse further tries for a while', async () => {
    const site = await createInstalledSite();
    const { secret } = await turnOnTotp(site, 'editor');
    const first = await halfSign(site, 'editor');
    for (let i = 0; i < HALF_SIGNED_ATTEMPTS; i++) expect((await verify(site, first.cookie, '000000')).status).toBe(400);
    const ended = await verify(site, first.cookie, await totpCode(secret, Date.now()));
    expect(ended.status).toBe(401);
    expect((await json(ended)).message).toMatch(/Log in with your password again/);

    const second = await halfSign(site, 'editor');
    for (let i = HALF_SIGNED_ATTEMPTS; i < SECOND_STEP_USER_LIMIT; i++)
      expect((await verify(site, second.cookie, '000000')).status).toBe(400);
    const third = await halfSign(site, 'editor');
    const limited = await verify(site, third.cookie, await totpCode(secret, Date.now()));
    expect(limited.status).toBe(429);
  });

  it('refuses an expired half-signed state', async () => {
    const site = await createInstalledSite();
    const { secret } = await turnOnTotp(site, 'editor');
    const { cookie } = await halfSign(site, 'editor');
    await site.deps.db.update(halfSignedStates).set({ expiresAt: new Date(Date.now() - 1) });
    const late = await verify(site, cookie, await totpCode(secret, Date.now()));
    expect(late.status).toBe(401);
    expect((await send(site, 'GET', '/api/auth/two-factor', undefined, cookie)).status).toBe(401);
  });

  it('a half-signed cookie reaches no other route, not even passed as a session cookie', async () => {
    const site = await createInstalledSite();
    await turnOnTotp(site, 'owner');
    const { cookie, token } = await halfSign(site, 'owner');
    const cookies = `${cookie}; daftar_session=${token}`;
    const served = site.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'));
    let checked = 0;
    for (const route of served) {
      const access = routeAccess[`${route.method} ${route.path}`];
      if (!access || access === 'public' || access === 'setup' || access === 'half-signed') continue;
      const path = route.path.replace(':id', 'no-such-id').replace(':locale', 'en').replace(':path{.+}', 'about');
      const response = await send(site, route.method, path, route.method === 'GET' ? undefined : {}, cookies);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
    expect(await json(await send(site, 'GET', '/api/_auth/session', undefined, cookies))).toMatchObject({ loggedIn: false });
    // The state itself still works afterwards: nothing above touched it.
    expect((await send(site, 'GET', '/api/auth/two-factor', undefined, cookie)).status).toBe(200);
    // And a session cannot stand in for it.
    expect((await send(site, 'GET', '/api/auth/two-factor', undefined, site.cookies.owner)).status).toBe(401);
  });

  it('takes an account the site requires two factors of to set-up first, and only such accounts', async () => {
    const site = await createInstalledSite();
    expect((await send(site, 'PUT', '/api/settings/security', { requireTwoFactor: true }, site.cookies.editor)).status).toBe(403);
    expect((await send(site, 'PUT', '/api/settings/security', { requireTwoFactor: 'yes' }, site.cookies.owner)).status).toBe(400);
    expect((await send(site, 'PUT', '/api/settings/security', { requireTwoFactor: true }, site.cookies.owner)).status).toBe(200);
    // A member holds no dashboard permission: signed in at once.
    const member = await login(site, 'member');
    expect(cookiesOf(member).pairs.some((c) => c.startsWith('daftar_session='))).toBe(true);

    const { cookie, body } = await halfSign(site, 'editor');
    expect(body.twoFactor).toEqual({ setupRequired: true });
    expect((await verify(site, cookie, '123456')).status).toBe(403);
    const { secret } = await json(await send(site, 'POST', '/api/auth/two-factor/totp', {}, cookie));
    expect((await send(site, 'POST', '/api/auth/two-factor/totp/enable', { code: '000000' }, cookie)).status).toBe(400);
    const done = await send(
      site,
      'POST',
      '/api/auth/two-factor/totp/enable',
      { code: await totpCode(secret, Date.now()) },
      cookie,
    );
    expect(done.status).toBe(200);
    expect((await json(done)).recoveryCodes).toHaveLength(10);
    expect(cookiesOf(done).pairs.some((c) => c.startsWith('daftar_session='))).toBe(true);
    // From now on the authenticator is asked for, not set-up.
    expect((await halfSign(site, 'editor')).body.twoFactor).toEqual({ setupRequired: false });
  });

  it('set-up routes of the second step are refused to accounts that only verify', async () => {
    const site = await createInstalledSite();
    await turnOnTotp(site, 'editor');
    const { cookie } = await halfSign(site, 'editor');
    expect((await send(site, 'POST', '/api/auth/two-factor/totp', {}, cookie)).status).toBe(403);
    expect((await send(site, 'POST', '/api/auth/two-factor/passkeys/options', {}, cookie)).status).toBe(403);
  });

  it('an owner resets an account’s factors; only an owner resets an owner', async () => {
    const site = await createInstalledSite();
    await turnOnTotp(site, 'owner');
    await turnOnTotp(site, 'editor');
    const manager = await send(site, 'POST', `/api/users/${site.ids.owner}/two-factor-reset`, {}, site.cookies.editor);
    expect(manager.status).toBe(403);
    expect((await send(site, 'POST', `/api/users/${site.ids.editor}/two-factor-reset`, {}, site.cookies.owner)).status).toBe(200);
    expect(await site.deps.db.select().from(totpFactors).where(eq(totpFactors.userId, site.ids.editor))).toHaveLength(0);
    const editor = await login(site, 'editor');
    expect((await json(editor)).twoFactor).toBeUndefined();
    expect((await send(site, 'POST', '/api/users/no-such-id/two-factor-reset', {}, site.cookies.owner)).status).toBe(404);
  });

  it('refuses malformed passkey answers and counts them per address', async () => {
    const site = await createInstalledSite({ TRUST_PROXY: 'true' });
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const options = await json(await send(site, 'POST', '/api/auth/passkey/options', {}, undefined, from));
    expect(options.challenge).toEqual(expect.any(String));
    expect(options.rpId).toBe('localhost');
    const forged = {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: '', signature: '' },
      },
    };
    expect((await send(site, 'POST', '/api/auth/passkey', { response: { id: 'x' } }, undefined, from)).status).toBe(400);
    for (let i = 0; i < 10; i++)
      expect((await send(site, 'POST', '/api/auth/passkey', forged, undefined, from)).status).toBe(400);
    expect((await send(site, 'POST', '/api/auth/passkey', forged, undefined, from)).status).toBe(429);
    expect((await send(site, 'POST', '/api/auth/passkey', forged, undefined, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(
      400,
    );
  });

  it('limits password-less passkey options per address and keeps their rows bounded (F-49)', async () => {
    const site = await createInstalledSite({ TRUST_PROXY: 'true' });
    const from = { 'x-forwarded-for': '203.0.113.20' };
    const anonymous = async () =>
      (await site.deps.db.select({ n: count() }).from(webauthnChallenges).where(isNull(webauthnChallenges.userId)).get())?.n;
    for (let i = 0; i < PASSKEY_OPTIONS_IP_LIMIT; i++)
      expect((await send(site, 'POST', '/api/auth/passkey/options', {}, undefined, from)).status).toBe(200);
    const refused = await send(site, 'POST', '/api/auth/passkey/options', {}, undefined, from);
    expect(refused.status).toBe(429);
    expect((await json(refused)).message).toMatch(/^Too many attempts/);
    expect(await anonymous()).toBe(PASSKEY_OPTIONS_IP_LIMIT);
    // Expired challenges and those past the site-wide cap go with the next one stored.
    const now = Date.now();
    const rows = Array.from({ length: OPEN_SIGN_IN_CHALLENGES_MAX + 50 }, (_, i) => ({
      challenge: `filler-${i}`,
      purpose: 'authenticate' as const,
      userId: null,
      expiresAt: new Date(i < 50 ? now - 1000 : now + 60_000 + i),
    }));
    await batchInParts(site.deps.db, rows, (part) => site.deps.db.insert(webauthnChallenges).values(part));
    const other = { 'x-forwarded-for': '203.0.113.21' };
    const options = await json(await send(site, 'POST', '/api/auth/passkey/options', {}, undefined, other));
    expect(await anonymous()).toBe(OPEN_SIGN_IN_CHALLENGES_MAX);
    const kept = await site.deps.db
      .select({ challenge: webauthnChallenges.challenge })
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.challenge))
      .get();
    expect(kept).toBeDefined();
    const expired = await site.deps.db
      .select({ n: count() })
      .from(webauthnChallenges)
      .where(lte(webauthnChallenges.expiresAt, new Date(now)))
      .get();
    expect(expired?.n).toBe(0);
  });

  it('requires two factors of every staff role, not only dashboard ones, and asks a promoted session (F-42)', async () => {
    const site = await createInstalledSite();
    expect((await send(site, 'PUT', '/api/settings/security', { requireTwoFactor: true }, site.cookies.owner)).status).toBe(200);
    // Roles that open no dashboard page still need a second factor at sign-in.
    const staffRoles: [string, string[]][] = [
      ['mailer', ['newsletter.read', 'newsletter.edit']],
      ['builder', ['builds.create']],
      ['settler', ['settings.edit']],
      ['hirer', ['users.create', 'users.read']],
      ['roler', ['roles.edit', 'roles.read']],
    ];
    const ownerSession = await createSession(site.deps.db, site.ids.owner, { ip: '127.0.0.1', userAgent: 'vitest' }, undefined, {
      twoFactor: true,
    });
    const owner = `${SESSION_COOKIE}=${ownerSession.token}`;
    for (const [name, permissions] of staffRoles) {
      const role = await send(site, 'POST', '/api/roles', { name, description: name, permissions }, owner);
      expect(role.status, JSON.stringify(await json(role.clone()))).toBe(201);
      const { id: roleId } = await json(role);
      const created = await send(
        site,
        'POST',
        '/api/users',
        { firstName: 'Staff', lastName: 'Person', userName: `${name}1`, about: '', password: PASSWORD, roles: [roleId] },
        owner,
      );
      expect(created.status, JSON.stringify(await json(created.clone()))).toBe(201);
      expect((await halfSign(site, `${name}1`)).body.twoFactor).toEqual({ setupRequired: true });
    }
    // A member signed in with the password alone, then promoted to editor: the next request that
    // needs the new rights is refused with the message that says what to do; member rights stay.
    const member = cookiesOf(await login(site, 'member')).pairs.find((c) => c.startsWith('daftar_session=')) as string;
    expect((await send(site, 'GET', '/api/builds', undefined, member)).status).toBe(403);
    expect((await send(site, 'PUT', `/api/users/${site.ids.member}/roles`, { roles: ['editor'] }, owner)).status).toBe(200);
    const refused = await send(site, 'GET', '/api/builds', undefined, member);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({
      message: expect.stringMatching(/two-factor/),
      data: { secondFactorNeeded: true },
    });
    const faRefused = await send(site, 'GET', '/api/builds', undefined, member, { 'x-locale': 'fa' });
    expect((await json(faRefused)).message).toContain('دومرحله‌ای');
    expect((await json(await send(site, 'GET', '/api/profile/security', undefined, member))).secondFactorNeeded).toBe(true);
    expect((await send(site, 'GET', '/api/profile', undefined, member)).status).toBe(200);
    // Turning an authenticator on in that session proves the factor: the editor's rights are back.
    const begun = await json(await send(site, 'POST', '/api/profile/security/totp', {}, member));
    const code = await totpCode(begun.secret, Date.now() - 30_000);
    expect((await send(site, 'POST', '/api/profile/security/totp/enable', { code }, member)).status).toBe(200);
    expect((await send(site, 'GET', '/api/builds', undefined, member)).status).toBe(200);
    // A session made with the password alone before the factor (the test's editor cookie) confirms with a code.
    const editor = site.cookies.editor;
    expect((await send(site, 'GET', '/api/builds', undefined, editor)).status).toBe(403);
    const editorSecret = await json(await send(site, 'POST', '/api/profile/security/totp', {}, editor));
    const enabled = await send(
      site,
      'POST',
      '/api/profile/security/totp/enable',
      { code: await totpCode(editorSecret.secret, Date.now() - 30_000) },
      editor,
    );
    expect(enabled.status).toBe(200);
    expect((await send(site, 'GET', '/api/builds', undefined, editor)).status).toBe(200);
    // A member is never asked.
    expect((await send(site, 'GET', '/api/profile/security', undefined, site.cookies.member)).status).toBe(200);
    expect((await send(site, 'POST', '/api/comments', {}, site.cookies.member)).status).not.toBe(403);
  });

  it('asks for the password or a code before recovery changes once the sign-in is not recent (F-46)', async () => {
    const site = await createInstalledSite({ TRUST_PROXY: 'true' });
    const { secret } = await turnOnTotp(site, 'member');
    // The session is old: its sign-in is past the window.
    await site.deps.db.update(sessions).set({ confirmedAt: new Date(Date.now() - RECENT_CONFIRMATION_MS - 1000) });
    const cookie = site.cookies.member;
    const attempts: [string, string, unknown?][] = [
      ['DELETE', '/api/profile/security/totp'],
      ['POST', '/api/profile/security/recovery-codes', {}],
      ['PUT', '/api/profile/email', { email: 'thief@example.com' }],
      ['POST', '/api/profile/security/passkeys/options', {}],
      ['DELETE', '/api/profile/security/passkeys/some-id'],
    ];
    for (const [method, path, body] of attempts) {
      const refused = await send(site, method, path, body, cookie);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await json(refused)).toMatchObject({
        data: { confirmIdentity: true },
        message: expect.stringMatching(/^Confirm it is you/),
      });
    }
    expect((await json(await send(site, 'GET', '/api/profile', undefined, cookie))).user.pendingEmail).toBeNull();
    expect((await json(await send(site, 'GET', '/api/profile/security', undefined, cookie))).totp).toBe(true);
    // A wrong password or code opens nothing; the right password opens the window.
    const wrong = await send(site, 'POST', '/api/profile/security/confirm', { password: 'not it' }, cookie);
    expect(wrong.status).toBe(400);
    expect((await send(site, 'POST', '/api/profile/security/confirm', { code: '000000' }, cookie)).status).toBe(400);
    expect((await send(site, 'POST', '/api/profile/security/confirm', {}, cookie)).status).toBe(400);
    expect((await send(site, 'POST', '/api/profile/security/recovery-codes', {}, cookie)).status).toBe(403);
    expect((await send(site, 'POST', '/api/profile/security/confirm', { password: PASSWORD }, cookie)).status).toBe(200);
    expect((await send(site, 'POST', '/api/profile/security/recovery-codes', {}, cookie)).status).toBe(200);
    // …and, once it is past again, a code does too.
    await site.deps.db.update(sessions).set({ confirmedAt: new Date(Date.now() - RECENT_CONFIRMATION_MS - 1000) });
    expect((await send(site, 'DELETE', '/api/profile/security/totp', undefined, cookie)).status).toBe(403);
    const code = await totpCode(secret, Date.now());
    expect((await send(site, 'POST', '/api/profile/security/confirm', { code }, cookie)).status).toBe(200);
    expect((await send(site, 'DELETE', '/api/profile/security/totp', undefined, cookie)).status).toBe(200);
  });

  it('counts wrong current passwords like sign-ins: 5 from an address, then 429 (F-45)', async () => {
    const site = await createInstalledSite({ TRUST_PROXY: 'true' });
    const from = { 'x-forwarded-for': '203.0.113.50' };
    const change = (currentPassword: string, extra = from) =>
      send(
        site,
        'POST',
        '/api/profile/password',
        { currentPassword, password: 'violet harbour lantern 42', confirmPassword: 'violet harbour lantern 42' },
        site.cookies.member,
        extra,
      );
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => change(`wrong ${i}`)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - PAIR_FAILURE_LIMIT);
    // The same pair at the login form is locked as well: one count for both.
    expect((await login(site, 'member', from)).status).toBe(429);
    // The confirmation dialog's password shares it too.
    expect(
      (await send(site, 'POST', '/api/profile/security/confirm', { password: PASSWORD }, site.cookies.member, from)).status,
    ).toBe(429);
  });
});
