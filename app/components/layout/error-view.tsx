import { Trans, useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import type { RepositoryDamagePage } from '../../../common/content-sync';
import { paths } from '../../../common/paths';
import { formatNumber } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { useSession } from '../../lib/session';
import { Button } from '../ui/button';
import { SiteShell } from './site-shell';

/** The status an error stands for: a thrown response's own, anything else 500. */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** A path as people read it: `/en/%D8%A2…` shows as `/en/آ…`; a malformed escape stays as it came. */
export function readablePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The message key of an error page's title, also its `<title>` (app/lib/meta.ts errorMeta). */
export function errorTitleKey(status: number): string {
  return status === 404 ? 'errors.notFoundTitle' : status === 403 ? 'errors.forbiddenTitle' : 'errors.internalTitle';
}

/** The error boundary of the site's layouts: the error view inside the header and footer. */
export function ShellErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteShell error>
      <ErrorView status={errorStatus(error)} damage={repositoryDamageOf(error)} />
    </SiteShell>
  );
}

/** The message of a damaged content repository a loader threw (app/lib/repository-damage.server.ts), if it is one. */
function repositoryDamageOf(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const page = error.data as Partial<RepositoryDamagePage> | undefined;
  return page?.kind === 'repositoryDamaged' && typeof page.message === 'string' ? page.message : undefined;
}

/**
 * The one error view: 404 says which path was not found, 403 says access is denied, a damaged
 * content repository (`damage`, the server's message) says which file to restore from a backup,
 * anything else is "Internal Server Error". Stack traces are never shown.
 */
export function ErrorView({ status, damage }: { status: number; damage?: string | undefined }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { pathname } = useLocation();
  const { authReady, loggedIn } = useSession();
  const title = damage ? t('errors.damagedTitle') : t(errorTitleKey(status));
  const message = damage ? (
    damage
  ) : status === 404 ? (
    // The path is isolated so it keeps its left-to-right order inside Persian text.
    <Trans i18nKey="errors.notFound" values={{ path: readablePath(pathname) }} components={{ path: <bdi dir="ltr" /> }} />
  ) : status === 403 ? (
    t('errors.forbidden')
  ) : (
    t('errors.internal')
  );
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-error-strong">{t('errors.status', { status: formatNumber(locale, status) })}</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-fg-muted" data-testid="error-message">
        {message}
      </p>
      <div className="mt-8 flex justify-center gap-3">
        {/* A refused visitor who is not signed in may simply need to log in. */}
        {status === 403 && authReady && !loggedIn ? (
          <Button asChild>
            <Link to={paths.login(locale, pathname)}>{t('auth.loginLink')}</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={paths.home(locale)}>{t('errors.backHome')}</Link>
        </Button>
      </div>
    </section>
  );
}
