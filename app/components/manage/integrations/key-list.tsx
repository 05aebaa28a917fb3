import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation, useRevalidator } from 'react-router';
import type { ApiKeyItem } from '../../../../common/api-keys';
import { api } from '../../../lib/api-client';
import { useClock } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { type DataColumn, DataTable } from '../data-table';
import { isolate } from '../users/isolate';

/** A scope as the roles screen names it: area · action ("Builds · Create"), its key as the tooltip. */
function ScopeBadge({ scope }: { scope: string }) {
  const { t } = useTranslation();
  const [area, action] = scope.split('.');
  return (
    <span title={scope}>
      <Badge tone="info">
        {t(`users.permissions.areas.${area}`)} · {t(`users.permissions.actions.${action}`)}
      </Badge>
    </span>
  );
}

/**
 * The site's API keys: name and the key's public start, scopes, who made it and when, last use,
 * expiry (an expired key says so), and revoke after a confirmation. Dimmed while the list reloads.
 */
export function KeyList({ keys, empty }: { keys: ApiKeyItem[]; empty: ReactNode }) {
  const { t } = useTranslation();
  const clock = useClock();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const now = Date.now();
  const when = (iso: string) => <time dateTime={iso}>{clock.time(iso)}</time>;
  const columns: DataColumn<ApiKeyItem>[] = [
    {
      id: 'name',
      header: t('integrations.columns.name'),
      className: 'min-w-40',
      cell: (key) => (
        <span className="block">
          <span className="block font-medium" dir="auto">
            {key.name}
          </span>
          <code dir="ltr" className="font-mono text-xs text-fg-muted">
            {key.start}…
          </code>
        </span>
      ),
    },
    {
      id: 'scopes',
      header: t('integrations.columns.scopes'),
      className: 'min-w-48',
      cell: (key) => (
        <span className="flex flex-wrap gap-1">
          {key.scopes.map((scope) => (
            <ScopeBadge key={scope} scope={scope} />
          ))}
        </span>
      ),
    },
    {
      id: 'created',
      header: t('integrations.columns.created'),
      className: 'whitespace-nowrap',
      cell: (key) => (
        <span className="block">
          {when(key.createdAt)}
          {key.createdBy ? (
            <span className="block text-xs text-fg-muted">
              {t('integrations.by', { name: isolate(key.createdBy.displayName) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'lastUsed',
      header: t('integrations.columns.lastUsed'),
      className: 'whitespace-nowrap',
      cell: (key) =>
        key.lastUsedAt ? when(key.lastUsedAt) : <span className="text-fg-muted">{t('integrations.neverUsed')}</span>,
    },
    {
      id: 'expires',
      header: t('integrations.columns.expires'),
      className: 'whitespace-nowrap',
      cell: (key) =>
        key.expiresAt ? (
          <span className="flex flex-wrap items-center gap-1.5">
            {when(key.expiresAt)}
            {Date.parse(key.expiresAt) <= now ? <Badge tone="error">{t('integrations.expired')}</Badge> : null}
          </span>
        ) : (
          <span className="text-fg-muted">{t('integrations.noExpiry')}</span>
        ),
    },
    {
      id: 'actions',
      header: t('integrations.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (key) => <RevokeButton item={key} />,
    },
  ];
  return (
    <DataTable
      label={t('integrations.title')}
      columns={columns}
      rows={keys}
      rowKey={(key) => String(key.id)}
      rowData={(key) => ({ 'data-key-name': key.name })}
      phone="cards"
      loading={navigation.state === 'loading' || revalidator.state === 'loading'}
      loadingLabel={t('integrations.loading')}
      empty={empty}
    />
  );
}

/** Revoke a key after a confirmation: from then on every request with it is refused. */
function RevokeButton({ item }: { item: ApiKeyItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [open, setOpen] = useState(false);
  const { busy, run } = useMutation({
    call: () => api.apiKeys.revoke({ params: { id: item.id }, locale }),
    success: { title: t('integrations.revoke.success'), description: item.name, color: 'success' },
    done: () => setOpen(false),
    failure: { title: t('integrations.failed'), fallback: t('integrations.failed') },
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="size-4" />
        {t('integrations.revoke.open')}
      </Button>
      <ConfirmDialog
        variant="danger"
        open={open}
        onOpenChange={setOpen}
        title={t('integrations.revoke.title', { name: isolate(item.name) })}
        description={t('integrations.revoke.description')}
        confirmLabel={t('integrations.revoke.confirm')}
        cancelLabel={t('integrations.cancel')}
        onConfirm={() => run()}
        busy={busy}
      />
    </>
  );
}
