import { latestBuildJson } from '../../../server/services/seo';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/layout';

/** The build this document was rendered from; the watcher compares it with builds/latest.json. */
export async function loadBuildId({ context }: Route.LoaderArgs) {
  const { deps, state } = serverContext(context);
  const latest = state.installed ? await latestBuildJson(deps.db) : undefined;
  return { buildId: latest?.id };
}
