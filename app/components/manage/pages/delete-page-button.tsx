import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { PageListItem, SavedChange } from '../../../../common/authoring';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';
import { pageAddressIsolated } from './page-path';

/** Delete a page after confirmation: a pending deletion until published (a page only created here is simply dropped). */
export function DeletePageButton({ page }: { page: PageListItem }) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await api.pages.delete<SavedChange>({
        params: page,
        locale: uiLocale,
      });
      setOpen(false);
      toast({ title: t('pages.delete.success'), description: pageAddressIsolated(page), color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: t('pages.delete.failed'),
        description: error instanceof ApiRequestError ? error.failure.message : t('pages.error'),
        color: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} title={t('pages.delete.open')}>
        <Trash2 aria-hidden className="size-4" />
        <span className="sr-only">{t('pages.delete.open')}</span>
      </Button>
      <ConfirmDialog
        variant="danger"
        open={open}
        onOpenChange={setOpen}
        title={t('pages.delete.title')}
        description={t(page.pending === 'create' ? 'pages.delete.descriptionPending' : 'pages.delete.description', {
          title: page.title,
        })}
        confirmLabel={t('pages.delete.confirm')}
        cancelLabel={t('pages.cancel')}
        onConfirm={remove}
        busy={busy}
      />
    </>
  );
}
