import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DeliveryLog } from '../../components/manage/webhooks/delivery-log';
import { EndpointDialog, SecretDialog } from '../../components/manage/webhooks/endpoint-dialogs';
import { EndpointList } from '../../components/manage/webhooks/endpoint-list';
import { EmptyState } from '../../components/profile/empty-state';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/webhooks';
import { loadWebhooks } from './webhooks.server';

export async function loader(args: Route.LoaderArgs) {
  return loadWebhooks(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.webhooks');

/**
 * /manage/webhooks (owner only): the outgoing webhooks — endpoints with their events, a secret
 * shown once, a test event, and each endpoint's delivery log. Not the incoming GitHub push webhook.
 */
export default function ManageWebhooks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, selected, log } = loaderData;
  const [secret, setSecret] = useState<{ url: string; secret: string }>();
  const endpoint = items.find((item) => item.id === selected);
  return (
    <section aria-labelledby="webhooks-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose space-y-2">
          <h1 id="webhooks-heading" className="text-2xl font-bold">
            {t('webhooks.title')}
          </h1>
          <p className="text-sm text-fg-muted">
            <Trans i18nKey="webhooks.intro" components={{ code: <code dir="ltr" className="font-mono text-xs" /> }} />
          </p>
          <p className="text-xs text-fg-muted">{t('webhooks.notIncoming')}</p>
        </div>
        <EndpointDialog onSecret={setSecret} />
      </div>
      {items.length ? (
        <EndpointList items={items} selected={selected} onSecret={setSecret} />
      ) : (
        <EmptyState icon={Webhook} title={t('webhooks.empty.title')} hint={t('webhooks.empty.hint')} />
      )}
      {endpoint && log ? <DeliveryLog endpoint={endpoint} log={log} /> : null}
      <SecretDialog shown={secret} onClose={() => setSecret(undefined)} />
    </section>
  );
}
