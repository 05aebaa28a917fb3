import { readResetLink } from '../../../server/services/password-resets';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/reset-password';

/**
 * The page a reset link opens: says at once whether the link still works (unknown, expired or
 * used ones get their reason), for whom, and whether it is an invitation's. Nothing is spent until the form is sent.
 */
export async function loadResetPassword({ context, request }: Route.LoaderArgs) {
  const { deps } = serverContext(context);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const link = await readResetLink(deps.db, token);
  if (link.status !== 'valid') return { token: '', status: link.status, username: '', name: '', invitation: false };
  const { username, firstName, lastName, invitation } = link;
  return { token, status: link.status, username, name: `${firstName} ${lastName}`, invitation };
}
