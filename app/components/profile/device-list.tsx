import { Laptop, MonitorSmartphone, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../common/paths';
import { api } from '../../lib/api-client';
import { useDeviceIdentity } from '../../lib/device';
import { useClock } from '../../lib/format';
import { failureMessage, useMutation } from '../../lib/mutation';
import { useRootData } from '../../lib/root-data';
import { useSession } from '../../lib/session';
import { describeUserAgent } from '../../lib/user-agent';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { EmptyState } from './empty-state';

export type ProfileDevice = { id: string; name: string; userAgent: string; lastSeenAt: Date | null; createdAt: Date };

/**
 * The browsers the user signed in from, most recently active first; revoking one ends its
 * sessions. Revoking the current one signs this browser out.
 */
export function DeviceList({ devices, currentDeviceId }: { devices: ProfileDevice[]; currentDeviceId: string | null }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const { logout } = useSession();
  const local = useDeviceIdentity();
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ device: ProfileDevice; label: string } | null>(null);

  const labelOf = (device: ProfileDevice) => {
    if (device.name) return device.name;
    if (device.id === currentDeviceId && local.profile) return local.profile.names[locale].deviceName;
    const { browser, os } = describeUserAgent(device.userAgent);
    if (browser && os) return t('profile.devices.agentLabel', { browser, os });
    return browser ?? os ?? t('profile.devices.unnamed');
  };

  const revoke = useMutation({
    call: (device: ProfileDevice, _label: string) => api.profile.revokeDevice({ params: { id: device.id }, locale }),
    success: (_result, _device, label) => ({
      title: t('profile.devices.revoked'),
      description: t('profile.devices.revokedDescription', { name: label }),
      color: 'success',
    }),
    done: async (_result, device) => {
      setPending(null);
      if (device.id !== currentDeviceId) return;
      // The server has ended this browser's session; forget it here too.
      await logout();
      navigate(paths.login(locale));
    },
    revalidate: pending?.device.id !== currentDeviceId,
    failure: (error) => ({ title: failureMessage(error, t('profile.error')), color: 'error' }),
  });

  if (devices.length === 0)
    return <EmptyState icon={MonitorSmartphone} title={t('profile.devices.empty')} hint={t('profile.devices.emptyHint')} />;

  return (
    <>
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label={t('profile.tabs.devices')}>
        {devices.map((device) => {
          const label = labelOf(device);
          const current = device.id === currentDeviceId;
          return (
            <li key={device.id} className="flex flex-wrap items-start gap-3 p-4" data-current={current || undefined}>
              <Laptop aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span>{label}</span>
                  {current ? (
                    <span className="rounded-full bg-primary-strong/15 px-2 py-0.5 text-xs font-semibold text-primary-strong">
                      {t('profile.devices.current')}
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 text-sm text-fg-muted">
                  {device.lastSeenAt ? (
                    <time dateTime={new Date(device.lastSeenAt).toISOString()}>
                      {t('profile.devices.lastActive', { date: clock.time(device.lastSeenAt) })}
                    </time>
                  ) : (
                    t('profile.devices.neverActive')
                  )}
                  <span aria-hidden className="mx-2">
                    ·
                  </span>
                  <time dateTime={new Date(device.createdAt).toISOString()}>
                    {t('profile.devices.firstSeen', { date: clock.time(device.createdAt, 'date') })}
                  </time>
                </p>
                <p className="mt-1 text-xs text-fg-muted">
                  <span className="sr-only">{t('profile.devices.userAgent')}: </span>
                  {device.userAgent ? (
                    <bdi dir="ltr" className="block text-start font-mono break-words">
                      {device.userAgent}
                    </bdi>
                  ) : (
                    t('profile.devices.unknownAgent')
                  )}
                </p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-error-strong"
                aria-label={t('profile.devices.revokeLabel', { name: label })}
                onClick={() => setPending({ device, label })}
              >
                <Trash2 aria-hidden className="size-4" />
                {t('profile.devices.revoke')}
              </Button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        variant="danger"
        open={pending !== null}
        onOpenChange={(open) => !open && !revoke.busy && setPending(null)}
        title={t('profile.devices.confirmTitle')}
        description={
          <>
            {t('profile.devices.confirmBody', { name: pending?.label ?? '' })}
            {pending?.device.id === currentDeviceId ? (
              <strong className="mt-2 block text-fg">{t('profile.devices.confirmCurrent')}</strong>
            ) : null}
          </>
        }
        confirmLabel={t('profile.devices.confirm')}
        cancelLabel={t('profile.devices.cancel')}
        onConfirm={() => pending && revoke.run(pending.device, pending.label)}
        busy={revoke.busy}
      />
    </>
  );
}
