import { redirect } from 'react-router';
import { getRequestUser } from '../../../server/auth/request-user';
import { appContext } from '../../../server/context';
import { getProfile } from '../../../server/services/accounts';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/profile';

/** The signed-in user's profile (spec §2); anonymous visitors sign in first and come back. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { deps } = context.get(appContext);
  const user = await getRequestUser(deps.db, request);
  if (!user) throw redirect(`/${params.locale}/login?redirectTo=${encodeURIComponent(`/${params.locale}/profile`)}`);
  return getProfile(deps, user.id);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches);

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-2xl font-bold">{loaderData.user.displayName}</h1>
      <p className="text-fg-muted">@{loaderData.user.username}</p>
    </section>
  );
}
