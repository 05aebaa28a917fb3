import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageListItem, SavedChange } from '../../../../common/authoring';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { pageAddressIsolated } from './page-path';

/** Delete a page after confirmation: a pending deletion until published (a page only created here is simply dropped). */
export function DeletePageButton({ page }: { page: PageListItem }) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    call: () => api.pages.delete<SavedChange>({ params: page, locale: uiLocale }),
    done: () => setOpen(false),
    success: { title: t('pages.delete.success'), description: pageAddressIsolated(page), color: 'success' },
    failure: { title: t('pages.delete.failed'), fallback: t('pages.error') },
  });

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
        onConfirm={remove.run}
        busy={remove.busy}
      />
    </>
  );
}
