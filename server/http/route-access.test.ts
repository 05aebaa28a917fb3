import { beforeAll, describe, expect, it } from 'vitest';
import { OWNER_ROLE } from '../../common/permissions';
import { createInstalledSite, type InstalledSite, loginAs, PASSWORD } from '../../tests/support/site';
import { allPermissions, defaultRoles } from '../auth/permissions';
import { createRole } from '../services/roles';
import { createUser } from '../services/users';
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

  it('has an access rule for every API route the app serves, and no stale rules', () => {
    const served = site.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'))
      .map((r) => `${r.method} ${r.path}`);
    const missing = served.filter((key) => !(key in routeAccess));
    expect(missing, 'routes without an entry in server/http/route-access.ts').toEqual([]);
    // Entries may name routes another area mounts later; every served one must be listed.
    for (const access of Object.values(routeAccess)) {
      expect(['public', 'setup', 'half-signed', 'user', 'owner', ...allPermissions]).toContain(access);
    }
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
