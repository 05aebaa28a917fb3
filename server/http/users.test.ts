import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json } from '../../tests/support/config';
import { expectPrototypeKeysIgnored, expectRefusedQueries, refusedPageQueries } from '../../tests/support/query';
import { createInstalledSite, type InstalledSite, loginAs, PASSWORD } from '../../tests/support/site';
import { allPermissions } from '../auth/permissions';
import { sha256Hex } from '../auth/tokens';
import { builds, passkeys, passwordResets, recoveryCodes, roles, sessions, totpFactors, userRoles, users } from '../db/schema';
import { createRole } from '../services/roles';
import { batchKeepingAnOwner, createUser, setUserRoles } from '../services/users';

const STRONG = 'violet harbour lantern 42';

/** Calls the API as a cookie (or anonymously), in a language. */
function as(site: InstalledSite, cookie: string | undefined, locale = 'en') {
  const call = (method: string, path: string, body?: unknown) =>
    site.app.request(path, {
      method,
      headers: {
        'x-locale': locale,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body ?? {}),
    put: (path: string, body: unknown) => call('PUT', path, body),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    delete: (path: string) => call('DELETE', path),
  };
}

const owner = { id: 'test-owner', roles: ['owner'], permissions: [] };

/** A site plus a delegated administrator holding only `permissions` (through a role of that name). */
async function siteWithAdmin(permissions: string[], roleName = 'delegate') {
  const site = await createInstalledSite();
  await createRole(site.deps.db, owner, { name: roleName, permissions });
  const adminId = await createUser(
    site.deps.db,
    { userName: 'admin', firstName: 'Dele', lastName: 'Gate', about: '', password: PASSWORD },
    [roleName],
    site.deps.passwordIterations,
  );
  return { site, adminId, admin: as(site, await loginAs(site.deps, adminId)), ownerApi: as(site, site.cookies.owner) };
}

const rolesOf = async (site: InstalledSite, userId: string) =>
  (await site.deps.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId).sort();

describe('users API: list, create, roles', () => {
  it('lists users with roles and status, searches and paginates on the server, filters by role', async () => {
    const site = await createInstalledSite();
    const api = as(site, site.cookies.owner);
    const all = await json(await api.get('/api/users'));
    expect(all.total).toBe(3);
    expect(all.items.map((u: { username: string; roles: string[] }) => [u.username, u.roles])).toEqual([
      ['owner', ['owner']],
      ['editor', ['editor']],
      ['member', ['member']],
    ]);
    expect(all.items[0]).toMatchObject({ disabledAt: null, displayName: 'Test Person' });
    const paged = await json(await api.get('/api/users?pageSize=2&page=2'));
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((u: { username: string }) => u.username)).toEqual(['member']);
    expect((await json(await api.get('/api/users?query=EDIT'))).items).toHaveLength(1);
    expect((await json(await api.get('/api/users?role=editor'))).items.map((u: { username: string }) => u.username)).toEqual([
      'editor',
    ]);
    for (const bad of ['page=0', 'pageSize=101', `query=${'x'.repeat(65)}`, 'page=abc'])
      expect((await api.get(`/api/users?${bad}`)).status, bad).toBe(400);
  });

  it('refuses a hostile list query with a 400 naming the field, in both languages', async () => {
    const site = await createInstalledSite();
    const ask = (query: string, headers: Record<string, string> = {}) =>
      site.app.request(`/api/users?${query}`, { headers: { cookie: site.cookies.owner, 'x-locale': 'en', ...headers } });
    await expectRefusedQueries(ask, [
      ...refusedPageQueries(),
      ['pageSize=0', 'pageSize'],
      ['pageSize=101', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
      ['pageSize=10&pageSize=20', 'pageSize'],
      [`query=${'x'.repeat(65)}`, 'query'],
      ['query=a&query=b', 'query'],
      [`role=${'r'.repeat(65)}`, 'role'],
      ['role=%20', 'role'],
      ['role=editor&role=owner', 'role'],
    ]);
    await expectPrototypeKeysIgnored(ask);
    // Valid input answers as before; an empty filter is absent.
    expect(await json(await ask('role=&query=&pageSize=100&page=1'))).toMatchObject({ total: 3, pageSize: 100 });
    expect((await json(await ask('role=__proto__'))).total).toBe(0);
  });

  it('creates a user with roles; validation, weak passwords, taken names and unknown roles are refused', async () => {
    const site = await createInstalledSite();
    const api = as(site, site.cookies.owner);
    const person = { firstName: 'Sara', lastName: 'Karimi', userName: 'sara', password: STRONG, roles: ['editor'] };
    const created = await api.post('/api/users', person);
    expect(created.status).toBe(201);
    const { id } = await json(created);
    expect(await rolesOf(site, id)).toEqual(['editor']);
    expect((await api.post('/api/users', { ...person, userName: 'SARA' })).status).toBe(409);
    expect((await api.post('/api/users', { ...person, userName: 'x2', roles: ['ghost'] })).status).toBe(400);
    const weak = await json(await api.post('/api/users', { ...person, userName: 'weak', password: 'password' }));
    expect(weak.data.issues[0].path).toEqual(['password']);
    // A Persian name is a name now (issue 25); a mixed-script one and a bidi override are not.
    expect((await api.post('/api/users', { ...person, userName: 'نام_مجاز' })).status).toBe(201);
    for (const userName of ['a', 'with space', '<script>', 'نامmixed', 'x\u202ey', 'x'.repeat(33)]) {
      const refused = await api.post('/api/users', { ...person, userName });
      expect(refused.status, userName).toBe(400);
    }
    const persian = await json(await as(site, site.cookies.owner, 'fa').post('/api/users', { ...person, userName: 'sara' }));
    expect(persian.message).toBe('این نام کاربری پیش‌تر گرفته شده است');
  });

  it('replaces roles; the last active owner keeps the owner role', async () => {
    const site = await createInstalledSite();
    const api = as(site, site.cookies.owner);
    expect((await api.put(`/api/users/${site.ids.member}/roles`, { roles: ['member', 'editor'] })).status).toBe(200);
    expect(await rolesOf(site, site.ids.member)).toEqual(['editor', 'member']);
    const last = await api.put(`/api/users/${site.ids.owner}/roles`, { roles: ['editor'] });
    expect(last.status).toBe(409);
    expect((await json(last)).message).toBe('The site must keep at least one active owner');
    expect((await api.put('/api/users/nobody/roles', { roles: [] })).status).toBe(404);
  });
});

describe('no self-escalation (F-07)', () => {
  it('a users.edit-only administrator cannot make anyone (themselves included) owner or editor', async () => {
    const { site, adminId, admin } = await siteWithAdmin(['users.read', 'users.edit', 'users.create']);
    const self = await admin.put(`/api/users/${adminId}/roles`, { roles: ['owner'] });
    expect(self.status).toBe(403);
    expect((await json(self)).message).toBe('Only an owner can give or take away the owner role');
    expect((await admin.put(`/api/users/${site.ids.member}/roles`, { roles: ['editor'] })).status).toBe(403);
    const editor = await admin.put(`/api/users/${adminId}/roles`, { roles: ['editor'] });
    expect(editor.status).toBe(403);
    expect((await json(editor)).message).toMatch(/^You cannot grant permissions you do not hold yourself: builds\.create, /);
    expect((await admin.put(`/api/users/${site.ids.member}/roles`, { roles: ['member', 'owner'] })).status).toBe(403);
    expect(await rolesOf(site, adminId)).toEqual(['delegate']);
    expect(await rolesOf(site, site.ids.member)).toEqual(['member']);
    // Creating an account with a stronger role is the same grant.
    const person = { firstName: 'New', lastName: 'Owner', userName: 'newowner', password: STRONG, roles: ['owner'] };
    expect((await admin.post('/api/users', person)).status).toBe(403);
    // What they hold they may give: the member role (comments.create) is not theirs either.
    expect((await admin.post('/api/users', { ...person, roles: ['delegate'] })).status).toBe(201);
    expect((await admin.post('/api/users', { ...person, userName: 'plain', roles: [] })).status).toBe(201);
  });

  it('cannot act on an account stronger than themselves: roles, disable, delete, reset link', async () => {
    const { site, admin } = await siteWithAdmin(['users.read', 'users.edit', 'users.delete']);
    const target = site.ids.owner;
    expect((await admin.put(`/api/users/${target}/roles`, { roles: [] })).status).toBe(403);
    expect((await admin.post(`/api/users/${target}/disable`)).status).toBe(403);
    expect((await admin.delete(`/api/users/${target}`)).status).toBe(403);
    const reset = await admin.post(`/api/users/${target}/password-reset`);
    expect(reset.status).toBe(403);
    expect((await json(reset)).message).toBe(
      "Only an owner can change, disable, delete or reset the password of an owner's account",
    );
    const stronger = await admin.post(`/api/users/${site.ids.editor}/password-reset`);
    expect(stronger.status).toBe(403);
    expect((await json(stronger)).message).toBe('This account has permissions you do not hold, so you cannot change it');
    expect(await site.deps.db.select().from(passwordResets)).toEqual([]);
  });

  it('a roles.edit-only administrator cannot widen any role, their own included, nor create one beyond themselves', async () => {
    const { site, admin, adminId } = await siteWithAdmin(['roles.read', 'roles.edit', 'roles.create', 'roles.delete']);
    const own = await admin.patch('/api/roles/delegate', { permissions: ['roles.read', 'roles.edit', 'users.edit'] });
    expect(own.status).toBe(403);
    expect((await json(own)).data.missing).toEqual(['users.edit']);
    expect((await admin.patch('/api/roles/member', { permissions: ['comments.create', 'settings.edit'] })).status).toBe(403);
    expect((await admin.post('/api/roles', { name: 'sneaky', permissions: ['roles.read', 'builds.create'] })).status).toBe(403);
    // Changing or deleting a role that grants more than they hold is refused too (it would demote its holders).
    expect((await admin.patch('/api/roles/editor', { description: 'renamed' })).status).toBe(403);
    expect((await admin.delete('/api/roles/editor')).status).toBe(403);
    const [delegate] = await site.deps.db.select().from(roles).where(eq(roles.id, 'delegate'));
    expect(delegate?.permissions).toEqual(['roles.create', 'roles.delete', 'roles.edit', 'roles.read']);
    const persian = await as(site, await loginAs(site.deps, adminId), 'fa').post('/api/roles', {
      name: 'sneaky',
      permissions: ['settings.edit'],
    });
    expect((await json(persian)).message).toMatch(/^نمی‌توانید اجازه‌ای را بدهید که خودتان ندارید: /);
    // Within what they hold, they may.
    expect((await admin.post('/api/roles', { name: 'viewer', permissions: ['roles.read'] })).status).toBe(201);
    expect((await admin.patch('/api/roles/delegate', { permissions: ['roles.read', 'roles.edit'] })).status).toBe(200);
  });
});

describe('roles API', () => {
  it('lists roles with their holders; the owner role is locked; a role in use is not deleted', async () => {
    const site = await createInstalledSite();
    const api = as(site, site.cookies.owner);
    const list = (await json(await api.get('/api/roles'))).items;
    expect(list.map((r: { id: string; users: number }) => [r.id, r.users])).toEqual([
      ['editor', 1],
      ['member', 1],
      ['owner', 1],
    ]);
    expect((await api.patch('/api/roles/owner', { description: 'mine' })).status).toBe(409);
    expect((await api.delete('/api/roles/owner')).status).toBe(409);
    expect((await api.delete('/api/roles/member')).status).toBe(409);
    const inUse = await api.delete('/api/roles/editor');
    expect(inUse.status).toBe(409);
    expect(await json(inUse)).toMatchObject({
      message: 'Users holding this role: 1. Give them another role first',
      data: { users: 1 },
    });
    expect((await json(await as(site, site.cookies.owner, 'fa').delete('/api/roles/editor'))).message).toBe(
      '۱ کاربر این نقش را دارند؛ نخست نقش دیگری به آن‌ها بدهید',
    );
    const created = await api.post('/api/roles', {
      name: 'writer',
      description: 'Writes',
      permissions: ['commits.create', 'dashboard.read'],
    });
    expect(created.status).toBe(201);
    expect((await api.post('/api/roles', { name: 'writer', permissions: [] })).status).toBe(409);
    for (const name of ['ab', 'Has Caps', '../x', 'نقش', 'x'.repeat(33)])
      expect((await api.post('/api/roles', { name, permissions: [] })).status, name).toBe(400);
    expect((await api.post('/api/roles', { name: 'bad', permissions: ['everything'] })).status).toBe(400);
    expect((await api.delete('/api/roles/writer')).status).toBe(200);
    expect((await api.delete('/api/roles/writer')).status).toBe(404);
  });
});

describe('disable, enable and delete', () => {
  it('disabling signs the user out at once; enabling lets them sign in again', async () => {
    const site = await createInstalledSite();
    const api = as(site, site.cookies.owner);
    const editor = as(site, site.cookies.editor);
    expect((await editor.get('/api/profile')).status).toBe(200);
    expect((await api.post(`/api/users/${site.ids.editor}/disable`)).status).toBe(200);
    expect((await editor.get('/api/profile')).status).toBe(401);
    expect(await site.deps.db.select().from(sessions).where(eq(sessions.userId, site.ids.editor))).toEqual([]);
    const login = () => as(site, undefined).post('/api/auth/login', { userName: 'editor', password: PASSWORD });
    expect((await login()).status).toBe(401);
    expect((await api.post(`/api/users/${site.ids.editor}/enable`)).status).toBe(200);
    expect((await login()).status).toBe(200);
    const self = await api.post(`/api/users/${site.ids.owner}/disable`);
    expect(self.status).toBe(400);
    expect((await json(self)).message).toBe('You cannot disable your own account');
  });

  it('deletes an account: it disappears and cannot sign in, its name stays on what it wrote, its user name is free', async () => {
    const site = await createInstalledSite();
    const api = as(site, site.cookies.owner);
    const [build] = await site.deps.db.insert(builds).values({ status: 'open', createdBy: site.ids.editor }).returning();
    // The editor's second factors (F-56: they outlived the account).
    await site.deps.db.insert(totpFactors).values({ userId: site.ids.editor, secret: 'JBSWY3DPEHPK3PXP', enabledAt: new Date() });
    await site.deps.db
      .insert(recoveryCodes)
      .values({ id: 'code-1', userId: site.ids.editor, codeHash: await sha256Hex('abcd-efgh') });
    await site.deps.db
      .insert(passkeys)
      .values({ id: 'credential-1', userId: site.ids.editor, publicKey: 'pk', counter: 0, name: 'Laptop', transports: [] });
    await site.deps.db.update(users).set({ notifyDigest: true }).where(eq(users.id, site.ids.editor));
    expect((await api.delete(`/api/users/${site.ids.editor}`)).status).toBe(200);
    for (const table of [totpFactors, recoveryCodes, passkeys])
      expect(await site.deps.db.select().from(table).where(eq(table.userId, site.ids.editor))).toEqual([]);
    expect((await json(await api.get('/api/users'))).items.map((u: { username: string }) => u.username)).toEqual([
      'owner',
      'member',
    ]);
    expect((await as(site, site.cookies.editor).get('/api/profile')).status).toBe(401);
    expect((await as(site, undefined).post('/api/auth/login', { userName: 'editor', password: PASSWORD })).status).toBe(401);
    const tombstone = await site.deps.db.select().from(users).where(eq(users.id, site.ids.editor)).get();
    expect(tombstone).toMatchObject({ displayName: 'Test Person', passwordHash: '!', notifyDigest: false });
    expect(tombstone?.deletedAt).toBeInstanceOf(Date);
    const kept = await site.deps.db.select().from(builds).where(eq(builds.id, build!.id)).get();
    expect(kept?.createdBy).toBe(site.ids.editor);
    const again = { firstName: 'New', lastName: 'Editor', userName: 'editor', password: STRONG, roles: [] };
    expect((await api.post('/api/users', again)).status).toBe(201);
    expect((await api.delete(`/api/users/${site.ids.editor}`)).status).toBe(404);
    expect((await api.post(`/api/users/${site.ids.editor}/enable`)).status).toBe(404);
  });

  it('nobody deletes themselves or the last active owner, in either language', async () => {
    const site = await createInstalledSite();
    const self = await as(site, site.cookies.owner).delete(`/api/users/${site.ids.owner}`);
    expect(self.status).toBe(400);
    expect((await json(self)).message).toBe('You cannot delete your own account');
    const fa = await as(site, site.cookies.owner, 'fa').delete(`/api/users/${site.ids.owner}`);
    expect((await json(fa)).message).toBe('نمی‌توانید حساب خودتان را حذف کنید');
    // The last owner cannot step down either (the 409 is reachable only from their own account:
    // nobody but an owner acts on an owner).
    const down = await as(site, site.cookies.owner).put(`/api/users/${site.ids.owner}/roles`, { roles: ['editor'] });
    expect(down.status).toBe(409);
    expect((await json(down)).message).toBe('The site must keep at least one active owner');
    expect(
      (await json(await as(site, site.cookies.owner, 'fa').put(`/api/users/${site.ids.owner}/roles`, { roles: ['editor'] })))
        .message,
    ).toBe('سایت باید دست‌کم یک مالک فعال داشته باشد');
    // Someone holding every permission through another role is not an owner: the owner is out of reach.
    await createRole(site.deps.db, owner, { name: 'super', permissions: [...allPermissions] });
    const superId = await createUser(
      site.deps.db,
      { userName: 'super', firstName: 'Sup', lastName: 'Erman', about: '', password: PASSWORD },
      ['super'],
      site.deps.passwordIterations,
    );
    const superCookie = await loginAs(site.deps, superId);
    expect((await as(site, superCookie).delete(`/api/users/${site.ids.owner}`)).status).toBe(403);
    expect((await as(site, superCookie).post(`/api/users/${site.ids.owner}/disable`)).status).toBe(403);
    // With a second active owner, the first may go; then the second is the last.
    await setUserRoles(site.deps.db, owner, site.ids.member, ['owner']);
    const second = as(site, await loginAs(site.deps, site.ids.member));
    expect((await second.delete(`/api/users/${site.ids.owner}`)).status).toBe(200);
    expect((await second.put(`/api/users/${site.ids.member}/roles`, { roles: ['editor'] })).status).toBe(409);
  });
});

describe('the last owner under concurrent requests', () => {
  it('two owners disabling, demoting or deleting each other at the same moment: one change wins, an active owner remains', async () => {
    for (const attempt of ['disable', 'roles', 'delete'] as const) {
      const site = await createInstalledSite();
      await setUserRoles(site.deps.db, owner, site.ids.member, ['owner']);
      const first = as(site, site.cookies.owner);
      const second = as(site, await loginAs(site.deps, site.ids.member));
      const change = (api: typeof first, id: string) =>
        attempt === 'disable'
          ? api.post(`/api/users/${id}/disable`)
          : attempt === 'roles'
            ? api.put(`/api/users/${id}/roles`, { roles: ['editor'] })
            : api.delete(`/api/users/${id}`);
      const statuses = (await Promise.all([change(first, site.ids.member), change(second, site.ids.owner)])).map((r) => r.status);
      // The loser is refused by the guard statement (409), or, when the winner's change was made
      // before its request was authorised, as signed out (401) or no longer an owner (403); never
      // both changes.
      expect(
        statuses.filter((status) => status === 200),
        attempt,
      ).toHaveLength(1);
      expect(
        statuses.find((status) => status !== 200),
        attempt,
      ).toBeOneOf([409, 401, 403]);
      const owners = await site.deps.db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(and(eq(userRoles.roleId, 'owner'), isNull(users.disabledAt)));
      expect(owners, attempt).toHaveLength(1);
    }
  });
});

describe('the owner guard inside the transaction', () => {
  it('aborts a change that would leave no active owner, even when no pre-check ran', async () => {
    const site = await createInstalledSite();
    const db = site.deps.db;
    await expect(batchKeepingAnOwner(db, [db.delete(userRoles).where(eq(userRoles.roleId, 'owner'))])).rejects.toMatchObject({
      statusCode: 409,
      messageKey: 'api.lastOwner',
    });
    expect(await rolesOf(site, site.ids.owner)).toEqual(['owner']);
    await expect(
      batchKeepingAnOwner(db, [db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, site.ids.owner))]),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await db.select().from(users).where(eq(users.id, site.ids.owner)).get())?.disabledAt).toBeNull();
    // A change that keeps an owner goes through whole.
    await batchKeepingAnOwner(db, [db.delete(userRoles).where(eq(userRoles.userId, site.ids.member))]);
    expect(await rolesOf(site, site.ids.member)).toEqual([]);
  });
});

describe('password reset links', () => {
  async function link(site: InstalledSite, userId = site.ids.editor, locale = 'en') {
    const created = await as(site, site.cookies.owner, locale).post(`/api/users/${userId}/password-reset`);
    expect(created.status).toBe(201);
    const body = await json(created);
    const url = new URL(body.url);
    return { ...body, url, token: url.searchParams.get('token') ?? '' };
  }
  const reset = (site: InstalledSite, token: string, password = STRONG, locale = 'en') =>
    as(site, undefined, locale).post('/api/auth/password-reset', { token, password });

  it('starts with SITE_URL when it is set, like the mailed links, not with the host the request came to', async () => {
    const site = await createInstalledSite({ SITE_URL: 'https://daftar.example/' });
    const { url } = await link(site, site.ids.editor, 'fa');
    expect(url.origin).toBe('https://daftar.example');
    expect(url.pathname).toBe('/fa/reset-password');
  });

  it('makes a 24-hour link in the administrator language, stores only the token hash, and works once', async () => {
    const site = await createInstalledSite();
    const before = Date.now();
    const { url, token, expiresAt } = await link(site, site.ids.editor, 'fa');
    expect(url.pathname).toBe('/fa/reset-password');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = new Date(expiresAt).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3600_000 + 5000);
    const stored = await site.deps.db.select().from(passwordResets);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBe(await sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await reset(site, token)).status).toBe(200);
    // Every session of the account ended; the new password signs in, the old one does not.
    expect((await as(site, site.cookies.editor).get('/api/profile')).status).toBe(401);
    const login = (password: string) => as(site, undefined).post('/api/auth/login', { userName: 'editor', password });
    expect((await login(PASSWORD)).status).toBe(401);
    expect((await login(STRONG)).status).toBe(200);

    const reused = await reset(site, token, 'another fine harbour 77');
    expect(reused.status).toBe(400);
    expect((await json(reused)).message).toBe(
      'This password reset link has already been used. Ask an administrator for a new one.',
    );
  });

  it('refuses expired, wrong and empty tokens with clear messages; a weak password does not spend the link', async () => {
    const site = await createInstalledSite();
    const { token } = await link(site);
    const weak = await reset(site, token, 'password');
    expect(weak.status).toBe(400);
    expect((await json(weak)).data.issues[0]).toMatchObject({ path: ['password'] });
    const wrong = await reset(site, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).message).toBe('This password reset link is not valid. Ask an administrator for a new one.');
    expect((await json(await reset(site, 'nonsense', STRONG, 'fa'))).message).toBe(
      'این پیوند بازنشانی گذرواژه معتبر نیست. از یک مدیر پیوند تازه بخواهید.',
    );
    for (const body of [
      {},
      { token: '' },
      { token, password: '' },
      { token: 'x'.repeat(201), password: STRONG },
      { token: 5, password: STRONG },
    ])
      expect((await as(site, undefined).post('/api/auth/password-reset', body)).status).toBe(400);

    await site.deps.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1) });
    const expired = await reset(site, token);
    expect(expired.status).toBe(400);
    expect((await json(expired)).message).toBe('This password reset link has expired. Ask an administrator for a new one.');
  });

  it('a new link replaces the earlier one; a disabled account gets none and its old link stops working', async () => {
    const site = await createInstalledSite();
    const first = await link(site);
    const second = await link(site);
    expect((await reset(site, first.token)).status).toBe(400);
    const api = as(site, site.cookies.owner);
    expect((await api.post(`/api/users/${site.ids.editor}/disable`)).status).toBe(200);
    expect((await api.post(`/api/users/${site.ids.editor}/password-reset`)).status).toBe(409);
    expect((await json(await reset(site, second.token))).message).toMatch(/^This password reset link is not valid/);
    expect((await api.post('/api/users/nobody/password-reset')).status).toBe(404);
    expect((await as(site, site.cookies.editor).post(`/api/users/${site.ids.member}/password-reset`)).status).toBe(401);
    expect((await as(site, site.cookies.member).post(`/api/users/${site.ids.member}/password-reset`)).status).toBe(403);
  });
});
