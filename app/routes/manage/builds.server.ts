import { DEFAULT_GITHUB_API_URL } from '../../../server/content/github-repository';
import type { AppDeps } from '../../../server/deps';
import { listBuilds, openBuildChanges } from '../../../server/services/builds';
import { contentSyncState, latestContentSync } from '../../../server/services/content-sync-runner';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/builds';
import { dashboardUser } from './layout.server';

/**
 * The open build with its changes and diffs, the history of builds, what the user may do, and
 * where a commit can be seen: `https://github.com/{owner}/{repo}/commit/` when the content lives
 * on github.com (only the public owner and repository names reach the browser).
 */
export async function loadBuilds({ context }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps } = serverContext(context);
  const [open, list, sync] = await Promise.all([openBuildChanges(deps), listBuilds(deps), latestContentSync(deps.db)]);
  return {
    open,
    history: list.items.filter((build) => build.status !== 'open'),
    commitUrl: githubCommitUrl(deps),
    repositoryMissing: !deps.contentRepository,
    sync: sync ? contentSyncState(sync) : null,
    can: {
      publish: user.permissions.includes('builds.create'),
      discard: user.permissions.includes('commits.delete'),
      edit: user.permissions.includes('commits.create'),
    },
  };
}

/** `https://github.com/{owner}/{repo}/commit/` when the content repository is on github.com; null otherwise (local, GitHub Enterprise). */
export function githubCommitUrl({ config, contentRepository }: Pick<AppDeps, 'config' | 'contentRepository'>): string | null {
  if (contentRepository?.kind !== 'github' || !config.GITHUB_OWNER || !config.GITHUB_REPO) return null;
  if ((config.GITHUB_API_URL ?? DEFAULT_GITHUB_API_URL) !== DEFAULT_GITHUB_API_URL) return null;
  return `https://github.com/${encodeURIComponent(config.GITHUB_OWNER)}/${encodeURIComponent(config.GITHUB_REPO)}/commit/`;
}
