import { createContext, data, redirect } from 'react-router';
import { isLocale } from '../../common/locales';
import { type ManagedPage, pageAccess } from '../../common/page-access';
import type { Database } from '../db/database';
import { getRequestUser } from './request-user';
import type { SessionUser } from './sessions';

/** The outcome of the dashboard guard, decided once per request by the layout's middleware. */
export type PageAccessResult = { user: SessionUser } | { redirectTo: string } | { forbidden: true };
export const pageAccessContext = createContext<PageAccessResult>();

/** The dashboard page a path belongs to: the longest matching entry of the page-access table. */
export function managedPageFor(pathname: string): ManagedPage | undefined {
  const rest = pathname.split('/').slice(2).join('/');
  return (Object.keys(pageAccess) as ManagedPage[])
    .filter((page) => rest === page || rest.startsWith(`${page}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * Page guard for the dashboard: anonymous visitors go to login and come back afterwards; a
 * signed-in user without the page's permission gets the 403 page.
 */
export async function checkPageAccess(db: Database, request: Request): Promise<PageAccessResult> {
  const url = new URL(request.url);
  // Client-side navigations fetch `<path>.data`; guard and return path use the page's own path.
  url.pathname = url.pathname.replace(/\.data$/, '');
  url.searchParams.delete('_routes');
  const locale = url.pathname.split('/')[1];
  const user = await getRequestUser(db, request);
  if (!user)
    return {
      redirectTo: `/${isLocale(locale) ? locale : 'fa'}/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`,
    };
  const page = managedPageFor(url.pathname);
  if (!page || !user.permissions.includes(pageAccess[page])) return { forbidden: true };
  return { user };
}

/**
 * For loaders behind the guard: the allowed user, or the redirect / 403 the guard decided. The
 * layout's loader calls it, so its error boundary (with the site shell) shows the refusal.
 */
export function requirePageUser(result: PageAccessResult): SessionUser {
  if ('redirectTo' in result) throw redirect(result.redirectTo);
  if ('forbidden' in result) throw data('Forbidden', { status: 403 });
  return result.user;
}
