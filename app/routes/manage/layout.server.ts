import { createContext, type RouterContextProvider } from 'react-router';
import { managedPageFor, mayOpenPage } from '../../../common/page-access';
import type { SessionUser } from '../../../common/permissions';
import { pageRefusal, requireUser } from '../../lib/auth.server';

/** The dashboard guard's outcome for this request: the user, or the refusal to throw. */
const dashboardAccess = createContext<{ user: SessionUser } | { refusal: unknown }>();

/**
 * Runs before any dashboard loader: decides on the route React Router matched (its pattern), so
 * the permission comes from common/page-access.ts however the URL was spelled. A route missing
 * from that table is refused. The refusal is kept, not thrown here, so the layout's loader throws
 * it and the layout's error boundary shows it inside the site shell.
 */
export async function guardDashboard(args: { request: Request; context: Readonly<RouterContextProvider>; pattern: string }) {
  const page = managedPageFor(args.pattern);
  try {
    if (!page) throw new Response(null, { status: 403 });
    const session = await requireUser(args);
    if (!mayOpenPage(session.user, page)) pageRefusal(args, session);
    args.context.set(dashboardAccess, { user: session.user });
  } catch (refusal) {
    args.context.set(dashboardAccess, { refusal });
  }
}

/** For every loader below the dashboard layout: the allowed user, or the guard's refusal. */
export function dashboardUser(context: Readonly<RouterContextProvider>): SessionUser {
  const access = context.get(dashboardAccess);
  if ('refusal' in access) throw access.refusal;
  return access.user;
}
