import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { type ManagedPage, mayOpenPage, pageAccess } from '../../../common/page-access';
import { paths } from '../../../common/paths';
import { ShellErrorBoundary } from '../../components/layout/error-view';
import { SiteShell } from '../../components/layout/site-shell';
import { errorMeta } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/layout';
import { dashboardUser, guardDashboard } from './layout.server';

/**
 * Every dashboard request is checked before any loader runs (common/page-access.ts); loaders
 * below start with `dashboardUser(context)`.
 */
export const middleware: Route.MiddlewareFunction[] = [guardDashboard];

export function loader({ context }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  // `sessionUser` lets the root render the header's signed-in links on the server (app/root.tsx).
  return { permissions: user.permissions, sessionUser: user };
}

export default function ManageLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, site } = useRootData();
  const allowed = site.dashMenu.filter((entry) => {
    const page = entry.to.slice(1) as ManagedPage;
    return !(page in pageAccess) || mayOpenPage(loaderData.sessionUser, page);
  });
  return (
    <SiteShell>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label={t('manage.menu')}>
          <ul className="space-y-1">
            {allowed.map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={paths.inLocale(locale, entry.to)}
                  end={entry.to === '/manage'}
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm hover:bg-muted ${isActive ? 'bg-muted font-semibold text-primary-strong' : ''}`
                  }
                >
                  {entry.label[locale]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </SiteShell>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
export const meta: Route.MetaFunction = errorMeta;
