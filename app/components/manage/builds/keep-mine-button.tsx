import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenBuildChange, PageDocument, PageRef, SavePageRequest } from '../../../../common/authoring';
import { isolateLtr } from '../../../../common/text-direction';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';

/**
 * After a conflict, keeps the editor's version: the pending page is saved again on top of the
 * version published now (`baseSha: publishedSha`, docs/content.md), so the next publish writes it
 * over the other one.
 */
export function KeepMineButton({ change, page }: { change: OpenBuildChange; page: PageRef }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [open, setOpen] = useState(false);
  const keep = useMutation({
    call: async () => {
      const current = await api.pages.get<PageDocument>({ params: page, locale });
      const body: SavePageRequest = { frontMatter: current.frontMatter, body: current.body, baseSha: change.publishedSha };
      await api.pages.save({ params: page, body, locale });
    },
    done: () => setOpen(false),
    success: { title: t('builds.keepMine.success'), description: isolateLtr(change.path), color: 'success' },
    failure: { title: t('builds.keepMine.failed'), fallback: t('builds.error') },
  });

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
        onConfirm={keep.run}
        busy={keep.busy}
      />
    </>
  );
}
