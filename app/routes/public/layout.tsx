import { Outlet, useRouteError } from 'react-router';
import { appContext } from '../../../server/context';
import { latestBuildJson } from '../../../server/services/seo';
import { ErrorView, errorStatus } from '../../components/layout/error-view';
import { SiteShell } from '../../components/layout/site-shell';
import { useBuildWatcher } from '../../lib/build-watcher';
import type { Route } from './+types/layout';

/** The build this document was rendered from; the watcher compares it with builds/latest.json. */
export async function loader({ context }: Route.LoaderArgs) {
  const latest = await latestBuildJson(context.get(appContext).deps.db).catch(() => undefined);
  return { buildId: latest?.id };
}

// The build id belongs to the document: later navigations do not need to fetch it again.
export const shouldRevalidate = () => false;

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  useBuildWatcher(loaderData.buildId);
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Errors in public pages keep the header and footer around the error view. */
export function ErrorBoundary() {
  return (
    <SiteShell>
      <ErrorView status={errorStatus(useRouteError())} />
    </SiteShell>
  );
}
