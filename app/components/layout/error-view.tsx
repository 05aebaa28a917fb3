import { Trans, useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation } from 'react-router';
import { formatNumber } from '../../lib/format';
import { localePath, useRootData } from '../../lib/root-data';
import { Button } from '../ui/button';

/**
 * The one error view: 404 says which path was not found, 403 says access is denied, anything else
 * is "Internal Server Error". Stack traces are never shown.
 */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export function ErrorView({ status }: { status: number }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { pathname } = useLocation();
  const [title, message] =
    status === 404
      ? [
          t('errors.notFoundTitle'),
          // The path is isolated so it keeps its left-to-right order inside Persian text.
          <Trans key="404" i18nKey="errors.notFound" values={{ path: pathname }} components={{ path: <bdi dir="ltr" /> }} />,
        ]
      : status === 403
        ? [t('errors.forbiddenTitle'), t('errors.forbidden')]
        : [t('errors.internalTitle'), t('errors.internal')];
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-sm font-semibold text-error">{t('errors.status', { status: formatNumber(locale, status) })}</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-fg-muted" data-testid="error-message">
        {message}
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={localePath(locale, '/')}>{t('errors.backHome')}</Link>
      </Button>
    </section>
  );
}
