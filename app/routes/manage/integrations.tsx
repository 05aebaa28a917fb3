import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CreateKeyDialog, KeyShownDialog, type ShownKey } from '../../components/manage/integrations/key-dialogs';
import { KeyList } from '../../components/manage/integrations/key-list';
import { EmptyState } from '../../components/profile/empty-state';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/integrations';
import { loadIntegrations } from './integrations.server';

export async function loader(args: Route.LoaderArgs) {
  return loadIntegrations(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.integrations');

/**
 * /manage/integrations (integrations.manage): API keys for scripts and other services — make one
 * with permissions you hold and an optional expiry (shown once, with a copy button), see every key
 * with its scopes, creator, creation, last use and expiry, and revoke one.
 */
export default function ManageIntegrations({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { keys, me } = loaderData;
  const [shown, setShown] = useState<ShownKey>();
  return (
    <section aria-labelledby="integrations-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose space-y-2">
          <h1 id="integrations-heading" className="text-2xl font-bold">
            {t('integrations.title')}
          </h1>
          <p className="text-sm text-fg-muted">
            <Trans i18nKey="integrations.intro" components={{ code: <code dir="ltr" className="font-mono text-xs" /> }} />
          </p>
        </div>
        <CreateKeyDialog me={me} onCreated={setShown} />
      </div>
      <KeyList
        keys={keys}
        empty={<EmptyState icon={KeyRound} title={t('integrations.empty.title')} hint={t('integrations.empty.hint')} />}
      />
      <KeyShownDialog shown={shown} onClose={() => setShown(undefined)} />
    </section>
  );
}
