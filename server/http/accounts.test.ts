import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../tests/support/config';
import { createInstalledSite, type InstalledSite, PASSWORD } from '../../tests/support/site';
import { createUser } from '../services/users';

const newcomer = { firstName: 'Nima', lastName: 'Tehrani', about: 'Reads everything', userName: 'nima', password: 'nima-pass-1' };

function send(app: InstalledSite['app'], method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

describe('registration', () => {
  it('creates a signed-in member, and refuses a taken name with 409', async () => {
    const { app } = await createInstalledSite();
    const created = await send(app, 'POST', '/api/auth/register', { ...newcomer, pub: 'b'.repeat(64) });
    expect(created.status).toBe(201);
    const session = await json(await send(app, 'GET', '/api/_auth/session', undefined, { cookie: cookieOf(created) }));
    expect(session.user).toMatchObject({ username: 'nima', roles: ['member'], permissions: ['comments.create'] });
    const again = await send(app, 'POST', '/api/auth/register', { ...newcomer, userName: 'NIMA' });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('This user name is already taken');
  });

  it('limits registrations to 10 an hour from one address', async () => {
    const { app } = await createInstalledSite({ TRUST_PROXY: 'true' });
    const from = (ip: string, i: number) =>
      send(app, 'POST', '/api/auth/register', { ...newcomer, userName: `reader${i}` }, { 'x-forwarded-for': ip });
    for (let i = 0; i < 10; i++) expect((await from('203.0.113.20', i)).status).toBe(201);
    const refused = await from('203.0.113.20', 10);
    expect(refused.status).toBe(429);
    expect((await json(refused)).message).toBe('Too many attempts. Please wait 60 minutes and try again.');
    expect((await from('203.0.113.21', 11)).status).toBe(201);
  });

  it.each([
    ['firstName', 'A', 'Must be at least 2 characters'],
    ['lastName', ' ', 'Required'],
    ['about', 'x'.repeat(501), 'Must be at most 500 characters'],
    ['userName', 'ab', 'Must be at least 3 characters'],
    ['userName', 'bad name!', 'Use letters and digits (Persian or English), dot, dash and underscore'],
    [
      'userName',
      'admin\u202etxt',
      'Remove the text-direction control characters (such as U+202E): they make a name show differently from what it is',
    ],
    [
      'userName',
      'p\u0430ypal',
      'Use the letters of one alphabet: Persian or English, not both (and no look-alike letters of others)',
    ],
    [
      'userName',
      'ali\u200d',
      'Remove the invisible characters (zero-width spaces or joiners, kashida): they make one name look like another',
    ],
    ['userName', '\u200cعلی', 'A half-space may only join two Persian letters inside the name, not start or end it'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['pub', 'xyz', 'Device key must be 64 hexadecimal characters'],
  ])('rejects %s = %j with "%s"', async (field, value, message) => {
    const { app } = await createInstalledSite();
    const response = await send(app, 'POST', '/api/auth/register', { ...newcomer, [field]: value });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body.data.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});

describe('Persian user names (issue 25)', () => {
  it('registers «علی_رضایی», refuses «علي_رضایی» as the same name, and signs in with either spelling', async () => {
    const { app } = await createInstalledSite();
    const persian = { ...newcomer, userName: 'علی_رضایی' };
    const created = await send(app, 'POST', '/api/auth/register', persian);
    expect(created.status).toBe(201);
    expect((await json(created)).user.username).toBe('علی_رضایی');
    const session = await json(await send(app, 'GET', '/api/_auth/session', undefined, { cookie: cookieOf(created) }));
    expect(session.user).toMatchObject({ username: 'علی_رضایی' });

    for (const spelling of ['علي_رضایی', 'علی_رضايي', `علی_رضا\u200cیی`]) {
      const again = await send(app, 'POST', '/api/auth/register', { ...newcomer, userName: spelling }, { 'x-locale': 'fa' });
      expect(again.status, spelling).toBe(409);
      expect((await json(again)).message).toBe('این نام کاربری پیش‌تر گرفته شده است');
    }
    for (const spelling of ['علی_رضایی', 'علي_رضايي', `  علی_رضایی `])
      expect(
        (await send(app, 'POST', '/api/auth/login', { userName: spelling, password: newcomer.password })).status,
        spelling,
      ).toBe(200);
    expect((await send(app, 'POST', '/api/auth/login', { userName: 'علی_رضا', password: newcomer.password })).status).toBe(401);
  });

  it('refuses look-alike names as taken (issue 37): ھ or ہ for ه, the other hamza seat, in Persian and English', async () => {
    const { app, cookies } = await createInstalledSite({ TRUST_PROXY: 'true' });
    // Each from its own address: more than the 10 registrations an hour one address may make.
    let ip = 0;
    const from = () => ({ 'x-forwarded-for': `203.0.113.${++ip}` });
    for (const userName of ['هادی', 'مسئول', 'سؤال'])
      expect((await send(app, 'POST', '/api/auth/register', { ...newcomer, userName })).status, userName).toBe(201);
    const lookAlikes = ['ھادی', 'ہادی', 'هادي', `ھا\u200cدی`, 'ھادى', 'مسؤول', 'سئوال'];
    for (const userName of lookAlikes) {
      const fa = await send(app, 'POST', '/api/auth/register', { ...newcomer, userName }, { 'x-locale': 'fa', ...from() });
      expect(fa.status, userName).toBe(409);
      expect((await json(fa)).message).toBe('این نام کاربری پیش‌تر گرفته شده است');
      // The dashboard's "New user" (with a password) says the same, in English.
      const en = await send(
        app,
        'POST',
        '/api/users',
        { ...newcomer, userName, roles: ['member'] },
        { cookie: cookies.owner, 'x-locale': 'en' },
      );
      expect(en.status, userName).toBe(409);
      expect((await json(en)).data.issues).toEqual([
        expect.objectContaining({ path: ['userName'], message: 'This user name is already taken' }),
      ]);
    }
    // Hostile spellings are refused for what they are, not let in as new names.
    for (const userName of ['\u202bهادی', 'ها\u200dدی', 'هادی\u200c']) {
      const answer = await send(app, 'POST', '/api/auth/register', { ...newcomer, userName }, from());
      expect(answer.status, userName).toBe(400);
    }
    // Signing in with the look-alike spelling reaches the one account.
    expect((await send(app, 'POST', '/api/auth/login', { userName: 'ھادی', password: newcomer.password })).status).toBe(200);
    expect((await send(app, 'POST', '/api/auth/login', { userName: 'مسؤول', password: newcomer.password })).status).toBe(200);
  });

  it('lets one of two registrations racing with two spellings of one name in (201) and refuses the other (409), never 500', async () => {
    const { app, deps } = await createInstalledSite();
    // Both pass the name check before either row is written (the password hash takes longer than the look-up).
    const answers = await Promise.all(
      ['علي_رضایی', 'علی_رضایی'].map((userName) => send(app, 'POST', '/api/auth/register', { ...newcomer, userName })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect((await json(refused as Response)).data.issues).toEqual([expect.objectContaining({ path: ['userName'] })]);
    const rows = await deps.db.all<{ key: string }>(sql`select username_key as key from users where username_key like '%رضایی'`);
    expect(rows).toEqual([{ key: 'علی_رضایی' }]);
  });

  it('stores the name NFC, treats Persian and ASCII digits as one, and explains refusals in Persian', async () => {
    const { app } = await createInstalledSite();
    expect((await send(app, 'POST', '/api/auth/register', { ...newcomer, userName: 'سارا۱۳۷۰' })).status).toBe(201);
    expect((await send(app, 'POST', '/api/auth/register', { ...newcomer, userName: 'سارا1370' })).status).toBe(409);
    const decomposed = await send(app, 'POST', '/api/auth/register', { ...newcomer, userName: 'Jose\u0301' });
    expect((await json(decomposed)).user.username).toBe('José');
    expect((await send(app, 'POST', '/api/auth/login', { userName: 'JOSÉ', password: newcomer.password })).status).toBe(200);
    const hostile = await send(
      app,
      'POST',
      '/api/auth/register',
      { ...newcomer, userName: 'abc\u202edef' },
      { 'x-locale': 'fa' },
    );
    expect(hostile.status).toBe(400);
    expect((await json(hostile)).data.issues).toEqual([
      expect.objectContaining({
        path: ['userName'],
        message: 'نویسه‌های کنترل جهت متن (مانند U+202E) را بردارید: نام را جز آنچه هست نشان می‌دهند',
      }),
    ]);
  });
});

describe('weak passwords', () => {
  const weak = ['password', '123456', 'qwerty123'];
  const strong = 'Lantern-river-Tabriz-9';
  const weakMessage = 'This password is too easy to guess. Try a longer phrase of unrelated words.';
  const issueOf = async (response: Response) => (await json(response)).data?.issues?.[0];

  it('are refused at registration, in either language; a strong passphrase is accepted', async () => {
    const { app } = await createInstalledSite();
    for (const password of weak) {
      const response = await send(app, 'POST', '/api/auth/register', { ...newcomer, password });
      expect(response.status).toBe(400);
      expect(await issueOf(response)).toMatchObject({ path: ['password'], message: weakMessage });
    }
    const persian = await send(app, 'POST', '/api/auth/register', { ...newcomer, password: 'password' }, { 'x-locale': 'fa' });
    expect((await issueOf(persian)).message).toBe('این گذرواژه به‌آسانی حدس زده می‌شود. عبارتی بلندتر از چند واژهٔ بی‌ربط بنویسید.');
    // The user's own name does not make a password.
    expect((await send(app, 'POST', '/api/auth/register', { ...newcomer, password: 'nima1990' })).status).toBe(400);
    expect((await send(app, 'POST', '/api/auth/register', { ...newcomer, password: strong })).status).toBe(201);
  });

  it('are refused for a password change and for users an admin creates', async () => {
    const { app, cookies } = await createInstalledSite();
    for (const password of weak) {
      const change = await send(
        app,
        'POST',
        '/api/profile/password',
        { currentPassword: PASSWORD, password, confirmPassword: password },
        { cookie: cookies.member },
      );
      expect(change.status).toBe(400);
      expect(await issueOf(change)).toMatchObject({ path: ['password'], message: weakMessage });
      const created = await send(app, 'POST', '/api/users', { ...newcomer, password }, { cookie: cookies.owner });
      expect(created.status).toBe(400);
      expect(await issueOf(created)).toMatchObject({ path: ['password'], message: weakMessage });
    }
    expect((await send(app, 'POST', '/api/users', { ...newcomer, password: strong }, { cookie: cookies.owner })).status).toBe(
      201,
    );
    const changed = await send(
      app,
      'POST',
      '/api/profile/password',
      { currentPassword: PASSWORD, password: strong, confirmPassword: strong },
      { cookie: cookies.member },
    );
    expect(changed.status).toBe(200);
  });

  it('are not checked at login: an old weak password still signs in', async () => {
    const { app, deps } = await createInstalledSite();
    await createUser(deps.db, { ...newcomer, userName: 'legacy', password: '123456' }, ['member'], deps.passwordIterations);
    expect((await send(app, 'POST', '/api/auth/login', { userName: 'legacy', password: '123456' })).status).toBe(200);
  });
});

describe('login', () => {
  it('signs in with the right password and sets a safe cookie', async () => {
    const { app } = await createInstalledSite();
    const response = await send(app, 'POST', '/api/auth/login', { userName: 'Member', password: PASSWORD });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    const https = await app.request('https://daftar.example/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'member', password: PASSWORD }),
    });
    expect(https.headers.get('set-cookie')).toMatch(/Secure/i);
  });

  it('answers a wrong password or unknown name with one generic 401, then 429', async () => {
    const { app } = await createInstalledSite();
    for (const userName of ['member', 'ghost']) {
      const response = await send(app, 'POST', '/api/auth/login', { userName, password: 'wrong-password' });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ statusCode: 401, message: 'Invalid username or password' });
    }
    for (let i = 0; i < 4; i++) await send(app, 'POST', '/api/auth/login', { userName: 'member', password: 'wrong' });
    const limited = await send(app, 'POST', '/api/auth/login', { userName: 'member', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect((await json(limited)).message).toMatch(/Too many attempts/);
  });

  it('counts failures per forwarded client address only behind a trusted proxy', async () => {
    const { app } = await createInstalledSite({ TRUST_PROXY: 'true' });
    // 20 failures from one address (different names) lock that address, not another one.
    for (let i = 0; i < 20; i++) {
      await send(app, 'POST', '/api/auth/login', { userName: `nobody${i}`, password: 'x' }, { 'x-forwarded-for': '203.0.113.7' });
    }
    const blocked = await send(
      app,
      'POST',
      '/api/auth/login',
      { userName: 'member', password: PASSWORD },
      { 'x-forwarded-for': '203.0.113.7' },
    );
    expect(blocked.status).toBe(429);
    const other = await send(
      app,
      'POST',
      '/api/auth/login',
      { userName: 'member', password: PASSWORD },
      { 'x-forwarded-for': '198.51.100.1' },
    );
    expect(other.status).toBe(200);
  });

  it('an attacker failing from other addresses cannot lock the owner out', async () => {
    const { app } = await createInstalledSite({ TRUST_PROXY: 'true' });
    const from = (ip: string, password: string) =>
      send(app, 'POST', '/api/auth/login', { userName: 'owner', password }, { 'x-forwarded-for': ip });
    // One address exhausts its own tries for the name...
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.66', `guess-${i}`)).status).toBe(401);
    expect((await from('203.0.113.66', PASSWORD)).status).toBe(429);
    // ...and many more addresses fail too, each one within its own limits.
    for (let i = 0; i < 30; i++) expect((await from(`198.51.100.${i}`, `guess-${i}`)).status).toBe(401);
    // The owner, from an address with no failures, signs in with the right password at once.
    const started = Date.now();
    const owner = await from('192.0.2.10', PASSWORD);
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('still refuses a brute force from one address with 429, in the asked language', async () => {
    const { app } = await createInstalledSite({ TRUST_PROXY: 'true' });
    const headers = { 'x-forwarded-for': '203.0.113.5' };
    for (let i = 0; i < 5; i++) {
      expect((await send(app, 'POST', '/api/auth/login', { userName: 'owner', password: `guess-${i}` }, headers)).status).toBe(
        401,
      );
    }
    const refused = await send(app, 'POST', '/api/auth/login', { userName: 'owner', password: PASSWORD }, headers);
    expect(refused.status).toBe(429);
    const body = await json(refused);
    expect(body).toMatchObject({ statusCode: 429, message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(body.data.retryAfterSeconds).toBeGreaterThan(14 * 60);
    const persian = await send(
      app,
      'POST',
      '/api/auth/login',
      { userName: 'owner', password: PASSWORD },
      { ...headers, 'x-locale': 'fa' },
    );
    expect((await json(persian)).message).toMatch(/^تلاش‌ها بیش از حد بود/);
  });

  it('refuses a disabled user with the same generic message', async () => {
    const { app, cookies, ids } = await createInstalledSite();
    expect((await send(app, 'POST', `/api/users/${ids.member}/disable`, undefined, { cookie: cookies.owner })).status).toBe(200);
    expect((await send(app, 'POST', '/api/auth/login', { userName: 'member', password: PASSWORD })).status).toBe(401);
    // Disabling also ended the member's existing session.
    expect((await json(await send(app, 'GET', '/api/_auth/session', undefined, { cookie: cookies.member }))).loggedIn).toBe(
      false,
    );
  });
});

describe('sessions and profile', () => {
  it('logout revokes the session on the server: the old cookie stops working', async () => {
    const { app } = await createInstalledSite();
    const cookie = cookieOf(await send(app, 'POST', '/api/auth/login', { userName: 'editor', password: PASSWORD }));
    expect((await send(app, 'GET', '/api/profile', undefined, { cookie })).status).toBe(200);
    await send(app, 'DELETE', '/api/_auth/session', undefined, { cookie });
    expect((await send(app, 'GET', '/api/profile', undefined, { cookie })).status).toBe(401);
  });

  it('password change needs the current password and ends the other sessions', async () => {
    const { app } = await createInstalledSite();
    const here = cookieOf(await send(app, 'POST', '/api/auth/login', { userName: 'member', password: PASSWORD }));
    const elsewhere = cookieOf(await send(app, 'POST', '/api/auth/login', { userName: 'member', password: PASSWORD }));
    const wrong = await send(
      app,
      'POST',
      '/api/profile/password',
      { currentPassword: 'nope', password: 'new-pass-1', confirmPassword: 'new-pass-1' },
      { cookie: here },
    );
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).data.issues[0].path).toEqual(['currentPassword']);
    const mismatch = await send(
      app,
      'POST',
      '/api/profile/password',
      { currentPassword: PASSWORD, password: 'new-pass-1', confirmPassword: 'new-pass-2' },
      { cookie: here },
    );
    expect((await json(mismatch)).data.issues[0]).toMatchObject({ path: ['confirmPassword'], message: 'Passwords do not match' });
    const ok = await send(
      app,
      'POST',
      '/api/profile/password',
      { currentPassword: PASSWORD, password: 'new-pass-1', confirmPassword: 'new-pass-1' },
      { cookie: here },
    );
    expect(ok.status).toBe(200);
    expect((await send(app, 'GET', '/api/profile', undefined, { cookie: here })).status).toBe(200);
    expect((await send(app, 'GET', '/api/profile', undefined, { cookie: elsewhere })).status).toBe(401);
    expect((await send(app, 'POST', '/api/auth/login', { userName: 'member', password: 'new-pass-1' })).status).toBe(200);
  });

  it('updates the profile and lists and revokes devices', async () => {
    const { app } = await createInstalledSite();
    const cookie = cookieOf(
      await send(
        app,
        'POST',
        '/api/auth/login',
        { userName: 'member', password: PASSWORD, pub: 'c'.repeat(64), deviceName: 'Clever Fox' },
        { 'user-agent': 'Firefox test' },
      ),
    );
    const updated = await json(
      await send(app, 'PATCH', '/api/profile', { firstName: 'Mina', lastName: 'Sadeghi', about: 'New about' }, { cookie }),
    );
    expect(updated.user).toMatchObject({ displayName: 'Mina Sadeghi', about: 'New about' });
    const profile = await json(await send(app, 'GET', '/api/profile', undefined, { cookie }));
    expect(profile.devices).toEqual([expect.objectContaining({ userAgent: 'Firefox test', name: 'Clever Fox' })]);
    expect(profile.comments).toEqual([]);
    const revoked = await send(app, 'DELETE', `/api/profile/devices/${profile.devices[0].id}`, undefined, { cookie });
    expect(revoked.status).toBe(200);
    // That device's session was the one in use.
    expect((await send(app, 'GET', '/api/profile', undefined, { cookie })).status).toBe(401);
  });
});

describe('users and roles administration', () => {
  it('member gets 403 on the users list, owner 200 with pagination and search', async () => {
    const { app, cookies } = await createInstalledSite();
    expect((await send(app, 'GET', '/api/users', undefined, { cookie: cookies.member })).status).toBe(403);
    const list = await json(await send(app, 'GET', '/api/users?pageSize=2', undefined, { cookie: cookies.owner }));
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(list.items).toHaveLength(2);
    const found = await json(await send(app, 'GET', '/api/users?query=edit', undefined, { cookie: cookies.owner }));
    expect(found.items.map((u: { username: string }) => u.username)).toEqual(['editor']);
  });

  it('keeps at least one owner and keeps the owner role whole', async () => {
    const { app, cookies, ids } = await createInstalledSite();
    const demote = await send(app, 'PUT', `/api/users/${ids.owner}/roles`, { roles: ['editor'] }, { cookie: cookies.owner });
    expect(demote.status).toBe(409);
    // Nobody disables their own account (400), the last owner included.
    expect((await send(app, 'POST', `/api/users/${ids.owner}/disable`, undefined, { cookie: cookies.owner })).status).toBe(400);
    expect((await send(app, 'DELETE', '/api/roles/owner', undefined, { cookie: cookies.owner })).status).toBe(409);
    expect(
      (await send(app, 'PATCH', '/api/roles/owner', { permissions: ['dashboard.read'] }, { cookie: cookies.owner })).status,
    ).toBe(409);
    // With a second owner, the first may step down.
    expect(
      (await send(app, 'PUT', `/api/users/${ids.editor}/roles`, { roles: ['owner'] }, { cookie: cookies.owner })).status,
    ).toBe(200);
    expect(
      (await send(app, 'PUT', `/api/users/${ids.owner}/roles`, { roles: ['editor'] }, { cookie: cookies.owner })).status,
    ).toBe(200);
  });

  it('creates, edits and deletes roles; unknown permissions are refused', async () => {
    const { app, cookies } = await createInstalledSite();
    const created = await send(
      app,
      'POST',
      '/api/roles',
      { name: 'moderator', permissions: ['comments.edit', 'dashboard.read'] },
      { cookie: cookies.owner },
    );
    expect(created.status).toBe(201);
    expect(
      (await send(app, 'POST', '/api/roles', { name: 'moderator', permissions: [] }, { cookie: cookies.owner })).status,
    ).toBe(409);
    expect(
      (await send(app, 'POST', '/api/roles', { name: 'weird', permissions: ['fly.away'] }, { cookie: cookies.owner })).status,
    ).toBe(400);
    const edited = await json(
      await send(app, 'PATCH', '/api/roles/moderator', { permissions: ['comments.edit'] }, { cookie: cookies.owner }),
    );
    expect(edited.permissions).toEqual(['comments.edit']);
    expect((await send(app, 'DELETE', '/api/roles/moderator', undefined, { cookie: cookies.owner })).status).toBe(200);
  });
});

describe('request safety', () => {
  it('refuses a cross-origin POST with 403', async () => {
    const { app } = await createInstalledSite();
    const response = await send(
      app,
      'POST',
      '/api/auth/login',
      { userName: 'member', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    const fetchSite = await send(app, 'POST', '/api/auth/register', newcomer, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.status).toBe(403);
  });
});

describe('CAPTCHA', () => {
  let verifier: Server;
  let verifyUrl = '';
  const seen: string[] = [];
  beforeAll(async () => {
    // A local stand-in speaking Turnstile's siteverify protocol: form body, JSON { success }.
    verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form.get('secret') ?? '');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: form.get('response') === 'good-token' }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const address = verifier.address();
    verifyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => verifier.close(() => resolve())));

  it('is verified on the server when configured', async () => {
    const { app } = await createInstalledSite({
      TURNSTILE_SITE_KEY: 'site',
      TURNSTILE_SECRET_KEY: 'secret-key',
      TURNSTILE_VERIFY_URL: verifyUrl,
    });
    expect((await send(app, 'POST', '/api/auth/register', newcomer)).status).toBe(400);
    const bad = await send(app, 'POST', '/api/auth/register', { ...newcomer, turnstileToken: 'bad-token' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe('The CAPTCHA check failed. Please try again.');
    expect((await send(app, 'POST', '/api/auth/register', { ...newcomer, turnstileToken: 'good-token' })).status).toBe(201);
    expect(
      (
        await send(app, 'POST', '/api/auth/login', {
          userName: 'nima',
          password: newcomer.password,
          turnstileToken: 'good-token',
        })
      ).status,
    ).toBe(200);
    expect(seen).toContain('secret-key');
  });
});

describe('notification choices', () => {
  it('keeps the weekly digest the owners’ alone: a member’s choice of it changes nothing (F-53)', async () => {
    const site = await createInstalledSite();
    const put = (cookie: string) =>
      site.app.request('/api/profile/notifications', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ replies: true, moderation: false, digest: true }),
      });
    const digestOf = async (id: string) =>
      (await site.deps.db.all<{ d: number }>(sql`SELECT notify_digest AS d FROM users WHERE id = ${id}`))[0]?.d;
    expect((await put(site.cookies.member)).status).toBe(200);
    expect(await digestOf(site.ids.member)).toBe(0);
    expect((await json(await put(site.cookies.owner))).user.notifications).toMatchObject({ digest: true });
    expect(await digestOf(site.ids.owner)).toBe(1);
  });
});
