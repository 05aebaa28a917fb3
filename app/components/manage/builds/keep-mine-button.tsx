import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { OpenBuildChange, PageDocument, PageRef, SavePageRequest } from '../../../../common/authoring';
import { isolateLtr } from '../../../../common/text-direction';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { toast } from '../../ui/toast';

/**
 * After a conflict, keeps the editor's version: the pending page is saved again on top of the
 * version published now (`baseSha: publishedSha`, docs/content.md), so the next publish writes it
 * over the other one.
 */
export function KeepMineButton({ change, page }: { change: OpenBuildChange; page: PageRef }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function keep() {
    setBusy(true);
    try {
      const current = await api.pages.get<PageDocument>({ params: page, locale });
      const body: SavePageRequest = { frontMatter: current.frontMatter, body: current.body, baseSha: change.publishedSha };
      await api.pages.save({ params: page, body, locale });
      setOpen(false);
      toast({ title: t('builds.keepMine.success'), description: isolateLtr(change.path), color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: t('builds.keepMine.failed'),
        description: error instanceof ApiRequestError ? error.failure.message : t('builds.error'),
        color: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Check aria-hidden className="size-4" />
        {t('builds.keepMine.open')}
      </Button>
      <ConfirmDialog
        variant="neutral"
        open={open}
        onOpenChange={setOpen}
        title={t('builds.keepMine.title')}
        description={t('builds.keepMine.description', { path: isolateLtr(change.path) })}
        confirmLabel={t('builds.keepMine.confirm')}
        cancelLabel={t('builds.cancel')}
        onConfirm={keep}
        busy={busy}
      />
    </>
  );
}
