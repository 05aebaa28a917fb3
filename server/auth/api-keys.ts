import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import {
  API_KEY_LAST_USED_EVERY_MS,
  API_KEY_LENGTH,
  API_KEY_LOOKUP_CHARS,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  type ApiKeyInput,
  type ApiKeyItem,
  apiKeyScopes,
  MAX_API_KEYS,
} from '../../common/api-keys';
import type { Permission, SessionUser } from '../../common/permissions';
import type { Database } from '../db/database';
import { apiKeys, rateLimits, roles, userRoles, users } from '../db/schema';
import { AppError } from '../errors';
import { requireMayManage } from '../services/grants';
import { apiKeyFailureRule, createLimits, tooManyAttempts } from './rate-limit';
import { heldPermissions } from './sessions';
import { randomToken, sha256Hex, timingSafeEqual } from './tokens';

/*
 * API keys for integrations (issue 42 §1; docs/api.md "API keys", docs/security.md "API keys").
 * A key is `dftr_` + a 12-character lookup id + a 43-character secret (32 random bytes); its row
 * keeps the lookup id and the SHA-256 of the secret, compared in constant time. A request with
 * `Authorization: Bearer <key>` acts as the key's creator with the key's scopes that the creator
 * still holds now (read on every request: a demoted creator's keys lose what they lost, a disabled
 * or deleted one's stop). Nothing is cached, so a revoked (deleted) key is refused at once by every
 * process and isolate.
 */

/** The one comparison of a presented secret with the stored one: constant time (a test watches it). */
export const secretComparison = { equal: timingSafeEqual };

/** Refuses every wrong key alike: unknown, revoked, expired, malformed, of another site. */
export const invalidApiKey = () => new AppError(401, 'api.apiKeyInvalid');

/**
 * The key of an `Authorization` header: undefined when the header is absent or names another
 * scheme (a proxy's Basic authentication is left alone), '' when it says Bearer but what follows
 * cannot be a key (malformed, or far too long: nothing is hashed or looked up), else the key. The
 * scheme is case-insensitive and spaces around the key are allowed (RFC 9110 §11.4).
 */
export function readBearer(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^[ \t]*bearer(?:[ \t]+|$)/i.exec(header.slice(0, 64));
  if (!match) return undefined;
  const rest = header.slice(match[0].length);
  if (rest.length > API_KEY_LENGTH + 64) return '';
  const key = rest.trim();
  return API_KEY_PATTERN.test(key) ? key : '';
}

const splitKey = (key: string) => ({
  lookup: key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + API_KEY_LOOKUP_CHARS),
  secret: key.slice(API_KEY_PREFIX.length + API_KEY_LOOKUP_CHARS),
});

/** Compared against when no row was found, so a miss hashes and compares as a hit does. */
const NO_HASH = '0'.repeat(64);

/**
 * The user a bearer request acts as, or a refusal: 429 when its address has had too many wrong keys
 * (checked before the key), else 401 (`invalidApiKey`) for any wrong key, which counts against the
 * address. One batch of reads (the key with its creator, the creator's roles, the address's count);
 * the last-used time is written at most once a minute per key.
 *
 * The user holds no role, so the owner line (common/grants.ts) refuses it everything that gives or
 * takes the owner role or acts on an owner's account, and `authorize` refuses it the `owner` and
 * `user` endpoints: a key acts only through its permissions.
 */
export async function readApiKeyUser(db: Database, key: string, ip: string, now = Date.now()): Promise<SessionUser> {
  const rule = apiKeyFailureRule(ip);
  const { lookup, secret } = splitKey(key);
  const [found, roleRows, counted] = await db.batch([
    db
      .select({
        id: apiKeys.id,
        secretHash: apiKeys.secretHash,
        scopes: apiKeys.scopes,
        expiresAt: apiKeys.expiresAt,
        lastUsedAt: apiKeys.lastUsedAt,
        userId: users.id,
        username: users.username,
        displayName: users.displayName,
      })
      .from(apiKeys)
      .innerJoin(users, and(eq(users.id, apiKeys.createdBy), isNull(users.disabledAt)))
      .where(eq(apiKeys.lookup, lookup)),
    db
      .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
      .from(apiKeys)
      .innerJoin(userRoles, eq(userRoles.userId, apiKeys.createdBy))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(apiKeys.lookup, lookup)),
    db.select({ count: rateLimits.count, resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, rule.key)),
  ]);
  const limit = counted[0];
  if (limit && limit.resetAt > now && limit.count >= rule.limit) throw tooManyAttempts(limit.resetAt - now);
  const row = found[0];
  const hash = await sha256Hex(secret);
  const matches = secretComparison.equal(hash, row?.secretHash ?? NO_HASH);
  if (!row || !matches || (row.expiresAt && row.expiresAt.getTime() <= now)) {
    await createLimits(db, { now: () => now }).add([rule]);
    throw invalidApiKey();
  }
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= API_KEY_LAST_USED_EVERY_MS) {
    // Conditional, so processes racing on one key write it once.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, new Date(now - API_KEY_LAST_USED_EVERY_MS))),
        ),
      );
  }
  const held = new Set<Permission>(heldPermissions(roleRows).permissions);
  const scoped = new Set<string>(apiKeyScopes);
  return {
    id: row.userId,
    username: row.username,
    displayName: row.displayName,
    roles: [],
    permissions: row.scopes.filter((p) => scoped.has(p) && held.has(p)).sort(),
  };
}

/**
 * Makes a key for `actor` (a signed-in user holding `integrations.manage`): its scopes must be ones
 * the actor holds (403 naming the others), its expiry in the future. Answers the key, shown this once.
 */
export async function createApiKey(
  db: Database,
  actor: SessionUser,
  input: ApiKeyInput,
  now = Date.now(),
): Promise<{ id: number; key: string; item: ApiKeyItem }> {
  const scopes = [...new Set(input.scopes)].sort();
  const missing = scopes.filter((p) => !actor.permissions.includes(p));
  if (missing.length) throw new AppError(403, 'api.apiKeyScopeBeyondOwn', { missing }, { permissions: missing.join(', ') });
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now) throw new AppError(400, 'api.apiKeyExpiryPast');
  if ((await db.$count(apiKeys)) >= MAX_API_KEYS) throw new AppError(409, 'api.apiKeyTooMany', undefined, { max: MAX_API_KEYS });
  // The lookup id is random too (72 bits): a key of another site, or a guess, finds no row.
  const lookup = randomToken(9);
  const secret = randomToken(32);
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: input.name,
      lookup,
      secretHash: await sha256Hex(secret),
      scopes,
      createdBy: actor.id,
      createdAt: new Date(now),
      expiresAt,
    })
    .returning({ id: apiKeys.id });
  if (!row) throw new Error('The new API key was not stored');
  const item = (await listApiKeys(db)).find((k) => k.id === row.id);
  if (!item) throw new Error('The new API key was not stored');
  return { id: row.id, key: `${API_KEY_PREFIX}${lookup}${secret}`, item };
}

/** Every key of the site, newest first, without secrets. */
export async function listApiKeys(db: Database): Promise<ApiKeyItem[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      lookup: apiKeys.lookup,
      scopes: apiKeys.scopes,
      createdAt: apiKeys.createdAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      displayName: users.displayName,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.id))
    .limit(MAX_API_KEYS * 2);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    start: `${API_KEY_PREFIX}${row.lookup}`,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.userId ? { id: row.userId, displayName: row.displayName ?? '' } : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }));
}

/**
 * Revokes (deletes) a key: its creator may, and anyone who may act on the creator's account (the
 * grant rule: holding all it holds, and the owner line), so nobody revokes an owner's key but an owner.
 */
export async function revokeApiKey(db: Database, actor: SessionUser, id: number) {
  const row = await db.select({ createdBy: apiKeys.createdBy }).from(apiKeys).where(eq(apiKeys.id, id)).get();
  if (!row) throw new AppError(404, 'api.apiKeyNotFound');
  await requireMayManage(db, actor, row.createdBy);
  await db.delete(apiKeys).where(eq(apiKeys.id, id));
}
