import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '../../common/locales';
import { paths } from '../../common/paths';
import { hashPassword } from '../auth/password';
import { requireStrongPassword } from '../auth/password-strength';
import { revokeUserSessions } from '../auth/sessions';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { Database } from '../db/database';
import { isEmailUniqueViolation } from '../db/errors';
import { passwordResets, users } from '../db/schema';
import { AppError } from '../errors';
import { requireMayManage } from './grants';
import { type Actor, requireAccount } from './users';

/** How long a reset link an administrator hands over works. */
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a mailed reset link works (forgot-password, the CLI's `reset-password --mail`). */
export const MAILED_RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * A one-time password reset link for an account, for an administrator to hand over. Only the
 * token's SHA-256 is stored; a new link replaces the account's earlier one. The actor must
 * hold everything the account holds, so a reset link is never a way into a stronger account.
 */
export async function createResetLink(
  db: Database,
  actor: Actor,
  userId: string,
  where: { origin: string; locale: Locale },
  now = new Date(),
) {
  const user = await requireAccount(db, userId);
  if (user.disabledAt) throw new AppError(409, 'api.userDisabled');
  await requireMayManage(db, actor, userId);
  return issueResetLink(db, userId, actor.id, where, RESET_LINK_TTL_MS, now);
}

/**
 * Stores a new one-time link for an account (replacing its earlier one) and answers its address.
 * `createdBy` is null for a link the account asked for itself (forgot-password).
 */
export async function issueResetLink(
  db: Database,
  userId: string,
  createdBy: string | null,
  where: { origin: string; locale: Locale },
  ttlMs: number,
  now = new Date(),
) {
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.batch([
    // At most one row per account: the table never grows beyond the number of accounts.
    db.delete(passwordResets).where(eq(passwordResets.userId, userId)),
    db.insert(passwordResets).values({ id: await sha256Hex(token), userId, createdBy, expiresAt, createdAt: now }),
  ]);
  return { url: `${where.origin}${paths.resetPassword(where.locale, token)}`, expiresAt, id: await sha256Hex(token) };
}

type LinkState =
  | {
      status: 'valid';
      id: string;
      userId: string;
      username: string;
      firstName: string;
      lastName: string;
      /** The link of an invitation (server/services/invitations.ts): it was mailed to the account's pending address. */
      invitation: boolean;
    }
  | { status: 'invalid' | 'expired' | 'used' };

/** What a token is worth: unknown (or its account gone or disabled), expired, used, or valid. */
export async function readResetLink(db: Database, token: string, now = new Date()): Promise<LinkState> {
  if (!token || token.length > 200) return { status: 'invalid' };
  const row = await db
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.id, await sha256Hex(token)))
    .get();
  if (!row || row.user.disabledAt || row.user.deletedAt) return { status: 'invalid' };
  if (row.reset.usedAt) return { status: 'used' };
  if (row.reset.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  const { id, username, firstName, lastName } = row.user;
  const invitation = Boolean(row.user.pendingEmail) && row.user.pendingEmailTokenHash === row.reset.id;
  return { status: 'valid', id: row.reset.id, userId: id, username, firstName, lastName, invitation };
}

const refusals = { invalid: 'api.resetLinkInvalid', expired: 'api.resetLinkExpired', used: 'api.resetLinkUsed' } as const;

/**
 * Sets a new password through a reset link: the usual strength rule, the link is spent atomically
 * (two tabs racing: one wins), and every session of the account ends. An invitation's link was
 * mailed to the account's pending address, so using it confirms that address too (unless another
 * account confirmed the same address meanwhile: then it stays pending).
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  passwordIterations?: number,
  now = new Date(),
) {
  const link = await readResetLink(db, input.token, now);
  if (link.status !== 'valid') throw new AppError(400, refusals[link.status]);
  await requireStrongPassword(input.password, [link.username, link.firstName, link.lastName]);
  const passwordHash = await hashPassword(input.password, passwordIterations);
  const spent = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, link.id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (!spent.length) throw new AppError(400, 'api.resetLinkUsed');
  const setPassword = db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId));
  if (link.invitation) {
    const confirmed = {
      email: sql`${users.pendingEmail}`,
      pendingEmail: null,
      pendingEmailTokenHash: null,
      pendingEmailExpiresAt: null,
    };
    try {
      await db
        .update(users)
        .set({ passwordHash, ...confirmed, updatedAt: now })
        .where(and(eq(users.id, link.userId), eq(users.pendingEmailTokenHash, link.id)));
    } catch (error) {
      if (!isEmailUniqueViolation(error)) throw error;
      await setPassword;
    }
  } else await setPassword;
  await revokeUserSessions(db, link.userId);
}
