import { Check, Copy, KeyRound, Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '../../../../common/schemas/admin';
import { ApiRequestError, apiFetch } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { isolate } from './isolate';

/**
 * A one-time password reset link for an administrator to copy and hand over
 * (`POST /api/users/{id}/password-reset`). The link is made only on request, shown once, and
 * forgotten when the dialog closes: the server keeps only its hash.
 */
export function ResetLinkDialog({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [link, setLink] = useState<{ url: string; expiresAt: string }>();
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  async function create() {
    setBusy(true);
    setFailure(undefined);
    try {
      setLink(
        await apiFetch<{ url: string; expiresAt: string }>(`/api/users/${encodeURIComponent(user.id)}/password-reset`, {
          method: 'POST',
          locale,
        }),
      );
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.failure.message : t('users.error'));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
      toast({ title: t('users.reset.copied'), color: 'success' });
    } catch {
      input.current?.select();
      toast({ title: t('users.reset.copyFailed'), color: 'warning' });
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
          setCopied(false);
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
              <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
                {t('users.reset.label')}
              </label>
              <div className="flex gap-2" dir="ltr">
                <input
                  id={fieldId}
                  ref={input}
                  readOnly
                  value={link.url}
                  onFocus={(event) => event.target.select()}
                  data-testid="reset-link"
                  className="block min-w-0 flex-1 rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs"
                />
                <Button type="button" onClick={copy}>
                  {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
                  {t('users.reset.copy')}
                </Button>
              </div>
              <p className="mt-2 text-sm text-fg-muted">
                {t('users.reset.expires', {
                  time: formatDate(locale, link.expiresAt, { dateStyle: 'medium', timeStyle: 'short', timeZone: undefined }),
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
