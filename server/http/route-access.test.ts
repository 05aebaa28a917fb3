import { Hono } from 'hono';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { endpointKey, endpointList, endpoints } from '../../common/endpoints';
import { OWNER_ROLE } from '../../common/permissions';
import { createInstalledSite, type InstalledSite, loginAs, PASSWORD } from '../../tests/support/site';
import { allPermissions, defaultRoles } from '../auth/permissions';
import { createRole } from '../services/roles';
import { createUser } from '../services/users';
import { endpointsOn } from './endpoint';
import { handleError } from './errors';
import { type AuthEnv, authorize } from './guards';
import { routeAccess } from './route-access';

type Who = 'anonymous' | 'member' | 'editor' | 'owner';
const people: Who[] = ['anonymous', 'member', 'editor', 'owner'];

function permissionsOf(who: Who): string[] {
  if (who === 'anonymous') return [];
  return defaultRoles.find((role) => role.id === who)?.permissions ?? [];
}

describe('authorisation matrix', () => {
  let site: InstalledSite;
  beforeAll(async () => {
    site = await createInstalledSite();
  });

  /**
   * Handlers are registered by their declarations (server/http/endpoint.ts), and the access matrix
   * is made from the same declarations: a route served without one (a stray `routes.get(…)`) fails
   * here, and `authorize` refuses it meanwhile (no access rule → 403).
   */
  it('serves exactly the declared endpoints: every API route has a declaration, and so an access rule', () => {
    const served = site.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'))
      .map((r) => `${r.method} ${r.path}`);
    const declared = endpointList.map(endpointKey);
    expect(new Set(declared).size, 'an endpoint declared twice').toBe(declared.length);
    expect(
      served.filter((key) => !declared.includes(key)),
      'routes registered without a declaration in common/endpoints/',
    ).toEqual([]);
    expect(
      declared.filter((key) => !served.includes(key)),
      'declarations without a handler',
    ).toEqual([]);
    expect(Object.keys(routeAccess).sort()).toEqual([...declared].sort());
    for (const access of Object.values(routeAccess)) {
      expect(['public', 'setup', 'half-signed', 'user', 'owner', ...allPermissions]).toContain(access);
    }
  });

  it('registers a handler only under its area (endpointsOn refuses a declaration from elsewhere)', () => {
    const on = endpointsOn(new Hono(), '/api/pages');
    expect(() => on(endpoints.users.list, (c) => c.json({}))).toThrow('GET /api/users is not under /api/pages');
    // `/api/pages-extra` is not under `/api/pages`.
    const sibling = { ...endpoints.pages.list, path: '/api/pages-extra' } as const;
    expect(() => on(sibling, (c) => c.json({}))).toThrow('not under');
  });

  it('refuses a route registered without a declaration (no access rule: fail closed)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = new Hono<AuthEnv>();
    api.onError(handleError);
    api.use('*', authorize(site.deps));
    api.get('/api/stray', (c) => c.json({ reached: true }));
    const response = await api.request('/api/stray', { headers: { cookie: site.cookies.owner } });
    expect(response.status).toBe(403);
    expect(logged).toHaveBeenCalledWith('No access rule for GET /api/stray; refusing.');
    logged.mockRestore();
  });

  it('answers 401 / 403 / allowed for anonymous, member, editor and owner on every guarded route', async () => {
    const served = site.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'));
    const seen: string[] = [];
    for (const route of served) {
      const access = routeAccess[`${route.method} ${route.path}`];
      if (!access || access === 'public' || access === 'setup') continue;
      const path = route.path.replace(':id', 'no-such-id');
      for (const who of people) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (who !== 'anonymous') headers.cookie = site.cookies[who];
        const response = await site.app.request(path, {
          method: route.method,
          headers,
          body: route.method === 'GET' ? undefined : '{}',
        });
        const allowed = access === 'owner' ? who === 'owner' : access === 'user' || permissionsOf(who).includes(access);
        // The second step of signing in takes its half-signed cookie only: a session is no way in.
        const expected = who === 'anonymous' || access === 'half-signed' ? 401 : allowed ? 'allowed' : 403;
        const actual = response.status === 401 || response.status === 403 ? response.status : 'allowed';
        expect(actual, `${who} ${route.method} ${route.path}`).toBe(expected);
        seen.push(`${route.method} ${route.path}`);
      }
    }
    expect(seen.length).toBeGreaterThan(20);
  });
});

describe('the owner line (security findings F-23, F-32)', () => {
  /**
   * A manager whose role holds every permission is still not an owner: every user-management
   * action that gives, takes away or touches the owner role is refused, each with 403.
   */
  it('refuses a manager with every permission every owner-touching action, and lets an owner do them', async () => {
    const site = await createInstalledSite();
    const { db } = site.deps;
    await createRole(
      db,
      { id: site.ids.owner, roles: [OWNER_ROLE], permissions: [] },
      { name: 'manager', permissions: [...allPermissions] },
    );
    const managerId = await createUser(
      db,
      { userName: 'manager', firstName: 'Man', lastName: 'Ager', about: '', password: PASSWORD },
      ['manager'],
      site.deps.passwordIterations,
    );
    const call = (cookie: string, method: string, path: string, body?: unknown) =>
      site.app.request(path, {
        method,
        headers: { cookie, 'content-type': 'application/json', 'x-locale': 'en' },
        body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
      });
    const newAccount = {
      userName: 'crowned',
      firstName: 'New',
      lastName: 'Owner',
      about: '',
      password: 'violet harbour lantern 42',
    };
    const actions: [string, string, unknown?][] = [
      ['PUT', `/api/users/${managerId}/roles`, { roles: [OWNER_ROLE] }],
      ['PUT', `/api/users/${managerId}/roles`, { roles: ['manager', OWNER_ROLE] }],
      ['PUT', `/api/users/${site.ids.editor}/roles`, { roles: [OWNER_ROLE] }],
      ['POST', '/api/users', { ...newAccount, roles: [OWNER_ROLE] }],
      ['PUT', `/api/users/${site.ids.owner}/roles`, { roles: ['manager'] }],
      ['POST', `/api/users/${site.ids.owner}/disable`],
      ['POST', `/api/users/${site.ids.owner}/enable`],
      ['POST', `/api/users/${site.ids.owner}/password-reset`],
      ['DELETE', `/api/users/${site.ids.owner}`],
      ['GET', '/api/backup'],
    ];
    const manager = await loginAs(site.deps, managerId);
    for (const [method, path, body] of actions) {
      const response = await call(manager, method, path, body);
      expect(response.status, `manager ${method} ${path} ${JSON.stringify(body ?? '')}`).toBe(403);
    }
    // Refused with the owner line's own words, in both languages.
    const refusal = await call(manager, 'PUT', `/api/users/${managerId}/roles`, { roles: [OWNER_ROLE] });
    expect(((await refusal.json()) as { message: string }).message).toBe('Only an owner can give or take away the owner role');
    const fa = await site.app.request(`/api/users/${site.ids.owner}/password-reset`, {
      method: 'POST',
      headers: { cookie: manager, 'content-type': 'application/json', 'x-locale': 'fa' },
      body: '{}',
    });
    expect(((await fa.json()) as { message: string }).message).toContain('فقط مالک');
    const rolesNow = await db.query.userRoles.findMany();
    expect(rolesNow.filter((r) => r.roleId === OWNER_ROLE).map((r) => r.userId)).toEqual([site.ids.owner]);
    // What the manager may still do: everything below the line.
    expect((await call(manager, 'PUT', `/api/users/${site.ids.editor}/roles`, { roles: ['manager'] })).status).toBe(200);
    expect((await call(manager, 'POST', `/api/users/${site.ids.member}/password-reset`)).status).toBe(201);
    // An owner crosses it.
    expect((await call(site.cookies.owner, 'PUT', `/api/users/${managerId}/roles`, { roles: [OWNER_ROLE] })).status).toBe(200);
    expect((await call(manager, 'GET', '/api/backup')).status).toBe(200);
  });
});
