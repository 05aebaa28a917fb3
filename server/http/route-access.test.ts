import { beforeAll, describe, expect, it } from 'vitest';
import { createInstalledSite, type InstalledSite } from '../../tests/support/site';
import { allPermissions, defaultRoles } from '../auth/permissions';
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
      expect(['public', 'setup', 'user', 'owner', ...allPermissions]).toContain(access);
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
        const expected = who === 'anonymous' ? 401 : allowed ? 'allowed' : 403;
        const actual = response.status === 401 || response.status === 403 ? response.status : 'allowed';
        expect(actual, `${who} ${route.method} ${route.path}`).toBe(expected);
        seen.push(`${route.method} ${route.path}`);
      }
    }
    expect(seen.length).toBeGreaterThan(20);
  });
});
