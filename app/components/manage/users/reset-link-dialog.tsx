import { KeyRound, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '../../../../common/schemas/admin';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { useClock } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyField } from '../../ui/copy-field';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';
import { isolate } from './isolate';

/**
 * A one-time password reset link for an administrator to copy and hand over
 * (`POST /api/users/{id}/password-reset`). The link is made only on request, shown once, and
 * forgotten when the dialog closes: the server keeps only its hash.
 */
export function ResetLinkDialog({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const clock = useClock();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [link, setLink] = useState<{ url: string; expiresAt: string }>();

  async function create() {
    setBusy(true);
    setFailure(undefined);
    try {
      setLink(await api.users.resetLink<{ url: string; expiresAt: string }>({ params: { id: user.id }, locale }));
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.failure.message : t('users.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setLink(undefined);
          setFailure(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" title={t('users.reset.open')}>
          <KeyRound aria-hidden className="size-4" />
          <span className="sr-only">{t('users.reset.open')}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('users.reset.title', { name: isolate(user.displayName) })}
        description={t('users.reset.description')}
      >
        <div className="space-y-4">
          {failure ? <Alert tone="error" title={failure} /> : null}
          {link ? (
            <div>
              <CopyField
                label={t('users.reset.label')}
                value={link.url}
                copyLabel={t('users.reset.copy')}
                copied={t('users.reset.copied')}
                failed={t('users.reset.copyFailed')}
                testId="reset-link"
              />
              <p className="mt-2 text-sm text-fg-muted">
                {t('users.reset.expires', {
                  time: clock.time(link.expiresAt),
                })}
              </p>
            </div>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('users.close')}
              </Button>
            </DialogClose>
            {link ? null : (
              <Button type="button" onClick={create} disabled={busy}>
                {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
                {t('users.reset.create')}
              </Button>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
