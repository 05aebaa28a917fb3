import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailKey } from '../../common/email';
import type { Locale } from '../../common/locales';
import { paths } from '../../common/paths';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { Database } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { emailConfirmationMail } from '../mail/account-mail';
import { requireMayManage } from './grants';
import { getSiteSettings } from './site';
import { type Actor, requireAccount, requireEmailFree } from './users';

/*
 * E-mail addresses on accounts (issue 27 item 1, docs/security.md "Accounts and e-mail"). An
 * address is optional and unique compared lower-cased. A new one is only *pending* until the link
 * mailed to it is opened; until then the account keeps (and recovery uses) its earlier confirmed
 * address. Without a mail transport a new address stays pending (nothing can confirm it) and the
 * profile can send its link again once mail works. Only the installer's owner and the CLI's
 * `create-admin` set a confirmed address directly: they are the operator's own word.
 */

/** How long a confirmation link works. */
export const EMAIL_CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

/** The mail's language, and its links' origin (server/site-origin.ts): none, and no mail goes. */
type Where = { origin: string | undefined; locale: Locale };

const taken = () => new AppError(409, 'api.emailTaken', { issues: [{ path: ['email'], message: 'api.emailTaken' }] });

/** The account that a confirmed address names (any case), if any. */
export async function findUserByEmail(db: Database, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, emailKey(email)))
    .get();
}

/**
 * Sets (or, with none, removes) an account's address. Removing is at once. A new address is
 * stored as pending with a fresh link's hash (an earlier link stops working) and the answer is
 * the task that mails the link, for the caller to run after answering (none without a mailer or
 * without the site's address).
 * Typing the confirmed address again just drops a pending change.
 */
export async function requestEmailChange(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  userId: string,
  email: string | undefined,
  where: Where,
  now = new Date(),
): Promise<(() => Promise<void>) | undefined> {
  const { db } = deps;
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || user.deletedAt) throw new AppError(404, 'api.notFound');
  const clearPending = { pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null };
  if (!email) {
    await db
      .update(users)
      .set({ email: null, ...clearPending, updatedAt: now })
      .where(eq(users.id, userId));
    return undefined;
  }
  if (user.email && emailKey(user.email) === emailKey(email)) {
    await db
      .update(users)
      .set({ email, ...clearPending, updatedAt: now })
      .where(eq(users.id, userId));
    return undefined;
  }
  await requireEmailFree(db, email, userId);
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + EMAIL_CONFIRM_TTL_MS);
  await db
    .update(users)
    .set({ pendingEmail: email, pendingEmailTokenHash: await sha256Hex(token), pendingEmailExpiresAt: expiresAt, updatedAt: now })
    .where(eq(users.id, userId));
  return confirmationTask(deps, { to: email, userName: user.username, token, locale: user.locale, where });
}

async function confirmationTask(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  input: { to: string; userName: string; token: string; locale: string | null; where: Where },
) {
  const { mailer } = deps;
  const { origin } = input.where;
  if (!mailer || !origin) return undefined;
  const locale = input.locale === 'fa' || input.locale === 'en' ? input.locale : input.where.locale;
  const message = emailConfirmationMail({
    to: input.to,
    locale,
    site: (await getSiteSettings(deps.db)).siteName[locale],
    siteUrl: origin,
    userName: input.userName,
    url: `${origin}${paths.confirmEmail(locale, input.token)}`,
    hours: EMAIL_CONFIRM_TTL_MS / 3_600_000,
  });
  return () => mailer.send(message);
}

/** Sends the pending address's link again (a new link; the earlier one stops working). */
export async function resendEmailConfirmation(deps: Pick<AppDeps, 'db' | 'mailer'>, userId: string, where: Where) {
  if (!deps.mailer) throw new AppError(503, 'api.mailOff');
  const user = await deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user?.pendingEmail) throw new AppError(409, 'api.noPendingEmail');
  return requestEmailChange(deps, userId, user.pendingEmail, where);
}

/** An administrator (`users.edit`) sets another account's address: the owner line applies (grants.ts). */
export async function requestEmailChangeAsAdmin(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  actor: Actor,
  userId: string,
  email: string | undefined,
  where: Where,
) {
  await requireAccount(deps.db, userId);
  await requireMayManage(deps.db, actor, userId);
  return requestEmailChange(deps, userId, email, where);
}

type ConfirmState = { status: 'valid'; email: string; userName: string } | { status: 'invalid' | 'expired' };

/** What a confirmation token is worth, without spending it (the page shows it before its button). */
export async function readEmailConfirmation(db: Database, token: string, now = new Date()): Promise<ConfirmState> {
  if (!token || token.length > 200) return { status: 'invalid' };
  const user = await db
    .select()
    .from(users)
    .where(eq(users.pendingEmailTokenHash, await sha256Hex(token)))
    .get();
  if (!user?.pendingEmail || user.deletedAt || user.disabledAt) return { status: 'invalid' };
  if (!user.pendingEmailExpiresAt || user.pendingEmailExpiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  return { status: 'valid', email: user.pendingEmail, userName: user.username };
}

/**
 * Confirms a pending address: it becomes the account's address and the link is spent in one
 * statement (two clicks: one wins; a used link is unknown afterwards). Another account that
 * confirmed the same address first wins the unique index: 409.
 */
export async function confirmEmail(db: Database, token: string, now = new Date()) {
  const state = await readEmailConfirmation(db, token, now);
  if (state.status === 'invalid') throw new AppError(400, 'api.emailLinkInvalid');
  if (state.status === 'expired') throw new AppError(400, 'api.emailLinkExpired');
  const hash = await sha256Hex(token);
  try {
    const [done] = await db
      .update(users)
      .set({
        email: sql`${users.pendingEmail}`,
        pendingEmail: null,
        pendingEmailTokenHash: null,
        pendingEmailExpiresAt: null,
        updatedAt: now,
      })
      .where(and(eq(users.pendingEmailTokenHash, hash), isNull(users.deletedAt)))
      .returning({ email: users.email });
    if (!done?.email) throw new AppError(400, 'api.emailLinkInvalid');
    return { email: done.email };
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
