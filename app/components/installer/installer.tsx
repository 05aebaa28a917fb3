import { Check, Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../../../common/format';
import { INSTALLER_MARKER, type InstallStatus } from '../../../common/installer';
import { paths } from '../../../common/paths';
import type { AccountFormValues } from '../../../common/schemas/account';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { ensureDevicePublicKey } from '../../lib/device';
import { formatNumber } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { useSession } from '../../lib/session';
import { AccountForm } from '../account/account-form';
import { LanguageSwitcher } from '../layout/language-switcher';
import { ThemeSwitcher } from '../layout/theme-switcher';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { TimeZonePicker } from '../ui/time-zone-picker';
import { toast } from '../ui/toast';
import { ConfigurationPanel, LoadingPanel, MigrationsPanel } from './status-panels';

/*
 * Three screens (issue 30): the database (connection, schema and default data in one press, as
 * nothing there needs a choice), the owner's account, and the end. The spec's five steps stay as
 * the server's calls and the spec's titles and buttons stay where they still apply.
 */
const steps = ['connection', 'admin', 'complete'] as const;
const TOKEN_STORAGE = 'daftar.setupToken';
/** Set once the server accepted the stored token ("Start Installation"); a link's token is not verified yet. */
const VERIFIED_STORAGE = 'daftar.setupTokenVerified';

/**
 * Where a reload resumes: the first step whose requirement the server does not meet yet; past the
 * first step only with a token the server already accepted.
 */
function resumeStep(status: InstallStatus, verifiedToken: boolean) {
  if (!verifiedToken || !status.dbConnected) return 0;
  if (status.adminLoaded) return 2;
  if (status.dbLoaded) return 1;
  return 0;
}

/** The database the installer talks to, named as its owner knows it: D1, SQLite or libSQL. */
export function databasePlatform(database: InstallStatus['database']) {
  if (/\bD1\b/.test(database.driver)) return 'D1';
  return database.location.startsWith('file:') ? 'SQLite' : 'libSQL';
}

/**
 * The first-run installer (docs/spec.md §2, §4): its calls in a fixed order, each requiring the one
 * before (connected → migrated → loaded → admin). Flags start from the server's real state, and a
 * reload in the same browser tab resumes where it stood (the token is kept in sessionStorage).
 */
export function Installer({ status }: { status: InstallStatus }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { refresh: refreshSession } = useSession();
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string>();
  const [currentStep, setCurrentStep] = useState(0);
  const [dbConnected, setDbConnected] = useState(status.dbConnected);
  const [dbMigrated, setDbMigrated] = useState(status.dbMigrated);
  const [isMigrating, setIsMigrating] = useState(false);
  const [dbLoaded, setDbLoaded] = useState(status.dbLoaded);
  const [dbLoading, setDbLoading] = useState(false);
  const [adminLoaded, setAdminLoaded] = useState(status.adminLoaded);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string>();
  // Preselected: most Daftar sites keep Tehran time; Settings changes it later.
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);

  // The start-up link carries the token (?setup=…): keep it for this tab, then drop it from the address bar.
  useEffect(() => {
    const url = new URL(window.location.href);
    const fromLink = url.searchParams.get('setup');
    if (fromLink) {
      sessionStorage.setItem(TOKEN_STORAGE, fromLink);
      sessionStorage.removeItem(VERIFIED_STORAGE);
      url.searchParams.delete('setup');
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
    const saved = fromLink ?? sessionStorage.getItem(TOKEN_STORAGE) ?? '';
    setToken(saved);
    setCurrentStep(resumeStep(status, Boolean(saved) && sessionStorage.getItem(VERIFIED_STORAGE) === saved));
  }, [status]);

  /** Every installer step carries the setup token (docs/security.md "Setup token"). */
  const setup = () => ({ locale, headers: { 'x-setup-token': token } });

  const explain = (error: unknown) => (error instanceof ApiRequestError ? error.message : String(error));

  async function verifyConnection() {
    setChecking(true);
    try {
      await api.install.databaseConnection({ locale });
      setDbConnected(true);
    } catch {
      setDbConnected(false);
    } finally {
      setChecking(false);
    }
  }

  /** One press: check the token, apply the migrations and load the defaults (each only if needed). */
  async function startInstallation() {
    if (!token.trim()) return setTokenError(t('installer.token.required'));
    setChecking(true);
    setFailure(undefined);
    try {
      await api.install.verifyToken(setup());
      sessionStorage.setItem(TOKEN_STORAGE, token.trim());
      sessionStorage.setItem(VERIFIED_STORAGE, token.trim());
      setTokenError(undefined);
    } catch (error) {
      setTokenError(explain(error));
      setChecking(false);
      return;
    }
    setChecking(false);
    if (!dbMigrated && !(await runMigrations())) return;
    if (!dbLoaded && !(await loadDefaults())) return;
    setCurrentStep(1);
  }

  async function runMigrations() {
    setIsMigrating(true);
    try {
      await api.install.runMigrations(setup());
      setDbMigrated(true);
      return true;
    } catch (error) {
      setFailure(explain(error));
      return false;
    } finally {
      setIsMigrating(false);
    }
  }

  async function loadDefaults() {
    setDbLoading(true);
    try {
      await api.install.loadDatabase(setup());
      setDbLoaded(true);
      return true;
    } catch (error) {
      setFailure(explain(error));
      return false;
    } finally {
      setDbLoading(false);
    }
  }

  async function createAdmin(values: AccountFormValues) {
    const { confirmPassword: _confirm, ...fields } = values;
    try {
      await api.install.createOwner({ ...setup(), body: { ...fields, timeZone, pub: ensureDevicePublicKey() } });
      setAdminLoaded(true);
      setCurrentStep(2);
      sessionStorage.removeItem(TOKEN_STORAGE);
      sessionStorage.removeItem(VERIFIED_STORAGE);
      // The owner is signed in by the same answer: the header and later pages see it at once.
      void refreshSession();
      toast({ title: t('installer.toast.success'), description: t('installer.toast.registered'), color: 'success' });
    } catch (error) {
      setAdminLoaded(false);
      const failure = error instanceof ApiRequestError ? error.failure : undefined;
      // The first validation issue explains it best; without one, whatever data the error carries.
      const data = failure?.data as unknown;
      toast({
        title: failure?.message ?? explain(error),
        description: failure?.data?.issues?.[0]?.message ?? (typeof data === 'string' ? data : undefined),
        color: 'warning',
      });
      throw error;
    }
  }

  const go = (step: number) => {
    setFailure(undefined);
    setCurrentStep(step);
  };
  const busy = isMigrating || dbLoading || checking;
  const stepKey = steps[currentStep] ?? 'connection';
  const platform = databasePlatform(status.database);

  let body: ReactNode;
  let next: ReactNode = null;
  switch (stepKey) {
    case 'connection':
      body = (
        <div className="space-y-5">
          <ConfigurationPanel status={status} dbConnected={dbConnected} />
          {dbConnected ? (
            <div className="space-y-3">
              <MigrationsPanel migrated={dbMigrated} migrating={isMigrating} />
              <LoadingPanel loaded={dbLoaded} loading={dbLoading} />
            </div>
          ) : null}
          <Button type="button" variant="outline" size="sm" onClick={verifyConnection} disabled={checking}>
            {checking ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {t('installer.buttons.verify')}
          </Button>
          <Field
            label={t('installer.token.label')}
            hint={t('installer.token.hint')}
            value={token}
            onChange={(event) => {
              setToken(event.target.value);
              setTokenError(undefined);
            }}
            error={tokenError}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            className="max-w-md"
          />
        </div>
      );
      next = dbConnected ? (
        <Button type="button" onClick={startInstallation} disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t(dbMigrated && dbLoaded ? 'installer.buttons.continue' : 'installer.buttons.startInstallation')}
        </Button>
      ) : null;
      break;
    case 'admin':
      body = adminLoaded ? (
        <Alert tone="success" title={t('installer.toast.registered')} />
      ) : (
        <div className="space-y-6">
          <div>
            <label htmlFor="installer-time-zone" className="mb-1 block text-sm font-medium">
              {t('installer.timeZone.label')}
            </label>
            <TimeZonePicker
              id="installer-time-zone"
              value={timeZone}
              onChange={setTimeZone}
              describedBy="installer-time-zone-hint"
            />
            <p id="installer-time-zone-hint" className="mt-1 text-sm text-fg-muted">
              {t('installer.timeZone.hint')}
            </p>
          </div>
          {/* The spec's 'Finish Installing' is the form's own button: creating the owner ends the installation. */}
          <AccountForm onSubmit={createAdmin} submitLabel={t('installer.buttons.finish')} emailConfirmed />
        </div>
      );
      break;
    case 'complete':
      body = (
        <div className="space-y-4">
          <Alert tone="success" title={t('installer.complete.title')}>
            <p>{t('installer.complete.body')}</p>
            <p className="mt-2">{t('installer.complete.noFile')}</p>
          </Alert>
          <Button asChild>
            {/* A full load: the root shell re-reads the installed flag and shows the site. */}
            <a href={paths.home(locale)}>{t('installer.buttons.openSite')}</a>
          </Button>
        </div>
      );
      break;
  }

  return (
    <div className="flex min-h-dvh flex-col" {...{ [INSTALLER_MARKER]: '' }}>
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          <h1 className="flex-1 text-lg font-bold">{t('installer.title')}</h1>
          <LanguageSwitcher current={locale} />
          <ThemeSwitcher />
        </div>
      </header>
      {/* content-start: the grid fills the screen's height without stretching its rows apart on phones. */}
      <main id="main" className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-8 px-4 py-8 md:grid-cols-[16rem_1fr]">
        <nav aria-label={t('installer.stepsLabel')}>
          <p className="mb-4 text-sm text-fg-muted max-md:sr-only">{t('installer.intro')}</p>
          {/* On phones only the numbered circles show, in one row, so the step itself is in view. */}
          <ol className="flex gap-1 md:block md:space-y-1">
            {steps.map((step, index) => {
              const done = index < currentStep;
              const current = index === currentStep;
              return (
                <li
                  key={step}
                  aria-current={current ? 'step' : undefined}
                  className={`flex gap-3 rounded-md p-2 ${current ? 'bg-muted' : ''}`}
                >
                  <span
                    aria-hidden
                    className={`flex size-7 shrink-0 items-center justify-center rounded-full border text-sm ${done ? 'border-primary bg-primary-strong text-white dark:text-neutral-950' : current ? 'border-primary text-primary-strong' : 'border-border text-fg-muted'}`}
                  >
                    {done ? <Check className="size-4" /> : formatNumber(locale, index + 1)}
                  </span>
                  <span className="max-md:sr-only">
                    <span className={`block text-sm font-medium ${current ? '' : 'text-fg-muted'}`}>
                      {t(`installer.steps.${step}.title`, { platform })}
                    </span>
                    <span className="block text-xs text-fg-muted">{t(`installer.steps.${step}.description`)}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        </nav>
        <section aria-labelledby="step-title" className="min-w-0">
          <p className="text-sm text-fg-muted">
            {t('installer.stepOf', { current: formatNumber(locale, currentStep + 1), total: formatNumber(locale, steps.length) })}
          </p>
          <h2 id="step-title" className="mb-6 text-2xl font-bold">
            {t(`installer.steps.${stepKey}.title`, { platform })}
          </h2>
          {body}
          {failure ? (
            <div className="mt-4">
              <Alert tone="error" title={failure} />
            </div>
          ) : null}
          {stepKey === 'complete' ? null : (
            <div className="mt-8 flex items-center gap-3 border-t border-border pt-4">
              {currentStep > 0 ? (
                <Button type="button" variant="outline" onClick={() => go(currentStep - 1)} disabled={busy}>
                  {t('installer.buttons.previous')}
                </Button>
              ) : null}
              <div className="ms-auto">{next}</div>
            </div>
          )}
        </section>
      </main>
    </div>
  );
}
