import { ChevronDown, Menu } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
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
  const { pathname } = useLocation();
  const allowed = site.dashMenu.filter((entry) => {
    const page = entry.to.slice(1) as ManagedPage;
    return !(page in pageAccess) || mayOpenPage(loaderData.sessionUser, page);
  });
  // The section shown now: the longest menu address the current one starts with.
  const current = allowed
    .filter((entry) => {
      const to = paths.inLocale(locale, entry.to);
      return pathname === to || (entry.to !== '/manage' && pathname.startsWith(`${to}/`));
    })
    .sort((a, b) => b.to.length - a.to.length)[0];
  // Below the md breakpoint the menu folds behind one button (D18): open, it lists the sections
  // under the button; Esc or choosing a section closes it and the focus goes back to the button.
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (a section chosen) closes the menu.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <SiteShell wide>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 focus-mode:block md:grid-cols-[12rem_minmax(0,1fr)] md:gap-8">
        <nav
          aria-label={t('manage.menu')}
          className="focus-mode:hidden"
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !open) return;
            setOpen(false);
            button.current?.focus();
          }}
        >
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
            data-testid="dash-menu-button"
            className="flex w-full items-center gap-2 rounded-md border border-border bg-surface px-3 py-2 text-sm md:hidden"
          >
            <Menu aria-hidden className="size-4 shrink-0" />
            <span className="min-w-0 flex-1 truncate text-start">
              {current ? (
                <>
                  <span className="sr-only">{t('manage.menu')}: </span>
                  <span className="font-semibold">{current.label[locale]}</span>
                </>
              ) : (
                t('manage.menu')
              )}
            </span>
            <ChevronDown aria-hidden className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
          </button>
          <ul
            id={listId}
            className={`space-y-1 max-md:mt-1 max-md:rounded-md max-md:border max-md:border-border max-md:bg-surface max-md:p-1 max-md:shadow-md ${open ? '' : 'max-md:hidden'}`}
          >
            {allowed.map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={paths.inLocale(locale, entry.to)}
                  end={entry.to === '/manage'}
                  onClick={() => setOpen(false)}
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
