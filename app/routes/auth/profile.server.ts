import { getProfile } from '../../../server/services/accounts';
import { securityOverview } from '../../../server/services/two-factor';
import { serverContext } from '../../lib/app-context.server';
import { requireUser } from '../../lib/auth.server';
import type { Route } from './+types/profile';

/** The signed-in user's profile, their two-factor sign-in, and which of their devices this browser is; visitors sign in first. */
export async function loadProfile(args: Route.LoaderArgs) {
  const session = await requireUser(args);
  const { deps } = serverContext(args.context);
  const [profile, security] = await Promise.all([
    getProfile(deps, session.user.id),
    securityOverview(deps.db, session.user, session.secondFactorNeeded),
  ]);
  // `?tab=security` opens that tab (the dashboard sends staff there when a second factor is needed).
  const tab = new URL(args.request.url).searchParams.get('tab') === 'security' ? 'security' : 'comments';
  return { ...profile, security, currentDeviceId: session.deviceId, tab };
}
