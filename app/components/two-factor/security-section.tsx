import { KeyRound, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { SecurityOverview } from '../../../common/two-factor';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { formatNumber, useClock } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { Alert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { IconButton } from '../ui/icon-button';
import { toast } from '../ui/toast';
import { useConfirmFirst } from './confirm-first';
import { useOpenConfirmIdentity } from './confirm-identity';
import { PasskeyRegister, RecoveryCodes, TotpSetup } from './factor-setup';

/**
 * The profile's security section: the authenticator app on or off (and its set-up), passkeys with
 * their names and dates, and the recovery codes left (made anew on request, shown once).
 */
export function SecuritySection({ overview }: { overview: SecurityOverview }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const revalidator = useRevalidator();
  // A cancelled set-up starts over from its first button.
  const [setupRound, setSetupRound] = useState(0);
  const [confirmOff, setConfirmOff] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const [failure, setFailure] = useState<string>();

  // Turning a factor off, new recovery codes, deleting a passkey: the password or a code first (F-46).
  const confirmFirst = useConfirmFirst();
  const openConfirm = useOpenConfirmIdentity();
  const act = async (run: () => Promise<void>, done: string) => {
    setFailure(undefined);
    try {
      await confirmFirst(run);
      toast({ title: done, color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : String(error));
    }
  };
  const shown = (recoveryCodes: string[] | null) => {
    if (recoveryCodes?.length) setCodes(recoveryCodes);
  };
  const noFactor = !overview.totp && overview.passkeys.length === 0;

  return (
    <section aria-labelledby="security-title" className="space-y-6" data-testid="security-section">
      <div>
        <h2 id="security-title" className="flex items-center gap-2 text-lg font-semibold">
          <ShieldCheck aria-hidden className="size-5 text-primary-strong" />
          {t('twoFactor.title')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t('twoFactor.intro')}</p>
      </div>
      {overview.required && noFactor ? <Alert tone="warning" title={t('twoFactor.required')} /> : null}
      {overview.secondFactorNeeded && !noFactor ? (
        <div className="space-y-2" data-testid="second-factor-needed">
          <Alert tone="warning" title={t('twoFactor.secondFactorNeeded')} />
          <Button type="button" size="sm" onClick={() => openConfirm('code')}>
            {t('twoFactor.confirmWithCode')}
          </Button>
        </div>
      ) : null}
      {failure ? <Alert tone="error" title={failure} /> : null}
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} /> : null}

      <div className="space-y-3 rounded-lg border border-border p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{t('twoFactor.totp.title')}</h3>
          <Badge tone={overview.totp ? 'success' : 'neutral'}>{overview.totp ? t('twoFactor.on') : t('twoFactor.off')}</Badge>
        </div>
        {overview.totp ? (
          confirmOff ? (
            <div className="space-y-2">
              <p className="text-sm">{t('twoFactor.totp.confirmOff')}</p>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="danger"
                  size="sm"
                  onClick={() =>
                    act(async () => {
                      await api.profile.securityTotpOff({ locale });
                      setConfirmOff(false);
                    }, t('twoFactor.totp.turnedOff'))
                  }
                >
                  {t('twoFactor.totp.turnOff')}
                </Button>
                <Button type="button" variant="ghost" size="sm" onClick={() => setConfirmOff(false)}>
                  {t('twoFactor.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirmOff(true)}>
              {t('twoFactor.totp.turnOff')}
            </Button>
          )
        ) : (
          <TotpSetup
            key={setupRound}
            family="profile"
            onCancel={() => setSetupRound((n) => n + 1)}
            onEnabled={(recoveryCodes) => {
              shown(recoveryCodes);
              toast({ title: t('twoFactor.totp.turnedOn'), color: 'success' });
              void revalidator.revalidate();
            }}
          />
        )}
      </div>

      <div className="space-y-3 rounded-lg border border-border p-4">
        <h3 className="font-semibold">{t('twoFactor.passkey.title')}</h3>
        {overview.passkeys.length ? (
          <ul className="divide-y divide-border" data-testid="passkey-list">
            {overview.passkeys.map((key) => (
              <li key={key.id} className="flex items-center gap-3 py-2">
                <KeyRound aria-hidden className="size-4 shrink-0 text-fg-muted" />
                <div className="min-w-0 flex-1">
                  <p dir="auto" className="truncate font-medium">
                    {key.name}
                  </p>
                  <p className="text-xs text-fg-muted">
                    {t('twoFactor.passkey.created', { date: clock.time(key.createdAt, 'date') })}
                    {key.lastUsedAt ? ` · ${t('twoFactor.passkey.lastUsed', { date: clock.time(key.lastUsedAt) })}` : ''}
                  </p>
                </div>
                <IconButton
                  label={t('twoFactor.passkey.delete', { name: key.name })}
                  onClick={() =>
                    act(
                      () => api.profile.securityPasskeyDelete({ params: { id: key.id }, locale }),
                      t('twoFactor.passkey.deleted'),
                    )
                  }
                >
                  <Trash2 aria-hidden className="size-4" />
                </IconButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-fg-muted">{t('twoFactor.passkey.none')}</p>
        )}
        <PasskeyRegister
          family="profile"
          onRegistered={(recoveryCodes) => {
            shown(recoveryCodes);
            toast({ title: t('twoFactor.passkey.added'), color: 'success' });
            void revalidator.revalidate();
          }}
        />
      </div>

      {noFactor ? null : (
        <div className="space-y-3 rounded-lg border border-border p-4">
          <h3 className="font-semibold">{t('twoFactor.recovery.title')}</h3>
          <p className="text-sm" data-testid="recovery-left">
            {t('twoFactor.recovery.left', { formatted: formatNumber(locale, overview.recoveryCodesLeft) })}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              act(async () => {
                const made = await api.profile.securityRecoveryCodes<{ recoveryCodes: string[] }>({
                  body: {},
                  locale,
                });
                setCodes(made.recoveryCodes);
              }, t('twoFactor.recovery.regenerated'))
            }
          >
            {t('twoFactor.recovery.regenerate')}
          </Button>
        </div>
      )}
    </section>
  );
}
