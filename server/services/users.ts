import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { emailKey } from '../../common/email';
import { OWNER_ROLE, type SessionUser } from '../../common/permissions';
import type { AccountRequest } from '../../common/schemas/account';
import { userNameKey } from '../../common/user-name';
import { hashPassword, NO_PASSWORD } from '../auth/password';
import { requireStrongPassword } from '../auth/password-strength';
import type { Database } from '../db/database';
import { isEmailUniqueViolation, isNotNullViolation, isUniqueViolation } from '../db/errors';
import { containsFolded } from '../db/folded-match';
import {
  apiKeys,
  devices,
  halfSignedStates,
  passkeys,
  passwordResets,
  recoveryCodes,
  roles,
  sessions,
  totpFactors,
  userRoles,
  users,
  webauthnChallenges,
} from '../db/schema';
import { AppError } from '../errors';
import { requireMayGrant, requireMayManage } from './grants';

/** Who is acting on the users (a session's user). */
export type Actor = Pick<SessionUser, 'id' | 'roles' | 'permissions'>;

/**
 * The account a user name names, however it is spelled: names compare by `userNameKey`
 * (common/user-name.ts: ي/ی, ك/ک, Persian/ASCII digits, half-spaces, case), stored in
 * `users.username_key` under a unique index. Two accounts that held one key before migration 0018
 * (or 0033, which folds ھ and the hamza seats too) keep theirs apart with `#<id>` after the later
 * one's key: each is found by its exact name first, so neither is taken for the other; another
 * spelling finds the older one.
 */
export async function findUserByName(db: Database, username: string) {
  const key = userNameKey(username);
  if (!key) return undefined;
  const rows = await db
    .select()
    .from(users)
    .where(or(eq(users.usernameKey, key), and(gt(users.usernameKey, `${key}#`), lt(users.usernameKey, `${key}$`))))
    .limit(10);
  const exact = username.trim().normalize('NFC');
  return rows.find((user) => user.username === exact) ?? rows.find((user) => user.usernameKey === key);
}

/** A new account's fields; without a password it has none until its invitation's link sets one (invitations.ts). */
export type NewAccount = Omit<AccountRequest, 'pub' | 'password'> & {
  password?: string;
  locale?: string;
  /** An invitation's pending address and its link (the same token's hash in both), stored with the account. */
  invitation?: { email: string; tokenHash: string; expiresAt: Date; createdBy: string };
};

/**
 * The statements that create an account (its row and its role rows), password hashed, for a
 * caller that commits them in its own atomic batch (the installer's owner). An `email` here is
 * stored as confirmed: only the operator's own forms (installer, CLI) pass one; the others
 * leave it out and ask for it through server/services/account-email.ts (a mailed link).
 */
export async function newUserStatements(db: Database, input: NewAccount, roleIds: string[], passwordIterations?: number) {
  const id = crypto.randomUUID();
  const passwordHash = input.password === undefined ? NO_PASSWORD : await hashPassword(input.password, passwordIterations);
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    db.insert(users).values({
      id,
      username: input.userName,
      usernameKey: userNameKey(input.userName),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: `${input.firstName} ${input.lastName}`,
      about: input.about,
      email: input.email ?? null,
      locale: input.locale ?? null,
      ...(input.invitation
        ? {
            pendingEmail: input.invitation.email,
            pendingEmailTokenHash: input.invitation.tokenHash,
            pendingEmailExpiresAt: input.invitation.expiresAt,
          }
        : {}),
    }),
    ...roleIds.map((roleId) => db.insert(userRoles).values({ userId: id, roleId })),
    ...(input.invitation
      ? [
          db.insert(passwordResets).values({
            id: input.invitation.tokenHash,
            userId: id,
            createdBy: input.invitation.createdBy,
            expiresAt: input.invitation.expiresAt,
          }),
        ]
      : []),
  ];
  return { id, statements };
}

/**
 * Creates an account with the given roles; user names are unique by `userNameKey` (case, Arabic or
 * Persian letters and digits, half-spaces). Two sign-ups racing with two spellings of one name both
 * pass the check here; the unique index on `username_key` lets one in and refuses the other (409).
 */
export async function createUser(db: Database, input: NewAccount, roleIds: string[], passwordIterations?: number) {
  const taken = () => new AppError(409, 'api.userNameTaken', { issues: [{ path: ['userName'], message: 'api.userNameTaken' }] });
  if (await findUserByName(db, input.userName)) throw taken();
  await requireEmailFree(db, input.email ?? input.invitation?.email);
  const { id, statements } = await newUserStatements(db, input, roleIds, passwordIterations);
  try {
    await db.batch(statements);
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw emailTaken();
    // Two sign-ups racing for one name (in any two spellings): the unique index on username_key decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return id;
}

const emailTaken = () => new AppError(409, 'api.emailTaken', { issues: [{ path: ['email'], message: 'api.emailTaken' }] });

/** Refuses (409) an address another account already uses (compared lower-cased). */
export async function requireEmailFree(db: Database, email: string | undefined | null, exceptId?: string) {
  if (!email) return;
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, emailKey(email)), exceptId ? ne(users.id, exceptId) : undefined))
    .get();
  if (row) throw emailTaken();
}

/**
 * The search as literal text (`instr`: `%` finds a percent sign, not everyone; a NUL matches no
 * one), folded as sign-in folds (issue 37): the user name by its key (`username_key`, so «کیانی»,
 * «1370» and «علیرضا» find «كيانی۱۳۷۰» and «علی‌رضا»), the display name through the same table
 * (server/db/folded-match.ts).
 */
function containsText(query: string) {
  if (query.includes('\0')) return sql`0`;
  const key = userNameKey(query);
  return or(key ? sql`instr(${users.usernameKey}, ${key}) > 0` : undefined, containsFolded([users.displayName], query));
}

/** Users for the dashboard: paginated, searchable by user name or name (case-insensitive, literal text), optionally one role's holders; deleted accounts are left out. */
export async function listUsers(
  db: Database,
  {
    query,
    role,
    page,
    pageSize,
    withEmail = false,
  }: { query?: string; role?: string; page: number; pageSize: number; withEmail?: boolean },
) {
  const where = and(
    isNull(users.deletedAt),
    query ? containsText(query) : undefined,
    role ? inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, role))) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        disabledAt: users.disabledAt,
        createdAt: users.createdAt,
        email: users.email,
        pendingEmail: users.pendingEmail,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)` }).from(users).where(where),
  ]);
  const memberships = rows.length
    ? await db
        .select({ userId: userRoles.userId, roleId: userRoles.roleId })
        .from(userRoles)
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    items: rows.map(({ email, pendingEmail, ...row }) => ({
      ...row,
      // Only for holders of users.edit (the caller says): never in what others see.
      ...(withEmail ? { email, pendingEmail } : {}),
      roles: memberships
        .filter((m) => m.userId === row.id)
        .map((m) => m.roleId)
        .sort(),
    })),
    total: Number(count?.total ?? 0),
    page,
    pageSize,
  };
}

async function requireRoles(db: Database, roleIds: string[]) {
  if (!roleIds.length) return;
  const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
  if (found.length !== new Set(roleIds).size) throw new AppError(400, 'api.unknownRole');
}

/** Active users holding the owner role. */
async function activeOwnerIds(db: Database) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.roleId, OWNER_ROLE), isNull(users.disabledAt)));
  return rows.map((r) => r.id);
}

/** An account that exists and is not deleted, or a 404. */
export async function requireAccount(db: Database, userId: string) {
  const user = await db
    .select({ id: users.id, disabledAt: users.disabledAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .get();
  if (!user) throw new AppError(404, 'api.notFound');
  return user;
}

/**
 * The last-owner rule inside a change's own transaction, so two administrators demoting the last
 * two owners at the same moment cannot both succeed (each pre-check alone would pass). When no
 * active owner would remain, this statement sets a NOT NULL column to NULL, which aborts the whole
 * batch: SQLite has no RAISE outside triggers. The pre-check below gives the usual message first.
 */
export async function batchKeepingAnOwner(db: Database, statements: BatchItem<'sqlite'>[]) {
  const guard = db
    .update(users)
    .set({ username: sql`NULL` })
    .where(
      sql`not exists (select 1 from user_roles ur join users u on u.id = ur.user_id
        where ur.role_id = ${OWNER_ROLE} and u.disabled_at is null)`,
    );
  try {
    // The guard runs last, after the change it judges.
    await db.batch([...statements, guard] as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (error) {
    if (isNotNullViolation(error)) throw new AppError(409, 'api.lastOwner');
    throw error;
  }
}

/** Refuses (409) when the change would leave the site without an active owner. */
async function requireOtherOwner(db: Database, userId: string) {
  const owners = await activeOwnerIds(db);
  if (owners.length === 1 && owners[0] === userId) throw new AppError(409, 'api.lastOwner');
}

/** An administrator creates an account; its roles may grant only what the administrator holds. */
export async function createUserWithRoles(
  db: Database,
  actor: Actor,
  input: NewAccount & { roles: string[] },
  passwordIterations?: number,
) {
  await requireRoles(db, input.roles);
  await requireMayGrant(db, actor, input.roles);
  if (input.password !== undefined)
    await requireStrongPassword(input.password, [input.userName, input.firstName, input.lastName]);
  return createUser(db, input, [...new Set(input.roles)], passwordIterations);
}

/**
 * Replaces a user's roles: the actor must hold what the account holds now and what the new roles
 * grant (no self-escalation); the last active owner cannot lose the owner role.
 */
export async function setUserRoles(db: Database, actor: Actor, userId: string, roleIds: string[]) {
  await requireAccount(db, userId);
  await requireRoles(db, roleIds);
  await requireMayManage(db, actor, userId);
  await requireMayGrant(db, actor, roleIds);
  if (!roleIds.includes(OWNER_ROLE)) await requireOtherOwner(db, userId);
  const unique = [...new Set(roleIds)];
  await batchKeepingAnOwner(db, [
    db.delete(userRoles).where(eq(userRoles.userId, userId)),
    ...unique.map((roleId) => db.insert(userRoles).values({ userId, roleId })),
  ]);
}

/** Disabling signs the user out everywhere; nobody disables themselves or the last active owner. */
export async function setUserDisabled(db: Database, actor: Actor, userId: string, disabled: boolean) {
  await requireAccount(db, userId);
  if (disabled && userId === actor.id) throw new AppError(400, 'api.disableSelf');
  await requireMayManage(db, actor, userId);
  if (disabled) await requireOtherOwner(db, userId);
  const change = db
    .update(users)
    .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  if (!disabled) return void (await change);
  await batchKeepingAnOwner(db, [change, db.delete(sessions).where(eq(sessions.userId, userId))]);
}

/**
 * Deletes an account. The row stays as a tombstone so the builds, changes and comments it wrote
 * keep their author name (published pages carry theirs in the content itself): it is disabled,
 * its password, profile text, roles, sessions, devices and reset links go, and its user name is
 * freed for someone else. Nobody deletes themselves or the last active owner.
 */
export async function deleteUser(db: Database, actor: Actor, userId: string) {
  if (userId === actor.id) throw new AppError(400, 'api.deleteSelf');
  await requireAccount(db, userId);
  await requireMayManage(db, actor, userId);
  await requireOtherOwner(db, userId);
  const now = new Date();
  await batchKeepingAnOwner(db, [
    db
      .update(users)
      .set({
        username: `deleted-${userId}`,
        usernameKey: userNameKey(`deleted-${userId}`),
        passwordHash: '!',
        about: '',
        avatarUrl: null,
        email: null,
        pendingEmail: null,
        pendingEmailTokenHash: null,
        pendingEmailExpiresAt: null,
        notifyReplies: false,
        notifyModeration: false,
        notifyDigest: false,
        disabledAt: now,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId)),
    db.delete(userRoles).where(eq(userRoles.userId, userId)),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(devices).where(eq(devices.userId, userId)),
    db.delete(passwordResets).where(eq(passwordResets.userId, userId)),
    // Its factors go too (F-56): nothing of a deleted account can sign in or be revived.
    db.delete(totpFactors).where(eq(totpFactors.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(passkeys).where(eq(passkeys.userId, userId)),
    db.delete(halfSignedStates).where(eq(halfSignedStates.userId, userId)),
    db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId)),
    // And the API keys it made (they act as their creator; a disabled creator's are refused anyway).
    db.delete(apiKeys).where(eq(apiKeys.createdBy, userId)),
  ]);
}
