import { homeView } from '../../../server/services/public-pages';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/home';

export function loadHome({ context, request }: Route.LoaderArgs) {
  const { deps, state } = serverContext(context);
  return homeView({ deps, state, request });
}
