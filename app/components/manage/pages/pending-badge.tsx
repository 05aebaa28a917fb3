import { useTranslation } from 'react-i18next';
import type { PendingKind } from '../../../../common/authoring';
import { Badge } from '../../ui/badge';

export const pendingTone = { create: 'success', update: 'info', move: 'warning', delete: 'error' } as const;

/** What an unpublished change does to a page: create, update, move or delete. */
export function PendingBadge({ kind }: { kind: PendingKind }) {
  const { t } = useTranslation();
  return (
    <span data-pending={kind}>
      <Badge tone={pendingTone[kind]}>{t(`pages.pending.${kind}`)}</Badge>
    </span>
  );
}
