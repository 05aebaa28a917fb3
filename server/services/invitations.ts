import type { Locale } from '../../common/locales';
import { paths } from '../../common/paths';
import type { Permission, SessionUser } from '../../common/permissions';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { invitationMail } from '../mail/account-mail';
import { RESET_LINK_TTL_MS } from './password-resets';
import { getSiteSettings } from './site';
import { createUserWithRoles, type NewAccount } from './users';

/*
 * Inviting by e-mail (issue 34, walk-through D7; docs/security.md "Accounts and e-mail"): an
 * administrator makes an account without a password and its person gets a mail with a one-time
 * link, valid 24 hours, to choose their own. The link is a password reset link
 * (password-resets.ts, the same table, page and rules) whose token's hash is also the account's
 * pending address's, so choosing the password confirms the address the mail reached. Until then
 * the account has no password (server/auth/password.ts: NO_PASSWORD) and the users list shows its
 * address as pending. A new link for it later (the users screen's reset link) lets the person in
 * too, without confirming the address.
 */

/** How long an invitation's link works. */
export const INVITATION_TTL_MS = RESET_LINK_TTL_MS;

/**
 * Creates the account (its roles under the grant rule, its address unused by any other) with the
 * invitation in the same batch, and answers the task that mails the link, for the caller to run
 * after answering. Nothing is created when mail is off (503): the invitation could not go.
 */
export async function inviteUser(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'passwordIterations'>,
  actor: Pick<SessionUser, 'id' | 'displayName' | 'roles' | 'permissions'>,
  input: Omit<NewAccount, 'password' | 'invitation' | 'email'> & { email: string; roles: string[] },
  where: { origin: string; locale: Locale },
  now = new Date(),
) {
  const mailer = deps.mailer;
  if (!mailer) throw new AppError(503, 'api.mailOff');
  // An address on an account is for holders of users.edit (the users list shows it to them only).
  if (!actor.permissions.includes('users.edit' satisfies Permission)) throw new AppError(403, 'api.forbidden');
  const { email, ...account } = input;
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const invitation = { email, tokenHash: await sha256Hex(token), expiresAt, createdBy: actor.id };
  const id = await createUserWithRoles(deps.db, actor, { ...account, invitation }, deps.passwordIterations);
  const message = invitationMail({
    to: email,
    locale: where.locale,
    site: (await getSiteSettings(deps.db)).siteName[where.locale],
    siteUrl: where.origin,
    inviter: actor.displayName,
    userName: account.userName,
    url: `${where.origin}${paths.resetPassword(where.locale, token)}`,
    hours: INVITATION_TTL_MS / 3_600_000,
  });
  return { id, send: () => mailer.send(message) };
}
