import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useRouteError } from 'react-router';
import { pageAccess } from '../../../common/page-access';
import { checkPageAccess, pageAccessContext, requirePageUser } from '../../../server/auth/page-guard';
import { appContext } from '../../../server/context';
import { ErrorView, errorStatus } from '../../components/layout/error-view';
import { SiteShell } from '../../components/layout/site-shell';
import { localePath, useRootData } from '../../lib/root-data';
import type { Route } from './+types/layout';

/**
 * Every dashboard request is checked before any loader runs (common/page-access.ts); loaders
 * below read the outcome with `requirePageUser(context.get(pageAccessContext))`.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    context.set(pageAccessContext, await checkPageAccess(context.get(appContext).deps.db, request));
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return { permissions: requirePageUser(context.get(pageAccessContext)).permissions };
}

export default function ManageLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, site } = useRootData();
  const allowed = site.dashMenu.filter((entry) => {
    const page = entry.to.slice(1) as keyof typeof pageAccess;
    return !(page in pageAccess) || (loaderData.permissions as string[]).includes(pageAccess[page]);
  });
  return (
    <SiteShell>
      <div className="grid gap-8 md:grid-cols-[12rem_1fr]">
        <nav aria-label={t('manage.menu')}>
          <ul className="space-y-1">
            {allowed.map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={localePath(locale, entry.to)}
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

export function ErrorBoundary() {
  return (
    <SiteShell>
      <ErrorView status={errorStatus(useRouteError())} />
    </SiteShell>
  );
}
