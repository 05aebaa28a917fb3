import { Fingerprint, Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regenerateDeviceNames, useDeviceIdentity } from '../../lib/device';
import { useRootData } from '../../lib/root-data';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';

/** The local device identity (docs/spec.md §3): its names, and "Generate new names" that keeps the key. */
export function DeviceCard() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { profile } = useDeviceIdentity();
  const names = profile?.names[locale];
  const [busy, setBusy] = useState(false);

  async function generate() {
    setBusy(true);
    try {
      const next = (await regenerateDeviceNames()).names[locale];
      toast({
        title: t('profile.device.generated'),
        description: t('profile.device.generatedDescription', { name: next.deviceName }),
        color: 'success',
      });
    } catch (error) {
      console.error('[device] could not generate new names', error);
      toast({ title: t('profile.device.failed'), color: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="this-device" className="rounded-lg border border-border bg-surface p-5" data-testid="device-card">
      <h2 id="this-device" className="flex items-center gap-2 text-lg font-semibold">
        <Fingerprint aria-hidden className="size-5 text-primary-strong" />
        {t('profile.device.title')}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t('profile.device.intro')}</p>
      {profile && names ? (
        <dl className="mt-4 space-y-3 text-sm">
          <div>
            <dt className="text-fg-muted">{t('profile.device.name')}</dt>
            <dd className="font-medium" data-testid="device-display-name">
              {names.displayName}
            </dd>
          </div>
          <div>
            <dt className="text-fg-muted">{t('profile.device.about')}</dt>
            <dd dir="auto">{names.about}</dd>
          </div>
          <div>
            <dt className="text-fg-muted">{t('profile.device.deviceName')}</dt>
            <dd className="font-medium" data-testid="device-name">
              {names.deviceName}
            </dd>
          </div>
          <div>
            <dt className="text-fg-muted">{t('profile.device.publicKey')}</dt>
            <dd>
              <bdi dir="ltr" className="font-mono text-xs" title={profile.pub}>
                {`${profile.pub.slice(0, 12)}…${profile.pub.slice(-8)}`}
              </bdi>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="mt-4 text-sm">{t('profile.device.none')}</p>
      )}
      <Button type="button" variant="outline" size="sm" className="mt-5" onClick={generate} disabled={busy}>
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <RefreshCw aria-hidden className="size-4" />}
        {t('profile.device.generate')}
      </Button>
    </section>
  );
}
