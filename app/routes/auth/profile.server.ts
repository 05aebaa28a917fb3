import { getProfile } from '../../../server/services/accounts';
import { serverContext } from '../../lib/app-context.server';
import { requireUser } from '../../lib/auth.server';
import type { Route } from './+types/profile';

/** The signed-in user's profile and which of their devices this browser is; visitors sign in first. */
export async function loadProfile(args: Route.LoaderArgs) {
  const session = await requireUser(args);
  const profile = await getProfile(serverContext(args.context).deps, session.user.id);
  return { ...profile, currentDeviceId: session.deviceId };
}
