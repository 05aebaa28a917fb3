import { Pencil, Reply, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_EDIT_WINDOW_MS } from '../../../common/comment-limits';
import type { ThreadComment } from '../../../common/comments';
import { formatNumber } from '../../lib/format';
import { useRootData } from '../../lib/root-data';
import { Avatar } from '../ui/avatar';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { CommentForm } from './comment-form';
import { CommentTime } from './comment-time';

export type ThreadActions = {
  userCanReply: boolean;
  canDeleteAny: boolean;
  /** An edit of an approved comment sends it back to moderation (readers without `comments.edit`; F-27). */
  editRemoderates: boolean;
  reply: (parentId: number, body: string, turnstileToken: string | undefined) => Promise<void>;
  edit: (id: number, body: string) => Promise<void>;
  remove: (id: number) => Promise<void>;
};

/** Minutes left to edit (0 when the window has closed), ticking once a minute. */
function useEditMinutesLeft(createdAt: string, own: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!own) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [own]);
  const left = new Date(createdAt).getTime() + COMMENT_EDIT_WINDOW_MS - now;
  return own && left > 0 ? Math.ceil(left / 60_000) : 0;
}

/**
 * The place of a comment this reader may not see (spam, or waiting for moderation), kept so its
 * visible replies stay in the thread: no author, no text, no actions.
 */
function HiddenComment({ comment }: { comment: ThreadComment }) {
  const { t } = useTranslation();
  return (
    <article
      className="rounded-lg border border-dashed border-border px-4 py-3 text-sm text-fg-muted italic"
      data-comment={comment.id}
    >
      {t(comment.hidden === 'removed' ? 'comments.removed' : 'comments.hiddenPending')}
    </article>
  );
}

/** One comment: author, time, body (sanitised HTML from the server), and what this reader may do with it. */
export function CommentItem(props: { comment: ThreadComment; inReplyTo?: string; actions: ThreadActions }) {
  return props.comment.hidden ? <HiddenComment comment={props.comment} /> : <VisibleComment {...props} />;
}

function VisibleComment({ comment, inReplyTo, actions }: { comment: ThreadComment; inReplyTo?: string; actions: ThreadActions }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [mode, setMode] = useState<'view' | 'reply' | 'edit'>('view');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const own = comment.own;
  const minutesLeft = useEditMinutesLeft(comment.createdAt, Boolean(own && own.status !== 'spam'));
  const canReply = actions.userCanReply && own?.status !== 'pending';

  return (
    <article className="flex gap-3" data-comment={comment.id} aria-label={comment.author.name}>
      <Avatar name={comment.author.name} src={comment.author.avatarUrl} size="lg" />
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-semibold" dir="auto">
            {comment.author.name}
          </span>
          {own ? <span className="text-fg-muted">({t('comments.you')})</span> : null}
          <CommentTime date={comment.createdAt} className="text-fg-muted" />
          {comment.editedAt ? <span className="text-fg-muted">· {t('comments.edited')}</span> : null}
          {inReplyTo ? (
            <span className="text-fg-muted" dir="auto">
              · {t('comments.inReplyTo', { name: inReplyTo })}
            </span>
          ) : null}
          {own?.status === 'pending' ? <Badge tone="warning">{t('comments.awaiting')}</Badge> : null}
        </header>
        {mode === 'edit' && own ? (
          <div className="mt-2">
            <p className="mb-2 text-xs text-fg-muted">
              {t('comments.editLeft', { minutes: formatNumber(locale, minutesLeft) })}
              {own.status === 'approved' && actions.editRemoderates ? ` ${t('comments.editRemoderated')}` : null}
            </p>
            <CommentForm
              initial={own.body}
              label={t('comments.editTitle')}
              submitLabel={t('comments.save')}
              busyLabel={t('comments.saving')}
              autoFocus
              onSubmit={async (body) => {
                await actions.edit(comment.id, body);
                setMode('view');
              }}
              onCancel={() => setMode('view')}
            />
          </div>
        ) : (
          <div
            dir="auto"
            className="comment-body mt-1 break-words [&_a]:text-primary-strong [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-[0.9em] [&_p+p]:mt-3 [&_p]:whitespace-pre-line"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: Markdown-lite rendered and sanitised on the server (server/content/comment-render.ts).
            dangerouslySetInnerHTML={{ __html: comment.html }}
          />
        )}
        {mode === 'view' ? (
          <div className="mt-1 flex flex-wrap gap-1 text-fg-muted">
            {canReply ? (
              <Button size="sm" variant="ghost" className="-ms-3" onClick={() => setMode('reply')}>
                <Reply aria-hidden className="size-4 rtl:-scale-x-100" />
                {t('comments.reply')}
              </Button>
            ) : null}
            {own && minutesLeft > 0 ? (
              <Button size="sm" variant="ghost" onClick={() => setMode('edit')}>
                <Pencil aria-hidden className="size-4" />
                {t('comments.edit')}
              </Button>
            ) : null}
            {own || actions.canDeleteAny ? (
              <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden className="size-4" />
                {t('comments.delete')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {mode === 'reply' ? (
          <div className="mt-3">
            <CommentForm
              label={t('comments.replyTo', { name: comment.author.name })}
              submitLabel={t('comments.postReply')}
              busyLabel={t('comments.posting')}
              captcha
              autoFocus
              onSubmit={async (body, token) => {
                await actions.reply(comment.id, body, token);
                setMode('view');
              }}
              onCancel={() => setMode('view')}
            />
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        variant="danger"
        open={confirming}
        onOpenChange={setConfirming}
        title={t('comments.deleteTitle')}
        description={t('comments.deleteDescription')}
        confirmLabel={t('comments.delete')}
        cancelLabel={t('comments.cancel')}
        busy={busy}
        onConfirm={async () => {
          setBusy(true);
          await actions.remove(comment.id);
          setBusy(false);
          setConfirming(false);
        }}
      />
    </article>
  );
}
