import { Loader2 } from 'lucide-react';
import { createContext, type FormEvent, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog, DialogClose, DialogContent } from '../ui/dialog';
import { Field } from '../ui/field';
import { toast } from '../ui/toast';
import { ConfirmContext, type ConfirmFirst } from './confirm-first';
import { CodeField } from './factor-setup';

const needsConfirmation = (error: unknown) =>
  error instanceof ApiRequestError && (error.failure.data as { confirmIdentity?: boolean } | undefined)?.confirmIdentity === true;

type Pending = { resolve: () => void; reject: () => void };

/**
 * Holds the confirmation dialog for everything below it: a change refused for want of a recent
 * confirmation opens it, and runs again once the password or a code is accepted; cancelling gives
 * the server's refusal back to the caller.
 * `hasCode`: the account can answer with a code (it has an authenticator or recovery codes).
 */
export function ConfirmIdentityProvider({ hasCode, children }: { hasCode: boolean; children: ReactNode }) {
  const [pending, setPending] = useState<Pending>();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const confirmFirst = useCallback<ConfirmFirst>(async (run) => {
    try {
      return await run();
    } catch (error) {
      if (!needsConfirmation(error)) throw error;
      await new Promise<void>((resolve, reject) => {
        setMode('password');
        setPending({ resolve, reject: () => reject(error) });
      });
      return run();
    }
  }, []);
  /** Opens the dialog on its own (the security tab's "Confirm with a code"), for a code first. */
  const open = useCallback((first: 'password' | 'code') => {
    setMode(first);
    setPending({ resolve: () => undefined, reject: () => undefined });
  }, []);

  return (
    <ConfirmContext.Provider value={confirmFirst}>
      <OpenContext.Provider value={open}>
        {children}
        <ConfirmIdentityDialog
          pending={pending}
          hasCode={hasCode}
          mode={mode}
          onMode={setMode}
          onClose={(confirmed) => {
            if (confirmed) pending?.resolve();
            else pending?.reject();
            setPending(undefined);
          }}
        />
      </OpenContext.Provider>
    </ConfirmContext.Provider>
  );
}

const OpenContext = createContext<(first: 'password' | 'code') => void>(() => undefined);

/** Opens the confirmation dialog without a change waiting on it. */
export function useOpenConfirmIdentity() {
  return useContext(OpenContext);
}

function ConfirmIdentityDialog({
  pending,
  hasCode,
  mode,
  onMode,
  onClose,
}: {
  pending: Pending | undefined;
  hasCode: boolean;
  mode: 'password' | 'code';
  onMode: (mode: 'password' | 'code') => void;
  onClose: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const confirmed = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setFailure(t('validation.required'));
    setBusy(true);
    setFailure(undefined);
    try {
      await api.profile.securityConfirm({ body: mode === 'code' ? { code: value } : { password: value }, locale });
      toast({ title: t('twoFactor.confirm.done'), color: 'success' });
      confirmed.current = true;
      onClose(true);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={Boolean(pending)}
      onOpenChange={(next) => {
        if (next) return;
        if (!confirmed.current) onClose(false);
        confirmed.current = false;
        setValue('');
        setFailure(undefined);
      }}
    >
      {pending ? (
        <DialogContent title={t('twoFactor.confirm.title')} description={t('twoFactor.confirm.description')}>
          <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={busy} data-testid="confirm-identity">
            {failure ? <Alert tone="error" title={failure} /> : null}
            {mode === 'code' ? (
              <CodeField value={value} onChange={setValue} label={t('twoFactor.confirm.code')} allowRecovery />
            ) : (
              <Field
                label={t('twoFactor.confirm.password')}
                type="password"
                name="password"
                autoComplete="current-password"
                dir="ltr"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                required
              />
            )}
            {hasCode ? (
              <button
                type="button"
                className="justify-self-start text-sm text-primary-strong underline"
                onClick={() => {
                  onMode(mode === 'code' ? 'password' : 'code');
                  setValue('');
                  setFailure(undefined);
                }}
              >
                {mode === 'code' ? t('twoFactor.confirm.usePassword') : t('twoFactor.confirm.useCode')}
              </button>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t('twoFactor.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" disabled={busy}>
                {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                {t('twoFactor.confirm.submit')}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
