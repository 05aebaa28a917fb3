import { Trans, useTranslation } from 'react-i18next';
import type { InstallStatus } from '../../../common/installer';
import { Alert } from '../ui/alert';

/**
 * Configuration check (docs/spec.md §2): the database is required (success or error); GitHub and
 * Turnstile are optional, so a missing one is information about what it would enable, not an error.
 */
export function ConfigurationPanel({ status, dbConnected }: { status: InstallStatus; dbConnected: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="config-heading" className="space-y-3">
      <h3 id="config-heading" className="text-sm font-semibold text-fg-muted">
        {t('installer.config.heading')}
      </h3>
      {dbConnected ? (
        <Alert tone="success" title={t('installer.config.dbOk')}>
          <p>{t('installer.config.dbOkBody')}</p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium">{t('installer.database.driver')}</dt>
            <dd>{status.database.driver}</dd>
            <dt className="font-medium">{t('installer.database.location')}</dt>
            <dd>
              <bdi dir="ltr" className="font-mono text-xs">
                {status.database.location}
              </bdi>
            </dd>
          </dl>
        </Alert>
      ) : (
        <Alert tone="error" title={t('installer.config.dbFail')}>
          {t('installer.config.dbFailBody')}
        </Alert>
      )}
      {status.github.valid ? (
        <Alert tone="success" title={t('installer.config.githubOk')}>
          {t('installer.config.githubOkBody')}
        </Alert>
      ) : (
        <Alert tone="info" title={t('installer.config.githubMissing')}>
          <Trans
            i18nKey="installer.config.githubMissingBody"
            components={{ code: <code dir="ltr" className="font-mono text-xs" /> }}
          />
        </Alert>
      )}
      {status.turnstile.valid ? (
        <Alert tone="success" title={t('installer.config.turnstileOk')}>
          {t('installer.config.turnstileOkBody')}
        </Alert>
      ) : (
        <Alert tone="info" title={t('installer.config.turnstileMissing')}>
          <Trans
            i18nKey="installer.config.turnstileMissingBody"
            components={{ code: <code dir="ltr" className="font-mono text-xs" /> }}
          />
        </Alert>
      )}
    </section>
  );
}

export function MigrationsPanel({ migrated, migrating }: { migrated: boolean; migrating: boolean }) {
  const { t } = useTranslation();
  if (migrated)
    return (
      <Alert tone="success" title={t('installer.migrations.done')}>
        {t('installer.migrations.doneBody')}
      </Alert>
    );
  if (migrating)
    return (
      <Alert tone="info" title={t('installer.migrations.running')}>
        {t('installer.migrations.runningBody')}
      </Alert>
    );
  return (
    <Alert tone="warning" title={t('installer.migrations.pending')}>
      {t('installer.migrations.pendingBody')}
    </Alert>
  );
}

export function LoadingPanel({ loaded, loading }: { loaded: boolean; loading: boolean }) {
  const { t } = useTranslation();
  if (loaded)
    return (
      <Alert tone="success" title={t('installer.loading.ready')}>
        {t('installer.loading.readyBody')}
      </Alert>
    );
  if (loading)
    return (
      <Alert tone="info" title={t('installer.loading.preparing')}>
        {t('installer.loading.preparingBody')}
      </Alert>
    );
  return (
    <Alert tone="warning" title={t('installer.loading.required')}>
      {t('installer.loading.requiredBody')}
    </Alert>
  );
}
