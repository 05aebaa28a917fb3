import { Outlet } from 'react-router';
import { ShellErrorBoundary } from '../../components/layout/error-view';
import { SiteShell } from '../../components/layout/site-shell';
import { useBuildWatcher } from '../../lib/build-watcher';
import { errorMeta } from '../../lib/meta';
import type { Route } from './+types/layout';
import { loadBuildId } from './layout.server';

export async function loader(args: Route.LoaderArgs) {
  return loadBuildId(args);
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
export const ErrorBoundary = ShellErrorBoundary;
export const meta: Route.MetaFunction = errorMeta;
