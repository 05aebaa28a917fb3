import { data, type RouterContextProvider, redirect } from 'react-router';
import { readCookie } from '../../common/cookies';
import type { Locale } from '../../common/locales';
import { homeForUser, safeReturnPath } from '../../common/page-access';
import { paths } from '../../common/paths';
import type { Permission, SessionUser } from '../../common/permissions';
import { readRequestSession, SESSION_COOKIE, type Session } from '../../server/auth/sessions';
import type { AppLoadContext } from '../../server/deps';
import { AppError } from '../../server/errors';
import { serverContext } from './app-context.server';

/**
 * The page guards (the API has its own in server/http/guards.ts): `require…` functions that
 * either return what the page may use or throw the response — a redirect to login, a redirect
 * away from login, or a 403. All of them sit on one session read per request.
 */
type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> };

const sessions = new WeakMap<AppLoadContext, Promise<Session | null>>();

/** The request's session, read once however many loaders and middlewares ask. */
export function readPageSession({ request, context }: GuardArgs): Promise<Session | null> {
  const load = serverContext(context);
  let session = sessions.get(load);
  if (!session) {
    const token = readCookie(request.headers.get('cookie'), SESSION_COOKIE);
    session = readRequestSession(load.deps.db, token).catch((error: unknown) => {
      // An outage is a 503 page, not a silent sign-out.
      if (error instanceof AppError) throw data(null, { status: error.statusCode });
      throw error;
    });
    sessions.set(load, session);
  }
  return session;
}

/** The address a page request shows in the browser (client navigations fetch `<path>.data`). */
export function visiblePath(request: Request): string {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\.data$/, '') || '/';
  url.searchParams.delete('_routes');
  return url.pathname + url.search;
}

function localeOf({ context }: GuardArgs): Locale {
  return serverContext(context).state.locale;
}

/** A signed-in user, or a redirect to login that comes back here afterwards. */
export async function requireUser(args: GuardArgs): Promise<Session> {
  const session = await readPageSession(args);
  if (!session) throw redirect(paths.login(localeOf(args), visiblePath(args.request)));
  return session;
}

/** Login and register are for visitors: a signed-in user goes where `redirectTo` says, or home. */
export async function requireAnonymous(args: GuardArgs): Promise<null> {
  const session = await readPageSession(args);
  if (!session) return null;
  const locale = localeOf(args);
  const back = new URL(args.request.url).searchParams.get('redirectTo');
  throw redirect(back ? safeReturnPath(back, locale) : homeForUser(session.user.permissions, locale));
}

/**
 * The refusal of a page the session may not open: the 403 page, or — for staff whose second factor
 * the site requires and this session has not proven (F-42) — the profile's security tab, where
 * it can turn a factor on or confirm with a code.
 */
export function pageRefusal(args: GuardArgs, session: Session): never {
  if (session.secondFactorNeeded) throw redirect(`${paths.profile(localeOf(args))}?tab=security`);
  throw data(null, { status: 403 });
}

/** A signed-in user holding `permission`; anonymous visitors go to login, others get the 403 page. */
export async function requirePermission(args: GuardArgs, permission: Permission): Promise<SessionUser> {
  const session = await requireUser(args);
  if (!session.user.permissions.includes(permission)) pageRefusal(args, session);
  return session.user;
}

/** A 404 for a page that does not exist; the error view names the path from the browser's URL. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
