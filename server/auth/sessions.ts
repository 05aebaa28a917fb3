import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import { permissionsOfRoles } from '../../common/grants';
import { isPermission, type Permission, type SessionUser } from '../../common/permissions';
import { asMember, isStaff } from '../../common/two-factor';
import type { Database } from '../db/database';
import { isMissingTableError } from '../db/errors';
import { batchInParts } from '../db/limits';
import { devices, roles, sessions, userRoles, users } from '../db/schema';
import { AppError, errorForLog } from '../errors';
import { randomToken, sha256Hex } from './tokens';
import { readSecuritySettings } from './two-factor-policy';

export const SESSION_COOKIE = 'daftar_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry: a session used after a day is extended to a full TTL again. */
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

export type { SessionUser };

export type ClientInfo = { ip: string; userAgent: string };

export async function userPermissions(db: Database, userId: string): Promise<{ roles: string[]; permissions: Permission[] }> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return heldPermissions(rows);
}

/**
 * The role names and permissions a user's role rows grant. The owner role grants every permission,
 * also those added to the catalogue after its row was written (`integrations.manage`), as the
 * grant rule reads it (common/grants.ts `permissionsOfRoles`).
 */
export function heldPermissions(rows: readonly { id: string; name: string; permissions: readonly string[] }[]): {
  roles: string[];
  permissions: Permission[];
} {
  const permissions = new Set<Permission>();
  const granted = permissionsOfRoles(
    rows,
    rows.map((r) => r.id),
  );
  for (const p of granted) if (isPermission(p)) permissions.add(p);
  return { roles: rows.map((r) => r.name).sort(), permissions: [...permissions].sort() };
}

/** Records (or refreshes) the browser a user signs in from, identified by its public key. */
export async function recordDevice(db: Database, userId: string, pubkey: string, client: ClientInfo, name = '') {
  const now = new Date();
  const existing = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.pubkey, pubkey)))
    .get();
  if (existing) {
    await db
      .update(devices)
      .set({ lastSeenAt: now, ip: client.ip, userAgent: client.userAgent, ...(name ? { name } : {}) })
      .where(eq(devices.id, existing.id));
    return existing.id;
  }
  const id = crypto.randomUUID();
  await db.insert(devices).values({ id, userId, pubkey, name, ip: client.ip, userAgent: client.userAgent, lastSeenAt: now });
  return id;
}

/**
 * Starts a session; the token goes to the cookie, only its hash to the database. `twoFactor`: it
 * was opened with a second factor or a passkey (the two-factor policy, F-42). Every session starts
 * confirmed: its password or factor was just proven (F-46).
 */
export async function createSession(
  db: Database,
  userId: string,
  client: ClientInfo,
  deviceId?: string,
  { twoFactor = false }: { twoFactor?: boolean } = {},
) {
  const token = randomToken(32);
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db.insert(sessions).values({
    twoFactor,
    confirmedAt: new Date(now),
    id: await sha256Hex(token),
    userId,
    deviceId: deviceId ?? null,
    expiresAt,
    lastSeenAt: new Date(),
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { token, expiresAt };
}

/**
 * A valid session: its user, when it expires, whether that was just extended, and its device.
 * `secondFactorNeeded`: the site requires two factors of this staff account and the session has
 * none, so `user` holds only a member's rights until one is proven (F-42). `confirmedAt`: when it
 * last proved the password or a factor (F-46).
 */
export type Session = {
  id: string;
  user: SessionUser;
  expiresAt: Date;
  refreshed: boolean;
  deviceId: string | null;
  secondFactorNeeded: boolean;
  confirmedAt: Date | null;
};

/** The signed-in user for a session token, or null (unknown, expired, revoked or disabled). */
export async function readSession(db: Database, token: string | undefined): Promise<Session | null> {
  if (!token || token.length > 200) return null;
  const id = await sha256Hex(token);
  const now = Date.now();
  const row = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now)), isNull(users.disabledAt)))
    .get();
  if (!row) return null;
  let expiresAt = row.session.expiresAt;
  let refreshed = false;
  if (expiresAt.getTime() - now < SESSION_TTL_MS - SESSION_REFRESH_MS) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    refreshed = true;
    await db
      .update(sessions)
      .set({ expiresAt, lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  const { roles: roleNames, permissions } = await userPermissions(db, row.user.id);
  const user = { id: row.user.id, username: row.user.username, displayName: row.user.displayName, roles: roleNames, permissions };
  // Staff (any permission beyond a member's) must have signed in with a second factor when the site
  // requires it, whenever the roles were given: a member promoted while signed in is asked at the
  // first request that needs more than a member may do (F-42).
  const secondFactorNeeded = !row.session.twoFactor && isStaff(user) && (await readSecuritySettings(db)).requireTwoFactor;
  return {
    id,
    user: secondFactorNeeded ? asMember(user) : user,
    expiresAt,
    refreshed,
    deviceId: row.session.deviceId,
    secondFactorNeeded,
    confirmedAt: row.session.confirmedAt,
  };
}

/**
 * The session of a request, for the API guard and the page guards alike. Before installation the
 * tables do not exist and nobody is signed in; any other database failure is an outage (503),
 * never silently "signed out".
 */
export async function readRequestSession(db: Database, token: string | undefined): Promise<Session | null> {
  if (!token) return null;
  try {
    return await readSession(db, token);
  } catch (error) {
    if (isMissingTableError(error)) return null;
    console.error(`Reading the session failed:\n${errorForLog(error)}`);
    throw new AppError(503, 'api.databaseUnavailable');
  }
}

export async function revokeSession(db: Database, token: string | undefined) {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.id, await sha256Hex(token)));
}

/** Ends every session of a user, optionally keeping the current one (after a password change). */
/**
 * Ends every session of a user but the one of `keepToken`; the devices signed out with them
 * leave the user's device list (only the kept session's device stays).
 */
export async function revokeUserSessions(db: Database, userId: string, keepToken?: string) {
  const keep = keepToken ? await sha256Hex(keepToken) : undefined;
  const kept = keep
    ? await db.select({ deviceId: sessions.deviceId }).from(sessions).where(eq(sessions.id, keep)).get()
    : undefined;
  await db.delete(sessions).where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
  await db
    .delete(devices)
    .where(kept?.deviceId ? and(eq(devices.userId, userId), ne(devices.id, kept.deviceId)) : eq(devices.userId, userId));
}

export async function revokeDeviceSessions(db: Database, deviceIds: string[]) {
  await batchInParts(db, deviceIds, (ids) => db.delete(sessions).where(inArray(sessions.deviceId, ids)));
}

/** Marks a session as having proven a second factor now (a factor turned on in it, or confirmed again). */
export async function markSessionConfirmed(db: Database, sessionId: string, { twoFactor }: { twoFactor: boolean }) {
  await db
    .update(sessions)
    .set({ confirmedAt: new Date(), ...(twoFactor ? { twoFactor: true } : {}) })
    .where(eq(sessions.id, sessionId));
}

/**
 * Deletes expired sessions (they are refused anyway; this keeps the table small). Run by the
 * platforms on a schedule: every few hours on Node, by a cron trigger on Workers. Returns how many
 * went; a site that is not installed yet has none.
 */
export async function purgeExpiredSessions(db: Database, now = new Date()): Promise<number> {
  try {
    const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
    return gone.length;
  } catch (error) {
    if (isMissingTableError(error)) return 0;
    throw error;
  }
}

/** How often the node server purges expired sessions. */
export const SESSION_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;
