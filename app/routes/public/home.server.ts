import { homeView } from '../../../server/services/public-pages';
import { serverContext } from '../../lib/app-context.server';
import { forReader } from '../../lib/members.server';
import type { Route } from './+types/home';

export async function loadHome(args: Route.LoaderArgs) {
  const { deps, state } = serverContext(args.context);
  return forReader(args, await homeView({ deps, state, request: args.request }));
}
