import { eq } from 'drizzle-orm';
import type { Locale } from '../../common/locales';
import { translateMessage } from '../../common/messages';
import { allPermissions, OWNER_ROLE } from '../../common/permissions';
import type { AccountRequest } from '../../common/schemas/account';
import { accountRequestSchema } from '../../common/schemas/account';
import { requireStrongPassword } from '../auth/password-strength';
import type { Database } from '../db/database';
import { userRoles } from '../db/schema';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { mailResetLink } from './forgot-password';
import { createResetLink, RESET_LINK_TTL_MS } from './password-resets';
import { createUser, findUserByName, requireEmailFree } from './users';

/*
 * The admin CLI's account commands (`npm run daftar -- …`), for whoever runs the server: they act
 * with the owner's full rights, because access to the data folder is access to everything.
 */

/** The person running the CLI, as the services see an actor: every permission. */
const operator = (id: string) => ({ id, roles: [OWNER_ROLE], permissions: [...allPermissions] });

/**
 * `reset-password USER [--mail]`: a one-time link (24 h) for a locked-out account; its old sessions
 * end when it is used. With a mailer the link is also mailed to the account's confirmed address
 * (refused before any link is made when it has none).
 */
export async function cliResetLink(db: Database, userName: string, where: { origin: string; locale: Locale }, mailer?: Mailer) {
  const user = await findUserByName(db, userName);
  if (!user) throw new Error(`No account is called "${userName}".`);
  if (mailer && !user.email)
    throw new Error(`The account "${user.username}" has no confirmed e-mail address: the link can only be printed.`);
  const link = await createResetLink(db, operator(user.id), user.id, where);
  if (!mailer) return { ...link, mailedTo: undefined };
  await mailResetLink({ db, mailer }, user, link, where, RESET_LINK_TTL_MS);
  return { ...link, mailedTo: user.email ?? undefined };
}

/**
 * `create-admin`: a new owner, for a site whose owner is gone or locked out; the same rules as the
 * installer's form (names, user name, a password that is not easy to guess).
 */
export async function cliCreateAdmin(
  db: Database,
  input: Omit<AccountRequest, 'pub' | 'email'> & { email?: string },
  passwordIterations?: number,
) {
  const parsed = accountRequestSchema.omit({ pub: true }).safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${translateMessage('en', issue.message)}`);
    throw new Error(`The account was refused:\n  ${problems.join('\n  ')}`);
  }
  if (await findUserByName(db, parsed.data.userName)) throw new Error(`The user name "${parsed.data.userName}" is taken.`);
  if (parsed.data.email) {
    const email = parsed.data.email;
    await requireEmailFree(db, email).catch(() => {
      throw new Error(`The e-mail address "${email}" is used by another account.`);
    });
  }
  try {
    await requireStrongPassword(parsed.data.password, [parsed.data.userName, parsed.data.firstName, parsed.data.lastName]);
  } catch (error) {
    if (error instanceof AppError) {
      const issues = (error.data as { issues?: { message: string }[] } | undefined)?.issues ?? [];
      throw new Error(
        issues.map((issue) => translateMessage('en', issue.message)).join('\n') || translateMessage('en', error.messageKey),
      );
    }
    throw error;
  }
  const id = await createUser(db, parsed.data, [OWNER_ROLE], passwordIterations);
  const owners = await db.$count(userRoles, eq(userRoles.roleId, OWNER_ROLE));
  return { id, owners };
}
