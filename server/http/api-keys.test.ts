import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_PATTERN, API_KEY_PREFIX, apiKeyScopes, MAX_API_KEYS } from '../../common/api-keys';
import { allPermissions } from '../../common/permissions';
import { hello } from '../../tests/support/authoring';
import { json } from '../../tests/support/config';
import { createInstalledSite, type InstalledSite, loginAs } from '../../tests/support/site';
import { createApp } from '../app';
import { secretComparison } from '../auth/api-keys';
import { IP_FAILURE_LIMIT } from '../auth/rate-limit';
import { apiKeys, roles, userRoles, users } from '../db/schema';
import { createUser } from '../services/users';

/*
 * API keys for integrations (issue 42 §1; server/auth/api-keys.ts, docs/api.md "API keys"): made
 * by holders of integrations.manage with scopes they hold, sent as `Authorization: Bearer`, acting
 * with exactly their scopes that the maker still holds, refused alike whatever is wrong.
 */

afterEach(() => vi.restoreAllMocks());

const OTHER_ORIGIN = 'https://elsewhere.example';

type Site = InstalledSite;
const site = () => createInstalledSite({ TRUST_PROXY: 'true' });

/** A request to the API: with a cookie of `who`, or with `key` as a bearer, from `ip`. */
function call(
  s: Pick<Site, 'app' | 'cookies'>,
  method: string,
  path: string,
  {
    key,
    who,
    body,
    headers = {},
    ip = '198.51.100.20',
  }: {
    key?: string;
    who?: keyof Site['cookies'];
    body?: unknown;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
) {
  return s.app.request(path, {
    method,
    headers: {
      'x-forwarded-for': ip,
      'x-locale': 'en',
      ...(who ? { cookie: s.cookies[who] } : {}),
      ...(key !== undefined ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function makeKey(s: Site, scopes: string[], who: keyof Site['cookies'] = 'owner', extra: Record<string, unknown> = {}) {
  const response = await call(s, 'POST', '/api/keys', {
    who,
    body: { name: `key ${scopes.join(' ')}`.slice(0, 100), scopes, ...extra },
  });
  expect(response.status).toBe(201);
  const body = await json(response);
  return body as { id: number; key: string };
}

/** A user holding only `permissions` (through a role of their own), with a session cookie. */
async function userWith(s: Site, name: string, permissions: string[]) {
  await s.deps.db.insert(roles).values({ id: name, name, description: '', permissions });
  const id = await createUser(
    s.deps.db,
    { firstName: 'Int', lastName: 'Egrator', about: '', userName: name, password: 'test-password' },
    [name],
    s.deps.passwordIterations,
  );
  return { id, cookie: await loginAs(s.deps, id) };
}

const withCookie = (s: Site, cookie: string) => ({ app: s.app, cookies: { ...s.cookies, owner: cookie } });

describe('making, listing and revoking keys', () => {
  it('answers the key once, recognisable by its prefix, and lists keys without any secret', async () => {
    const s = await site();
    const { id, key } = await makeKey(s, ['dashboard.read']);
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key).toMatch(API_KEY_PATTERN);
    const list = await call(s, 'GET', '/api/keys', { who: 'owner' });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toContain('no-store');
    const text = await list.text();
    expect(text).not.toContain(key.slice(API_KEY_PREFIX.length + 12));
    expect(text).not.toMatch(/secret/i);
    const item = JSON.parse(text).items[0];
    expect(item).toMatchObject({ id, name: 'key dashboard.read', scopes: ['dashboard.read'], lastUsedAt: null, expiresAt: null });
    expect(key.startsWith(item.start)).toBe(true);
    // Only a hash is stored.
    const row = await s.deps.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
    expect(JSON.stringify(row)).not.toContain(key.slice(API_KEY_PREFIX.length + 12));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is for holders of integrations.manage: the owner (even of a site whose owner row predates it), not an editor', async () => {
    const s = await site();
    // The owner role of a site installed before the permission existed does not list it.
    await s.deps.db
      .update(roles)
      .set({ permissions: allPermissions.filter((p) => p !== 'integrations.manage') })
      .where(eq(roles.id, 'owner'));
    expect((await call(s, 'GET', '/api/keys', { who: 'owner' })).status).toBe(200);
    expect((await call(s, 'GET', '/api/keys', { who: 'editor' })).status).toBe(403);
    expect((await call(s, 'POST', '/api/keys', { who: 'editor', body: { name: 'x', scopes: ['dashboard.read'] } })).status).toBe(
      403,
    );
    expect((await call(s, 'GET', '/api/keys')).status).toBe(401);
  });

  it('refuses scopes beyond what its maker holds, in both languages, and makes nothing', async () => {
    const s = await site();
    const integrator = await userWith(s, 'integrator', ['integrations.manage', 'dashboard.read']);
    const as = withCookie(s, integrator.cookie);
    const refused = await call(as, 'POST', '/api/keys', {
      who: 'owner',
      body: { name: 'too much', scopes: ['dashboard.read', 'users.edit'] },
    });
    expect(refused.status).toBe(403);
    const body = await json(refused);
    expect(body.message).toBe('A key cannot carry permissions you do not hold yourself: users.edit');
    expect(body.data).toEqual({ missing: ['users.edit'] });
    const fa = await call(as, 'POST', '/api/keys', {
      who: 'owner',
      body: { name: 'too much', scopes: ['users.edit'] },
      headers: { 'x-locale': 'fa' },
    });
    expect((await json(fa)).message).toBe('کلید نمی‌تواند اجازه‌ای داشته باشد که خودتان ندارید: users.edit');
    expect(await s.deps.db.$count(apiKeys)).toBe(0);
    expect(
      (await call(as, 'POST', '/api/keys', { who: 'owner', body: { name: 'fine', scopes: ['dashboard.read'] } })).status,
    ).toBe(201);
  });

  it('refuses hostile input with a clear message and makes nothing', async () => {
    const s = await site();
    const cases: [unknown, number, string][] = [
      [{ name: '', scopes: ['dashboard.read'] }, 400, 'Please correct the highlighted fields'],
      [{ name: '   ', scopes: ['dashboard.read'] }, 400, 'Please correct the highlighted fields'],
      [{ name: 'x'.repeat(101), scopes: ['dashboard.read'] }, 400, 'Please correct the highlighted fields'],
      [{ name: 'no scopes', scopes: [] }, 400, 'Please correct the highlighted fields'],
      [{ name: 'unknown scope', scopes: ['pages.everything'] }, 400, 'Please correct the highlighted fields'],
      // A key never manages keys: the permission is not a scope.
      [{ name: 'minting', scopes: ['integrations.manage'] }, 400, 'Please correct the highlighted fields'],
      [{ name: 'bad date', scopes: ['dashboard.read'], expiresAt: 'tomorrow' }, 400, 'Please correct the highlighted fields'],
      [
        { name: 'no zone', scopes: ['dashboard.read'], expiresAt: '2099-01-01T00:00:00' },
        400,
        'Please correct the highlighted fields',
      ],
      [
        { name: 'past', scopes: ['dashboard.read'], expiresAt: new Date(Date.now() - 60_000).toISOString() },
        400,
        'The expiry date has already passed: choose a later one, or none',
      ],
      [{ name: 'scopes not a list', scopes: 'dashboard.read' }, 400, 'Please correct the highlighted fields'],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(s, 'POST', '/api/keys', { who: 'owner', body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await json(response)).message).toBe(message);
    }
    const noScopes = await json(await call(s, 'POST', '/api/keys', { who: 'owner', body: { name: 'n', scopes: [] } }));
    expect(JSON.stringify(noScopes)).toContain('Choose at least one permission for the key');
    expect(await s.deps.db.$count(apiKeys)).toBe(0);
  });

  it(`stops at ${MAX_API_KEYS} keys a site`, async () => {
    const s = await site();
    // Ten rows a statement: D1 binds at most 100 values.
    for (let start = 0; start < MAX_API_KEYS; start += 10)
      await s.deps.db.insert(apiKeys).values(
        Array.from({ length: 10 }, (_, i) => ({
          name: `k${start + i}`,
          lookup: `lookup${String(start + i).padStart(6, '0')}`,
          secretHash: '0'.repeat(64),
          scopes: ['dashboard.read' as const],
          createdBy: s.ids.owner,
        })),
      );
    const response = await call(s, 'POST', '/api/keys', { who: 'owner', body: { name: 'one more', scopes: ['dashboard.read'] } });
    expect(response.status).toBe(409);
    expect((await json(response)).message).toContain(`at most ${MAX_API_KEYS} API keys`);
  });

  it("revokes: by its maker, by an owner; never an owner's key by someone who is not one", async () => {
    const s = await site();
    const integrator = await userWith(s, 'integrator', [...allPermissions]);
    const as = withCookie(s, integrator.cookie);
    const ownerKey = await makeKey(s, ['dashboard.read']);
    const refused = await call(as, 'DELETE', `/api/keys/${ownerKey.id}`, { who: 'owner' });
    expect(refused.status).toBe(403);
    expect((await call(s, 'GET', '/api/pages', { key: ownerKey.key })).status).toBe(200);
    const theirs = await makeKey(s, ['dashboard.read'], 'owner', {});
    expect((await call(s, 'DELETE', `/api/keys/${theirs.id}`, { who: 'owner' })).status).toBe(200);
    expect((await call(s, 'DELETE', `/api/keys/${theirs.id}`, { who: 'owner' })).status).toBe(404);
    expect((await call(s, 'DELETE', '/api/keys/abc', { who: 'owner' })).status).toBe(404);
    const own = await call(as, 'POST', '/api/keys', { who: 'owner', body: { name: 'mine', scopes: ['dashboard.read'] } });
    const mine = await json(own);
    expect((await call(as, 'DELETE', `/api/keys/${mine.id}`, { who: 'owner' })).status).toBe(200);
  });
});

describe('a request with a key', () => {
  it('acts with exactly its scopes: a read key lists pages and is refused a write (403)', async () => {
    const s = await site();
    const { key } = await makeKey(s, ['dashboard.read']);
    const list = await call(s, 'GET', '/api/pages', { key });
    expect(list.status).toBe(200);
    expect((await json(list)).items.length).toBeGreaterThan(0);
    const write = await call(s, 'PUT', '/api/pages/en/logs/from-a-key', { key, body: hello });
    expect(write.status).toBe(403);
    expect((await json(write)).message).toBe('You do not have permission to do this');
    // A write key writes, as its maker.
    const writer = await makeKey(s, ['dashboard.read', 'commits.create']);
    expect((await call(s, 'PUT', '/api/pages/en/logs/from-a-key', { key: writer.key, body: hello })).status).toBe(200);
  });

  it("never acts as its maker's session: owner and account routes refuse keys, whatever their scopes", async () => {
    const s = await site();
    const { key } = await makeKey(s, ['dashboard.read', 'users.read', 'users.edit', 'roles.edit', 'settings.edit']);
    for (const [method, path] of [
      ['GET', '/api/outgoing-webhooks'],
      ['GET', '/api/backup'],
      ['GET', '/api/profile'],
      ['GET', '/api/keys'],
    ] as const) {
      const response = await call(s, method, path, { key });
      expect(response.status, path).toBe(403);
    }
    expect((await json(await call(s, 'GET', '/api/profile', { key }))).message).toBe(
      'An API key cannot do this: sign in to do it yourself',
    );
    expect((await json(await call(s, 'GET', '/api/keys', { key }))).message).toBe('You do not have permission to do this');
  });

  it('holds the owner line: no key acts on another owner or gives the owner role, whoever made it', async () => {
    const s = await site();
    const secondOwner = await createUser(
      s.deps.db,
      { firstName: 'Second', lastName: 'Owner', about: '', userName: 'owner2', password: 'test-password' },
      ['owner'],
      s.deps.passwordIterations,
    );
    const everything = await userWith(s, 'almighty', [...allPermissions]);
    const scopes = ['users.read', 'users.edit', 'roles.read'];
    const ownerKey = (await makeKey(s, scopes)).key;
    const made = await call(withCookie(s, everything.cookie), 'POST', '/api/keys', { who: 'owner', body: { name: 'x', scopes } });
    const almightyKey = (await json(made)).key as string;
    for (const key of [ownerKey, almightyKey]) {
      const disableOwner = await call(s, 'POST', `/api/users/${secondOwner}/disable`, { key });
      expect(disableOwner.status).toBe(403);
      expect((await json(disableOwner)).message).toMatch(/owner/i);
      const promote = await call(s, 'PUT', `/api/users/${s.ids.member}/roles`, { key, body: { roles: ['owner'] } });
      expect(promote.status).toBe(403);
    }
    const held = await s.deps.db.select().from(userRoles).where(eq(userRoles.userId, s.ids.member));
    expect(held.map((r) => r.roleId)).toEqual(['member']);
    const owner = await s.deps.db.select().from(users).where(eq(users.id, secondOwner)).get();
    expect(owner?.disabledAt).toBeNull();
    // Within its scopes it does act on other accounts: an owner's key with every scope disables the
    // member (it holds all the member holds), and still not the second owner.
    const full = (await makeKey(s, [...apiKeyScopes])).key;
    expect((await call(s, 'POST', `/api/users/${secondOwner}/disable`, { key: full })).status).toBe(403);
    expect((await call(s, 'POST', `/api/users/${s.ids.member}/disable`, { key: full })).status).toBe(200);
  });

  it("loses what its maker loses: a demoted maker's key is refused, a disabled maker's key is invalid", async () => {
    const s = await site();
    const integrator = await userWith(s, 'integrator', ['integrations.manage', 'dashboard.read', 'commits.create']);
    const made = await json(
      await call(withCookie(s, integrator.cookie), 'POST', '/api/keys', {
        who: 'owner',
        body: { name: 'script', scopes: ['dashboard.read', 'commits.create'] },
      }),
    );
    expect((await call(s, 'GET', '/api/pages', { key: made.key })).status).toBe(200);
    await s.deps.db
      .update(roles)
      .set({ permissions: ['integrations.manage'] })
      .where(eq(roles.id, 'integrator'));
    expect((await call(s, 'GET', '/api/pages', { key: made.key })).status).toBe(403);
    await s.deps.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, integrator.id));
    const disabled = await call(s, 'GET', '/api/pages', { key: made.key });
    expect(disabled.status).toBe(401);
    expect((await json(disabled)).message).toBe('This API key is not valid');
  });

  it("goes with its maker's deleted account", async () => {
    const s = await site();
    const integrator = await userWith(s, 'integrator', ['integrations.manage', 'dashboard.read']);
    await call(withCookie(s, integrator.cookie), 'POST', '/api/keys', {
      who: 'owner',
      body: { name: 'x', scopes: ['dashboard.read'] },
    });
    expect(await s.deps.db.$count(apiKeys)).toBe(1);
    expect((await call(s, 'DELETE', `/api/users/${integrator.id}`, { who: 'owner' })).status).toBe(200);
    expect(await s.deps.db.$count(apiKeys)).toBe(0);
  });

  it('answers every wrong key with the same 401 body: unknown, revoked, expired, malformed, of another site', async () => {
    const s = await site();
    const other = await site();
    const foreign = (await makeKey(other, ['dashboard.read'])).key;
    const revoked = await makeKey(s, ['dashboard.read']);
    await call(s, 'DELETE', `/api/keys/${revoked.id}`, { who: 'owner' });
    const expiring = await makeKey(s, ['dashboard.read'], 'owner', { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await s.deps.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const good = await makeKey(s, ['dashboard.read']);
    const wrongSecret =
      `${good.key.slice(0, -4)}AAAA` === good.key ? `${good.key.slice(0, -4)}BBBB` : `${good.key.slice(0, -4)}AAAA`;
    const bodies = new Set<string>();
    for (const key of [
      foreign,
      revoked.key,
      expiring.key,
      wrongSecret,
      `${API_KEY_PREFIX}short`,
      'not-a-key',
      good.key.replace(API_KEY_PREFIX, 'ghp_x'),
      `${good.key} extra`,
      '',
    ]) {
      const response = await call(s, 'GET', '/api/pages', { key, ip: '198.51.100.30' });
      expect(response.status, key).toBe(401);
      bodies.add(await response.text());
    }
    expect([...bodies]).toEqual([JSON.stringify({ statusCode: 401, message: 'This API key is not valid' })]);
    expect((await call(s, 'GET', '/api/pages', { key: good.key, ip: '198.51.100.31' })).status).toBe(200);
  });

  it('compares the secret in constant time, for a hit and a miss alike', async () => {
    const s = await site();
    const { key } = await makeKey(s, ['dashboard.read']);
    // A spy on the module's own object: with shared module graphs (isolate: false) a vi.mock of
    // tokens.ts would miss an api-keys.ts another test file had already loaded.
    const compare = vi.spyOn(secretComparison, 'equal');
    await call(s, 'GET', '/api/pages', { key });
    await call(s, 'GET', '/api/pages', { key: `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}` });
    await call(s, 'GET', '/api/pages', { key: `${API_KEY_PREFIX}${'Z'.repeat(55)}` });
    expect(compare).toHaveBeenCalledTimes(3);
    for (const [a, b] of compare.mock.calls) {
      expect(a).toMatch(/^[0-9a-f]{64}$/);
      expect(b).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('reads the header as HTTP does: any case of Bearer, spaces around; other schemes and the query string are ignored', async () => {
    const s = await site();
    const { key } = await makeKey(s, ['dashboard.read']);
    for (const header of [`bearer ${key}`, `BEARER   ${key}`, `Bearer\t${key}  `, `  Bearer ${key}`]) {
      const response = await call(s, 'GET', '/api/pages', { headers: { authorization: header } });
      expect(response.status, JSON.stringify(header)).toBe(200);
    }
    // A proxy's Basic authentication is not a key: the request is simply not signed in.
    const basic = await call(s, 'GET', '/api/pages', { headers: { authorization: `Basic ${btoa('u:p')}` } });
    expect(basic.status).toBe(401);
    expect((await json(basic)).message).toBe('Please sign in first');
    for (const query of [`?key=${key}`, `?access_token=${key}`, `?api_key=${key}`, `?authorization=Bearer%20${key}`]) {
      const response = await call(s, 'GET', `/api/pages${query}`);
      expect(response.status, query).toBe(401);
      expect((await json(response)).message).toBe('Please sign in first');
    }
  });

  it('refuses a very long header at once, without hashing or looking anything up', async () => {
    const s = await site();
    // A spy on the module's own object: with shared module graphs (isolate: false) a vi.mock of
    // tokens.ts would miss an api-keys.ts another test file had already loaded.
    const compare = vi.spyOn(secretComparison, 'equal');
    const started = performance.now();
    const response = await call(s, 'GET', '/api/pages', { headers: { authorization: `Bearer ${'a'.repeat(60_000)}` } });
    expect(response.status).toBe(401);
    expect((await json(response)).message).toBe('This API key is not valid');
    expect(compare).not.toHaveBeenCalled();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('acts by the key alone: a bad key with a valid cookie is 401, never the cookie', async () => {
    const s = await site();
    const response = await call(s, 'GET', '/api/pages', { who: 'owner', key: `${API_KEY_PREFIX}${'x'.repeat(55)}` });
    expect(response.status).toBe(401);
  });

  it('writes its last use at most once a minute', async () => {
    const s = await site();
    const { id, key } = await makeKey(s, ['dashboard.read']);
    await call(s, 'GET', '/api/pages', { key });
    const first = (await s.deps.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get())?.lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call(s, 'GET', '/api/pages', { key });
    const second = (await s.deps.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get())?.lastUsedAt;
    expect(second?.getTime()).toBe(first?.getTime());
    // A minute on, it is written again.
    await s.deps.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiKeys.id, id));
    await call(s, 'GET', '/api/pages', { key });
    const third = (await s.deps.db.select().from(apiKeys).where(eq(apiKeys.id, id)).get())?.lastUsedAt;
    expect(Date.now() - (third?.getTime() ?? 0)).toBeLessThan(10_000);
    const listed = (await json(await call(s, 'GET', '/api/keys', { who: 'owner' }))).items[0];
    expect(listed.lastUsedAt).toBe(third?.toISOString());
  });

  it('is refused at once after a revoke, on another app over the same database (a second process)', async () => {
    const s = await site();
    const second = { app: createApp(s.deps), cookies: s.cookies };
    const { id, key } = await makeKey(s, ['dashboard.read']);
    expect((await call(second, 'GET', '/api/pages', { key })).status).toBe(200);
    expect((await call(s, 'DELETE', `/api/keys/${id}`, { who: 'owner' })).status).toBe(200);
    expect((await call(second, 'GET', '/api/pages', { key })).status).toBe(401);
  });
});

describe('wrong keys are limited like sign-ins', () => {
  it(`refuses an address after ${IP_FAILURE_LIMIT} wrong keys (429), even its right key, across two apps; other addresses go on`, async () => {
    const s = await site();
    const second = { app: createApp(s.deps), cookies: s.cookies };
    const { key } = await makeKey(s, ['dashboard.read']);
    const wrong = `${API_KEY_PREFIX}${'W'.repeat(55)}`;
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      const response = await call(i % 2 ? second : s, 'GET', '/api/pages', { key: wrong, ip: '203.0.113.9' });
      expect(response.status).toBe(401);
    }
    const limited = await call(s, 'GET', '/api/pages', { key: wrong, ip: '203.0.113.9' });
    expect(limited.status).toBe(429);
    expect((await json(limited)).data.retryAfterSeconds).toBeGreaterThan(0);
    expect((await call(second, 'GET', '/api/pages', { key, ip: '203.0.113.9' })).status).toBe(429);
    expect((await call(s, 'GET', '/api/pages', { key, ip: '203.0.113.10' })).status).toBe(200);
    // A right key costs no count.
    for (let i = 0; i < IP_FAILURE_LIMIT + 2; i++)
      expect((await call(s, 'GET', '/api/pages', { key, ip: '203.0.113.11' })).status).toBe(200);
  });
});

describe('keys across origins', () => {
  it("a key's write from another origin works; a cookie's from that origin is refused", async () => {
    const s = await site();
    const { key } = await makeKey(s, ['dashboard.read', 'commits.create']);
    const preflight = await call(s, 'OPTIONS', '/api/pages/en/logs/cross', {
      headers: {
        origin: OTHER_ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const withKey = await call(s, 'PUT', '/api/pages/en/logs/cross', {
      key,
      body: hello,
      headers: { origin: OTHER_ORIGIN, 'sec-fetch-site': 'cross-site' },
    });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get('access-control-allow-origin')).toBe('*');
    expect(withKey.headers.get('access-control-allow-credentials')).toBeNull();
    const withCookieOnly = await call(s, 'PUT', '/api/pages/en/logs/cross', {
      who: 'owner',
      body: hello,
      headers: { origin: OTHER_ORIGIN, 'sec-fetch-site': 'cross-site' },
    });
    expect(withCookieOnly.status).toBe(403);
    expect((await json(withCookieOnly)).message).toBe('Cross-origin request refused');
    expect(withCookieOnly.headers.get('access-control-allow-origin')).toBeNull();
    // A cookie's read from another origin gets no CORS header, so the browser keeps it from that page.
    const read = await call(s, 'GET', '/api/pages', { who: 'owner', headers: { origin: OTHER_ORIGIN } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    // A preflight that does not ask for Authorization gets no CORS answer.
    const cookiePreflight = await call(s, 'OPTIONS', '/api/pages', {
      headers: { origin: OTHER_ORIGIN, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(cookiePreflight.headers.get('access-control-allow-origin')).toBeNull();
    // A refusal of a key is readable by the calling page too.
    const bad = await call(s, 'GET', '/api/pages', { key: 'nope', headers: { origin: OTHER_ORIGIN } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('keys are never logged', () => {
  it('prints no key, wrong or right, in request or error logs', async () => {
    const s = await site();
    const { key } = await makeKey(s, ['dashboard.read']);
    const printed: string[] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
      });
    const wrong = `${API_KEY_PREFIX}${'Q'.repeat(55)}`;
    await call(s, 'GET', '/api/pages', { key });
    await call(s, 'GET', '/api/pages', { key: wrong });
    await call(s, 'GET', '/api/not-a-route', { key });
    await call(s, 'PUT', '/api/pages/en/logs/x', { key, body: { broken: true } });
    // A database failure while reading a key is logged (and answered 503) without the key.
    const broken = {
      ...s.deps,
      db: new Proxy(s.deps.db, {
        get: (db, name) =>
          name === 'batch' ? () => Promise.reject(new Error(`boom ${key}`.replace(key, 'x'))) : Reflect.get(db, name),
      }),
    };
    const failing = await createApp(broken).request('/api/pages', { headers: { authorization: `Bearer ${key}` } });
    expect(failing.status).toBe(503);
    expect(printed.join('\n')).toContain('Reading the API key failed');
    const secretPart = key.slice(API_KEY_PREFIX.length);
    expect(printed.join('\n')).not.toContain(secretPart);
    expect(printed.join('\n')).not.toContain(wrong.slice(API_KEY_PREFIX.length));
  });
});

describe('the OpenAPI document', () => {
  it('declares the bearer scheme beside the session, on permission operations only', async () => {
    const s = await site();
    const doc = await json(await s.app.request('/api/openapi.json'));
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toBeDefined();
    expect(doc.paths['/api/pages'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.paths['/api/profile'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/keys'].post['x-daftar-permission']).toBe('integrations.manage');
  });
});
