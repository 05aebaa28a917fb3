import { contentPageView } from '../../../server/services/public-pages';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';
import type { Route } from './+types/content-page';

export async function loadContentPage({ context, params, request }: Route.LoaderArgs) {
  const { deps, state } = serverContext(context);
  const view = await contentPageView({ deps, state, request, slug: params['*'] ?? '' });
  return view ?? notFound();
}
