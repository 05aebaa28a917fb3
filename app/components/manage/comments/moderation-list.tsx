import { Check, Clock, ShieldAlert, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentBulkAction, CommentStatus, ManagedComment } from '../../../../common/comments';
import { localeNames } from '../../../../common/locales';
import { paths } from '../../../../common/paths';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { CommentTime } from '../../comments/comment-time';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';

/** The actions each tab offers besides deleting: what moves a comment out of it. */
const moves: Record<CommentStatus, CommentBulkAction[]> = {
  pending: ['approve', 'spam'],
  approved: ['pending', 'spam'],
  spam: ['approve'],
};

function ActionLabel({ action, tab }: { action: CommentBulkAction; tab: CommentStatus }) {
  const { t } = useTranslation();
  const icon: Record<CommentBulkAction, ReactNode> = {
    approve: <Check aria-hidden className="size-4" />,
    pending: <Clock aria-hidden className="size-4" />,
    spam: <ShieldAlert aria-hidden className="size-4" />,
    delete: <Trash2 aria-hidden className="size-4" />,
  };
  const label =
    action === 'approve' && tab === 'spam'
      ? t('comments.manage.unspam')
      : action === 'pending'
        ? t('comments.manage.toPending')
        : t(`comments.manage.${action}`);
  return (
    <>
      {icon[action]}
      {label}
    </>
  );
}

/**
 * One page of one tab of the moderation screen: each comment with its author, time, page and
 * body, its own actions, and checkboxes to act on many at once. Deleting asks first.
 */
export function ModerationList({ items, tab, canDelete }: { items: ManagedComment[]; tab: CommentStatus; canDelete: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<ManagedComment[] | null>(null);

  // A new page of results starts with nothing selected (and never keeps ids that left the list).
  const ids = items.map((item) => item.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's ids are the reason to clear.
  useEffect(() => setSelected(new Set()), [ids, tab]);

  const all = items.length > 0 && selected.size === items.length;
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const moderate = useMutation({
    call: (action: CommentBulkAction, targets: number[]) =>
      api.comments.moderate<{ changed: number }>({ body: { ids: targets, action }, locale }),
    success: ({ changed }, action) => ({
      title: t(`comments.manage.done.${action}`, { count: formatNumber(locale, changed) }),
      color: 'success',
    }),
    done: () => {
      setSelected(new Set());
      setDeleting(null);
    },
    failure: (error) => ({
      title: t('comments.manage.failed'),
      description: error instanceof ApiRequestError ? error.message : undefined,
      color: 'error',
    }),
  });
  const { busy, run } = moderate;

  const actionsFor = (targets: ManagedComment[], compact: boolean) => (
    <>
      {moves[tab].map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'approve' ? 'solid' : 'outline'}
          disabled={busy}
          onClick={() =>
            run(
              action,
              targets.map((c) => c.id),
            )
          }
          data-action={action}
        >
          <ActionLabel action={action} tab={tab} />
        </Button>
      ))}
      {canDelete ? (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => setDeleting(targets)}
          data-action="delete"
          className={compact ? '' : 'text-red-700 dark:text-red-300'}
        >
          <ActionLabel action="delete" tab={tab} />
        </Button>
      ) : null}
    </>
  );

  const chosen = items.filter((item) => selected.has(item.id));
  return (
    <div>
      <div className="mb-3 flex min-h-10 flex-wrap items-center gap-3 rounded-lg border border-border bg-muted/60 px-3 py-2">
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={all}
            ref={(box) => {
              if (box) box.indeterminate = selected.size > 0 && !all;
            }}
            onChange={() => setSelected(all ? new Set() : new Set(items.map((item) => item.id)))}
            className="size-4 accent-primary-strong"
            aria-label={t('comments.manage.selectAll')}
          />
          {selected.size ? t('comments.manage.selected', { count: formatNumber(locale, selected.size) }) : null}
        </label>
        {selected.size ? (
          <div className="flex flex-wrap gap-2" data-testid="bulk-actions">
            {actionsFor(chosen, true)}
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              {t('comments.manage.clearSelection')}
            </Button>
          </div>
        ) : null}
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {items.map((comment) => (
          <li key={comment.id} className="flex gap-3 p-4" data-comment={comment.id}>
            <input
              type="checkbox"
              checked={selected.has(comment.id)}
              onChange={() => toggle(comment.id)}
              className="mt-2 size-4 shrink-0 accent-primary-strong"
              aria-label={t('comments.manage.select', { name: comment.author.name })}
            />
            <Avatar name={comment.author.name} src={comment.author.avatarUrl} size="lg" className="hidden sm:inline-flex" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="font-semibold" dir="auto">
                  {comment.author.name}
                </span>
                <bdi dir="auto" className="text-fg-muted">
                  @{comment.author.username}
                </bdi>
                <CommentTime date={comment.createdAt} className="text-fg-muted" />
                {comment.editedAt ? <span className="text-fg-muted">· {t('comments.manage.edited')}</span> : null}
                {comment.parentId ? <Badge>{t('comments.manage.reply')}</Badge> : null}
              </div>
              <p className="mt-0.5 text-sm text-fg-muted">
                {t('comments.manage.onPage')}{' '}
                <a
                  href={`${paths.page(comment.locale, comment.path)}#comments`}
                  className="text-primary-strong hover:underline"
                  dir="auto"
                  lang={comment.locale}
                >
                  {comment.pageTitle ?? `/${comment.locale}/${comment.path}`}
                </a>{' '}
                <span className="text-xs">({localeNames[comment.locale]})</span>
              </p>
              <div
                dir="auto"
                className="mt-2 break-words [&_a]:text-primary-strong [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_p+p]:mt-2 [&_p]:whitespace-pre-line"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown-lite rendered and sanitised on the server (server/content/comment-render.ts).
                dangerouslySetInnerHTML={{ __html: comment.html }}
              />
              <div className="mt-3 flex flex-wrap gap-2">{actionsFor([comment], false)}</div>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        variant="danger"
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={
          deleting?.length === 1
            ? t('comments.manage.deleteOneTitle')
            : t('comments.manage.deleteTitle', { count: formatNumber(locale, deleting?.length ?? 0) })
        }
        description={
          deleting?.length === 1
            ? t('comments.manage.deleteOneDescription', { name: deleting[0]?.author.name })
            : t('comments.manage.deleteDescription')
        }
        confirmLabel={t('comments.manage.delete')}
        cancelLabel={t('comments.manage.cancel')}
        busy={busy}
        onConfirm={() =>
          run(
            'delete',
            (deleting ?? []).map((c) => c.id),
          )
        }
      />
    </div>
  );
}
