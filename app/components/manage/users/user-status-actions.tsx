import { Ban, CircleCheck, ShieldOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '../../../../common/schemas/admin';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { isolate } from './isolate';

/** One API call for a row action, then the list reloads; a refusal shows the server's reason. */
function useUserCall() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  type UserAction = 'enable' | 'disable' | 'delete' | 'resetTwoFactor';
  const { busy, run } = useMutation({
    call: (action: UserAction, id: string, _success: string, _description: string) =>
      api.users[action]({ params: { id }, locale }),
    success: (_result, _action, _id, title, description) => ({ title, description, color: 'success' }),
    failure: { title: t('users.failed'), fallback: t('users.error') },
  });
  return { busy, call: run };
}

/** Disable (asks first: it signs them out everywhere) or enable an account. */
export function DisableUserButton({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const { busy, call } = useUserCall();
  const [open, setOpen] = useState(false);
  if (user.disabledAt)
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        title={t('users.enable.open')}
        onClick={() => call('enable', user.id, t('users.enable.success'), user.displayName)}
      >
        <CircleCheck aria-hidden className="size-4" />
        <span className="sr-only">{t('users.enable.open')}</span>
      </Button>
    );
  return (
    <>
      <Button variant="outline" size="sm" title={t('users.disable.open')} onClick={() => setOpen(true)}>
        <Ban aria-hidden className="size-4" />
        <span className="sr-only">{t('users.disable.open')}</span>
      </Button>
      <ConfirmDialog
        variant="neutral"
        open={open}
        onOpenChange={setOpen}
        title={t('users.disable.title', { name: isolate(user.displayName) })}
        description={t('users.disable.description')}
        confirmLabel={t('users.disable.confirm')}
        cancelLabel={t('users.cancel')}
        busy={busy}
        onConfirm={async () => {
          if (await call('disable', user.id, t('users.disable.success'), user.displayName)) setOpen(false);
        }}
      />
    </>
  );
}

/** Delete an account after confirmation (`DELETE /api/users/{id}`). */
export function DeleteUserButton({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const { busy, call } = useUserCall();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" title={t('users.delete.open')} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="size-4" />
        <span className="sr-only">{t('users.delete.open')}</span>
      </Button>
      <ConfirmDialog
        variant="danger"
        open={open}
        onOpenChange={setOpen}
        title={t('users.delete.title', { name: isolate(user.displayName) })}
        description={t('users.delete.description', { name: isolate(user.displayName) })}
        confirmLabel={t('users.delete.confirm')}
        cancelLabel={t('users.cancel')}
        busy={busy}
        onConfirm={async () => {
          if (await call('delete', user.id, t('users.delete.success'), user.displayName)) setOpen(false);
        }}
      />
    </>
  );
}

/** Turns off an account's two-factor sign-in (a lost phone), after asking; the owner line applies on the server. */
export function ResetFactorsButton({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const { busy, call } = useUserCall();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" title={t('twoFactor.admin.reset')} onClick={() => setOpen(true)}>
        <ShieldOff aria-hidden className="size-4" />
        <span className="sr-only">{t('twoFactor.admin.reset')}</span>
      </Button>
      <ConfirmDialog
        variant="danger"
        open={open}
        onOpenChange={setOpen}
        title={t('twoFactor.admin.reset')}
        description={t('twoFactor.admin.confirm', { name: isolate(user.displayName) })}
        confirmLabel={t('twoFactor.admin.reset')}
        cancelLabel={t('users.cancel')}
        busy={busy}
        onConfirm={async () => {
          if (
            await call(
              'resetTwoFactor',
              user.id,
              t('twoFactor.admin.resetDone', { name: isolate(user.displayName) }),
              user.displayName,
            )
          )
            setOpen(false);
        }}
      />
    </>
  );
}
