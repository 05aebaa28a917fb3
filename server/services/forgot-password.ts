import { looksLikeEmail } from '../../common/email';
import { defaultLocale, type Locale } from '../../common/locales';
import type { ForgotPasswordRequest } from '../../common/schemas/account';
import { userNameKey } from '../../common/user-name';
import {
  FORGOT_ACCOUNT_LIMIT,
  FORGOT_IP_LIMIT,
  FORGOT_WINDOW_MS,
  type Limits,
  limitAddress,
  tooManyAttempts,
} from '../auth/rate-limit';
import { sha256Hex } from '../auth/tokens';
import { requireTurnstile } from '../auth/turnstile';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { passwordResetMail } from '../mail/account-mail';
import { findUserByEmail } from './account-email';
import { issueResetLink, MAILED_RESET_LINK_TTL_MS } from './password-resets';
import { getSiteSettings, isInstalled } from './site';
import { findUserByName } from './users';

/*
 * Forgot password (issue 27 item 2, docs/security.md "Accounts and e-mail"): a user name (any
 * spelling that folds to it, common/user-name.ts) or a confirmed address asks for a one-time reset
 * link by mail, valid an hour, through the reset links administrators hand out (password-resets.ts;
 * using one signs the account out everywhere). The answer never says whether anything matched:
 * the caller always answers 202 with one body, the mail goes after the answer, and the answer
 * never comes before `FORGOT_PASSWORD_FLOOR_MS` so a match (which writes a link) does not show
 * in the time either.
 */

/** The least time a forgot-password answer takes, whatever matched. */
export const FORGOT_PASSWORD_FLOOR_MS = 400;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The account a typed name or address names, when it can receive a reset mail. */
async function recoverableAccount(deps: AppDeps, typed: string) {
  const user = looksLikeEmail(typed) ? await findUserByEmail(deps.db, typed) : await findUserByName(deps.db, typed);
  return user?.email && !user.disabledAt && !user.deletedAt ? { ...user, email: user.email } : undefined;
}

/**
 * Handles one request; answers the task that sends the mail (none when nothing matched or the
 * account's limit is reached). Refuses 503 without a mail transport (the page says to ask the
 * site's owner) and 429 past the address's limit — neither depends on the account.
 */
export async function forgotPassword(
  deps: AppDeps,
  limits: Limits,
  input: ForgotPasswordRequest,
  client: { ip: string },
  /** `origin`: the site's address (server/site-origin.ts mailOrigin); none, and no link is made or mailed. */
  where: { origin: string | undefined; locale: Locale },
  { sleep = sleepFor, floorMs = FORGOT_PASSWORD_FLOOR_MS }: { sleep?: (ms: number) => Promise<void>; floorMs?: number } = {},
): Promise<(() => Promise<void>) | undefined> {
  const started = Date.now();
  const mailer = deps.mailer;
  if (!mailer) throw new AppError(503, 'api.mailOff');
  if (!(await isInstalled(deps.db))) throw new AppError(409, 'api.notInstalled');
  const { wait } = await limits.take([
    { key: `forgot-ip:${limitAddress(client.ip)}`, limit: FORGOT_IP_LIMIT, windowMs: FORGOT_WINDOW_MS },
  ]);
  if (wait > 0) throw tooManyAttempts(wait);
  await requireTurnstile(deps.config, input.turnstileToken, client.ip);
  const typed = input.userNameOrEmail;
  const user = await recoverableAccount(deps, typed);
  // Per account; what was typed stands in for an account that is not there (the same work).
  const accountKey = user ? user.id : `?${await sha256Hex(looksLikeEmail(typed) ? typed.toLowerCase() : userNameKey(typed))}`;
  const account = await limits.take([
    { key: `forgot-account:${accountKey}`, limit: FORGOT_ACCOUNT_LIMIT, windowMs: FORGOT_WINDOW_MS },
  ]);
  let task: (() => Promise<void>) | undefined;
  if (user && !account.wait && where.origin) {
    const locale = input.locale ?? (user.locale === 'fa' || user.locale === 'en' ? user.locale : where.locale) ?? defaultLocale;
    const link = await issueResetLink(deps.db, user.id, null, { origin: where.origin, locale }, MAILED_RESET_LINK_TTL_MS);
    const message = passwordResetMail({
      to: user.email,
      locale,
      site: (await getSiteSettings(deps.db)).siteName[locale],
      siteUrl: where.origin,
      userName: user.username,
      url: link.url,
      hours: MAILED_RESET_LINK_TTL_MS / 3_600_000,
    });
    task = () => mailer.send(message);
  }
  const left = floorMs - (Date.now() - started);
  if (left > 0) await sleep(left);
  return task;
}

/** The CLI's `reset-password USER --mail`: the link it printed, mailed to the account's address. */
export async function mailResetLink(
  deps: Pick<AppDeps, 'db' | 'mailer'>,
  user: { username: string; email: string | null; locale: string | null },
  link: { url: string },
  where: { origin: string; locale: Locale },
  ttlMs: number,
) {
  if (!deps.mailer || !user.email) throw new Error('No mailer, or no confirmed address to mail the link to.');
  const locale = where.locale;
  await deps.mailer.send(
    passwordResetMail({
      to: user.email,
      locale,
      site: (await getSiteSettings(deps.db)).siteName[locale],
      siteUrl: where.origin,
      userName: user.username,
      url: link.url,
      hours: Math.round(ttlMs / 3_600_000),
    }),
  );
}
