import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { json } from '../../tests/support/config';
import { createTestDeps, TEST_SETUP_TOKEN } from '../../tests/support/deps';
import { createApp } from '../app';
import { createUser } from '../services/users';
import { handleError } from './errors';
import { type AuthEnv, authorize } from './guards';
import { routeAccess } from './route-access';

const owner = {
  firstName: 'Shirin',
  lastName: 'Ahmadi',
  about: 'Runs this notebook',
  userName: 'shirin',
  password: 'correct horse',
  pub: 'a'.repeat(64),
};

function post(
  app: ReturnType<typeof createApp>,
  path: string,
  body?: unknown,
  token: string | null = TEST_SETUP_TOKEN,
  headers: Record<string, string> = {},
) {
  return app.request(`/api/install/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-setup-token': token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function send(app: ReturnType<typeof createApp>, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function status(app: ReturnType<typeof createApp>) {
  return json(await app.request('/api/install/status'));
}

describe('installer API', () => {
  it('walks a fresh site from nothing to an owner who is signed in', async () => {
    const { deps, setupToken } = await createTestDeps();
    const app = createApp(deps);
    expect(await status(app)).toMatchObject({
      installed: false,
      dbConnected: true,
      dbMigrated: false,
      dbLoaded: false,
      adminLoaded: false,
    });

    const connection = await app.request('/api/install/database-connections');
    expect(connection.status).toBe(200);
    expect(await json(connection)).toMatchObject({ connected: true, driver: 'libSQL (SQLite)' });

    expect((await post(app, 'migrations-run')).status).toBe(200);
    expect(await status(app)).toMatchObject({ dbMigrated: true, dbLoaded: false });
    expect((await post(app, 'database-loading')).status).toBe(200);
    expect(await status(app)).toMatchObject({ dbLoaded: true, adminLoaded: false, installed: false });

    const created = await post(app, 'admin-loading', owner);
    expect(created.status).toBe(200);
    const cookie = created.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/daftar_session=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Installed: the installer's own status is closed too; the page reads the state itself.
    expect((await app.request('/api/install/status')).status).toBe(403);
    expect(setupToken.current()).toBeUndefined();

    const session = await app.request('/api/_auth/session', { headers: { cookie: cookie.split(';')[0] ?? '' } });
    const body = await json(session);
    expect(body.loggedIn).toBe(true);
    expect(body.user).toMatchObject({ username: 'shirin', displayName: 'Shirin Ahmadi', roles: ['owner'] });
    expect(body.user.permissions).toEqual(
      expect.arrayContaining(['dashboard.read', 'builds.read', 'comments.edit', 'users.edit']),
    );

    const device = await deps.db.all<{ pubkey: string }>(sql`SELECT pubkey FROM devices`);
    expect(device).toEqual([{ pubkey: owner.pub }]);
    const stored = await deps.db.all<{ password_hash: string }>(sql`SELECT password_hash FROM users`);
    expect(stored[0]?.password_hash).toMatch(/^pbkdf2-sha256-r100k\$\d+\$/);
    expect(stored[0]?.password_hash).not.toContain(owner.password);
  });

  it('refuses every mutation without the right setup token and changes nothing', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    for (const token of [null, 'wrong-token-wrong-token']) {
      const response = await post(app, 'migrations-run', undefined, token);
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ statusCode: 401, message: 'The setup token is missing or wrong' });
    }
    expect(await status(app)).toMatchObject({ dbMigrated: false });
    expect((await post(app, 'database-loading', undefined, null)).status).toBe(401);
    expect((await post(app, 'admin-loading', owner, null)).status).toBe(401);
  });

  it('counts wrong setup tokens per address once migrated: 429 after 10, the right token still works elsewhere (F-36)', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    expect((await post(app, 'migrations-run')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await post(app, 'verify-token', undefined, `wrong-${i}`)).status).toBe(401);
    const refused = await post(app, 'verify-token', undefined, 'wrong-again');
    expect(refused.status).toBe(429);
    expect(((await json(refused)) as { message: string }).message).toMatch(/^Too many attempts/);
    // Even the right token waits from that address: guessing cannot go on by luck.
    expect((await post(app, 'verify-token')).status).toBe(429);
    // The count lives in the database: a second app (another process) on it refuses as well.
    expect((await post(createApp(deps), 'verify-token', undefined, 'wrong')).status).toBe(429);
  });

  it('judges exactly 10 of 40 parallel wrong setup tokens from one address (F-44)', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    expect((await post(app, 'migrations-run')).status).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i % 2 ? app : createApp(deps), 'verify-token', undefined, `wrong-${i}`)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it('never changes state on GET', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    expect((await app.request('/api/install/migrations-run')).status).toBe(404);
    expect(await status(app)).toMatchObject({ dbMigrated: false });
  });

  it('runs migrations and default data twice without failing or duplicating', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    for (let round = 0; round < 2; round++) {
      expect((await post(app, 'migrations-run')).status).toBe(200);
      expect((await post(app, 'database-loading')).status).toBe(200);
    }
    const roles = await deps.db.all<{ id: string }>(sql`SELECT id FROM roles ORDER BY id`);
    expect(roles.map((r) => r.id)).toEqual(['editor', 'member', 'owner']);
    const commits = await deps.contentRepository?.head();
    expect(commits).toMatch(/^[0-9a-f]{40}$/);
    const files = await deps.contentRepository?.listFiles('content');
    expect(files).toEqual(expect.arrayContaining(['content/fa/index.md', 'content/en/index.md', 'content/en/about.md']));
  });

  it('insists on the order: migrations, then defaults, then the admin', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    const early = await post(app, 'database-loading');
    expect(early.status).toBe(409);
    expect((await json(early)).message).toBe('Run the database migrations first');
    await post(app, 'migrations-run');
    expect((await post(app, 'admin-loading', owner)).status).toBe(409);
  });

  it('validates the admin with field paths and the spec messages, in the asked language', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    await post(app, 'migrations-run');
    await post(app, 'database-loading');
    const bad = await post(app, 'admin-loading', { firstName: 'S', lastName: ' ', about: 'x', userName: 'ab', password: '123' });
    expect(bad.status).toBe(400);
    const body = await json(bad);
    expect(body.statusCode).toBe(400);
    const byField = Object.fromEntries(
      body.data.issues.map((i: { path: string[]; message: string }) => [i.path.join('.'), i.message]),
    );
    expect(byField).toEqual({
      firstName: 'Must be at least 2 characters',
      lastName: 'Required',
      userName: 'Must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    const persian = await post(app, 'admin-loading', { ...owner, password: '1' }, TEST_SETUP_TOKEN, { 'x-locale': 'fa' });
    expect((await json(persian)).data.issues[0].message).toBe('گذرواژه باید دست‌کم ۶ نویسه باشد');
    const missing = await post(app, 'admin-loading', {});
    expect((await json(missing)).data.issues[0].message).toBe('Required');
    const notJson = await app.request('/api/install/admin-loading', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-setup-token': TEST_SETUP_TOKEN },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
    expect(await status(app)).toMatchObject({ adminLoaded: false });
  });

  it('takes a two-letter last name («لو») and no "about" (issue 30, D9)', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    await post(app, 'migrations-run');
    await post(app, 'database-loading');
    const { about: _about, ...withoutAbout } = owner;
    const created = await post(app, 'admin-loading', { ...withoutAbout, firstName: 'شیرین', lastName: 'لو' });
    expect(created.status).toBe(200);
    const row = await deps.db.all<{ last_name: string; about: string }>(sql`SELECT last_name, about FROM users`);
    expect(row[0]).toMatchObject({ last_name: 'لو', about: '' });
  });

  it('answers a user name already taken before install with 409, not 500', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    await post(app, 'migrations-run');
    await post(app, 'database-loading');
    // An account left from before registration was closed during the install window.
    await createUser(deps.db, { ...owner, userName: 'Shirin' }, ['member'], deps.passwordIterations);
    const taken = await post(app, 'admin-loading', owner);
    expect(taken.status).toBe(409);
    expect((await json(taken)).data.issues[0]).toMatchObject({ path: ['userName'], message: 'This user name is already taken' });
    expect((await post(app, 'admin-loading', { ...owner, userName: 'shirin2' })).status).toBe(200);
  });

  it('refuses a weak owner password with a clear message on the password field', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    await post(app, 'migrations-run');
    await post(app, 'database-loading');
    for (const password of ['password', '123456', 'qwerty123', 'shirin123']) {
      const response = await post(app, 'admin-loading', { ...owner, password });
      expect(response.status).toBe(400);
      expect((await json(response)).data.issues).toEqual([
        expect.objectContaining({
          path: ['password'],
          message: 'This password is too easy to guess. Try a longer phrase of unrelated words.',
        }),
      ]);
    }
    expect(await status(app)).toMatchObject({ adminLoaded: false, installed: false });
    expect((await post(app, 'admin-loading', owner)).status).toBe(200);
  });

  it('is closed for good once installed: 403 for every mutation, token gone', async () => {
    const { deps, setupToken } = await createTestDeps();
    const app = createApp(deps);
    await post(app, 'migrations-run');
    await post(app, 'database-loading');
    await post(app, 'admin-loading', owner);
    // Even someone holding the old token is refused.
    await setupToken.clear();
    for (const path of ['migrations-run', 'database-loading', 'admin-loading']) {
      const response = await post(app, path, { ...owner, userName: 'intruder' });
      expect(response.status).toBe(403);
      expect((await json(response)).message).toBe('Application is already installed');
    }
    // A restart (a new app over the same database) is still installed.
    const restarted = createApp({ ...deps });
    expect((await post(restarted, 'migrations-run')).status).toBe(403);
    // The read-only steps are closed as well, with the same message, in either language.
    for (const path of ['status', 'database-connections']) {
      const response = await restarted.request(`/api/install/${path}`);
      expect(response.status).toBe(403);
      expect(await json(response)).toEqual({ statusCode: 403, message: 'Application is already installed' });
      const persian = await restarted.request(`/api/install/${path}`, { headers: { 'x-locale': 'fa' } });
      expect((await json(persian)).message).toBe('برنامه پیش‌تر نصب شده است');
    }
    expect((await restarted.request('/api/install/status', { method: 'HEAD' })).status).toBe(403);
  });

  it('creates exactly one owner when admin-loading calls race', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    await post(app, 'migrations-run');
    await post(app, 'database-loading');
    const responses = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => post(app, 'admin-loading', { ...owner, userName: `owner${i}` })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200)).toEqual([403, 403, 403, 403]);
    const owners = await deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM user_roles WHERE role_id = 'owner'`);
    const users = await deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM users`);
    expect([owners[0]?.n, users[0]?.n]).toEqual([1, 1]);
  });

  it('answers a fresh, unmigrated database with a clear 409, never a 500', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    const admin = await post(app, 'admin-loading', owner);
    expect(admin.status).toBe(409);
    expect(await json(admin)).toEqual({ statusCode: 409, message: 'Run the database migrations first' });
    const register = await send(app, '/api/auth/register', { ...owner, userName: 'early' });
    expect(register.status).toBe(409);
    expect(await json(register)).toEqual({ statusCode: 409, message: 'The site is not installed yet' });
    const login = await send(app, '/api/auth/login', { userName: 'shirin', password: owner.password }, { 'x-locale': 'fa' });
    expect(login.status).toBe(409);
    expect(await json(login)).toEqual({ statusCode: 409, message: 'سایت هنوز نصب نشده است' });
  });

  it('keeps registration closed during the install window, until the owner exists', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    await post(app, 'migrations-run');
    await post(app, 'database-loading');
    const early = await send(app, '/api/auth/register', { ...owner, userName: 'squatter', password: 'Tabriz-lantern-1404' });
    expect(early.status).toBe(409);
    expect((await json(early)).message).toBe('The site is not installed yet');
    expect((await post(app, 'admin-loading', owner)).status).toBe(200);
    const after = await send(app, '/api/auth/register', { ...owner, userName: 'reader', password: 'Tabriz-lantern-1404' });
    expect(after.status).toBe(201);
  });

  it('refuses cross-origin browser requests', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    const response = await post(app, 'migrations-run', undefined, TEST_SETUP_TOKEN, { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await status(app)).toMatchObject({ dbMigrated: false });
  });
});

describe('the setup access rule', () => {
  it('is enforced by authorize for any non-GET installer route, not only POST', async () => {
    const { deps } = await createTestDeps();
    // A hypothetical DELETE step with the `setup` rule, behind the real middleware chain.
    routeAccess['DELETE /api/install/probe'] = 'setup';
    try {
      const api = new Hono<AuthEnv>();
      api.onError(handleError);
      api.use('*', authorize(deps));
      api.delete('/api/install/probe', (c) => c.json({ reached: true }));
      const call = (headers: Record<string, string> = {}) => api.request('/api/install/probe', { method: 'DELETE', headers });
      const missing = await call();
      expect(missing.status).toBe(401);
      expect(await json(missing)).toEqual({ statusCode: 401, message: 'The setup token is missing or wrong' });
      expect((await call({ 'x-setup-token': 'wrong-token-wrong-token' })).status).toBe(401);
      const allowed = await call({ 'x-setup-token': TEST_SETUP_TOKEN });
      expect(await json(allowed)).toEqual({ reached: true });
      // Once installed it is closed, token or not.
      const app = createApp(deps);
      await post(app, 'migrations-run');
      await post(app, 'database-loading');
      await post(app, 'admin-loading', owner);
      expect((await call({ 'x-setup-token': TEST_SETUP_TOKEN })).status).toBe(403);
    } finally {
      delete routeAccess['DELETE /api/install/probe'];
    }
  });
});

describe('session API', () => {
  it('says logged out without a cookie, and logout revokes the session on the server', async () => {
    const { deps } = await createTestDeps();
    const app = createApp(deps);
    expect(await json(await app.request('/api/_auth/session'))).toEqual({ loggedIn: false, user: null });
    await post(app, 'migrations-run');
    await post(app, 'database-loading');
    const cookie = ((await post(app, 'admin-loading', owner)).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const out = await app.request('/api/_auth/session', { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await json(await app.request('/api/_auth/session', { headers: { cookie } }))).toEqual({
      loggedIn: false,
      user: null,
    });
    const rows = await deps.db.all(sql`SELECT id FROM sessions`);
    expect(rows).toEqual([]);
  });
});
