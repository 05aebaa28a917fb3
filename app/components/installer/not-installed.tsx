import { useTranslation } from 'react-i18next';
import { useRootData } from '../../lib/root-data';
import { LanguageSwitcher } from '../layout/language-switcher';
import { ThemeSwitcher } from '../layout/theme-switcher';

/** Shown on every page while the site has no owner yet. */
export function NotInstalled() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-end gap-2 border-b border-border px-4 py-3">
        <LanguageSwitcher current={locale} />
        <ThemeSwitcher />
      </header>
      <main id="main" className="mx-auto max-w-xl flex-1 px-4 py-16">
        <h1 className="text-2xl font-bold">{t('installer.notInstalledTitle')}</h1>
        <p className="mt-4 text-fg-muted">{t('installer.notInstalledBody')}</p>
      </main>
    </div>
  );
}
