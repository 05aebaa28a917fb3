import { Outlet, useRouteError } from 'react-router';
import { ErrorView, errorStatus } from '../../components/layout/error-view';
import { SiteShell } from '../../components/layout/site-shell';

export default function PublicLayout() {
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
