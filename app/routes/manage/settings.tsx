import { useTranslation } from 'react-i18next';
import { AppearanceSection } from '../../components/manage/settings/appearance-section';
import { BackupSection } from '../../components/manage/settings/backup-section';
import { HeadCodeSection } from '../../components/manage/settings/head-code-section';
import { SecurityPolicySection } from '../../components/manage/settings/security-policy';
import { SettingsForm } from '../../components/manage/settings/settings-form';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/settings';
import { loadSettings } from './settings.server';

export async function loader(args: Route.LoaderArgs) {
  return loadSettings(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.settings');

/** Site settings (docs/spec.md: /manage/settings): names, default images, main menu, categories, indexing. */
export default function ManageSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="settings-heading">
      <h1 id="settings-heading" className="text-2xl font-bold">
        {t('manage.sections.settings')}
      </h1>
      <p className="mt-1 text-sm text-fg-muted">{t('settings.intro')}</p>
      <div className="mt-6">
        <SettingsForm
          settings={loaderData.settings}
          version={loaderData.version}
          usage={loaderData.usage}
          canEdit={loaderData.access === 'edit'}
          canUpload={loaderData.canUpload}
        />
        {/* The public site's look, saved on its own (docs/themes.md), with a live preview beside it. */}
        {loaderData.access === 'edit' ? (
          <div className="mt-6">
            <AppearanceSection />
          </div>
        ) : null}
        {/* Not a setting: outside the form, so it never counts as an unsaved change. */}
        {loaderData.isOwner ? (
          <div className="mt-6">
            <SecurityPolicySection />
          </div>
        ) : null}
        {/* Scripts on every public page are the owner's call, as their API is (common/endpoints/settings.ts). */}
        {loaderData.isOwner ? (
          <div className="mt-6">
            <HeadCodeSection />
          </div>
        ) : null}
        {loaderData.canBackup ? (
          <div className="mt-6">
            <BackupSection />
          </div>
        ) : null}
      </div>
    </section>
  );
}
