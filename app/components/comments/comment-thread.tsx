import { LogIn, MessageSquare } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { CommentStatus, CommentThread as Thread, ThreadComment } from '../../../common/comments';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { EmptyState } from '../profile/empty-state';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { CommentForm } from './comment-form';
import { CommentItem, type ThreadActions } from './comment-item';
import { CommentsLoading } from './comments-loading';

type Order = 'oldest' | 'newest';
const ORDER_KEY = 'daftar.comments.order';

/**
 * A page's comment thread (loaded lazily by CommentsSection, after the page): the published
 * comments and the reader's own pending ones, oldest or newest first, the form for members, and
 * reply / edit / delete in place. Reports the published count to the page header.
 */
export default function CommentThread({
  locale,
  path,
  onCount,
}: {
  locale: Locale;
  path: string;
  onCount: (count: number) => void;
}) {
  const { t } = useTranslation();
  const { authReady, user } = useSession();
  const location = useLocation();
  const [thread, setThread] = useState<Thread | null>(null);
  const [failed, setFailed] = useState(false);
  const [order, setOrder] = useState<Order>('oldest');

  useEffect(() => {
    const stored = localStorage.getItem(ORDER_KEY);
    if (stored === 'newest' || stored === 'oldest') setOrder(stored);
  }, []);

  const userId = user?.id;
  // The thread holds the reader's own pending comments: it is read again when the reader changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: userId is a reason to reload, not an input.
  const load = useCallback(async () => {
    setFailed(false);
    try {
      const next = await api.comments.thread<Thread>({ query: { locale, path }, locale });
      setThread(next);
      onCount(next.total);
    } catch {
      setFailed(true);
    }
  }, [locale, path, onCount, userId]);

  useEffect(() => {
    if (authReady) load();
  }, [authReady, load]);

  const changeOrder = (next: Order) => {
    setOrder(next);
    localStorage.setItem(ORDER_KEY, next);
  };

  const canComment = Boolean(user?.permissions.includes('comments.create'));
  const actions: ThreadActions = {
    userCanReply: canComment,
    canDeleteAny: Boolean(user?.permissions.includes('comments.delete')),
    editRemoderates: !user?.permissions.includes('comments.edit'),
    async reply(parentId, body, turnstileToken) {
      await post(body, turnstileToken, parentId);
    },
    async edit(id, body) {
      const { status } = await api.comments.update<{ status: CommentStatus }>({
        params: { id },
        body: { body },
        locale,
      });
      // The server says when the edit went back to moderation (an approved comment, F-27).
      if (status === 'pending') toast({ title: t('comments.savedPending'), color: 'info' });
      else toast({ title: t('comments.saved'), color: 'success' });
      await load();
    },
    async remove(id) {
      try {
        await api.comments.delete({ params: { id }, locale });
        toast({ title: t('comments.deleted'), color: 'success' });
        await load();
      } catch (error) {
        toast({
          title: t('comments.deleteFailed'),
          description: error instanceof ApiRequestError ? error.message : undefined,
          color: 'error',
        });
      }
    },
  };

  async function post(body: string, turnstileToken: string | undefined, parentId?: number) {
    const { status } = await api.comments.create<{ id: number; status: CommentStatus }>({
      body: { locale, path, body, parentId, turnstileToken },
      locale,
    });
    if (status === 'approved') toast({ title: t('comments.published'), color: 'success' });
    else toast({ title: t('comments.pendingNotice'), color: 'info' });
    await load();
  }

  const roots = thread ? (order === 'newest' ? [...thread.comments].reverse() : thread.comments) : [];
  const returnTo = `${location.pathname}#comments`;

  return (
    <div className="space-y-6" data-testid="comment-thread">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="text-2xl font-bold">
          {t('comments.heading')}
        </h2>
        {thread && thread.comments.length > 1 ? (
          // biome-ignore lint/a11y/useSemanticElements: a toggle group of two pressed-state buttons.
          <div role="group" aria-label={t('comments.order')} className="inline-flex rounded-md border border-border p-0.5">
            {(['oldest', 'newest'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={order === value}
                onClick={() => changeOrder(value)}
                className="rounded px-3 py-1 text-sm text-fg-muted aria-pressed:bg-muted aria-pressed:font-semibold aria-pressed:text-fg"
              >
                {t(`comments.${value}`)}
              </button>
            ))}
          </div>
        ) : null}
      </div>

      {!authReady ? null : canComment ? (
        <CommentForm
          label={t('comments.yourComment')}
          submitLabel={t('comments.post')}
          busyLabel={t('comments.posting')}
          captcha
          onSubmit={(body, token) => post(body, token)}
        />
      ) : user ? (
        <p className="rounded-lg border border-border bg-muted p-4 text-sm text-fg-muted">{t('comments.noPermission')}</p>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-muted p-4">
          <p className="text-sm text-fg-muted">{t('comments.signInHint')}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to={paths.login(locale, returnTo)} data-testid="comment-sign-in">
                <LogIn aria-hidden className="size-4 rtl:-scale-x-100" />
                {t('comments.signIn')}
              </Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={paths.register(locale, returnTo)}>{t('comments.register')}</Link>
            </Button>
          </div>
        </div>
      )}

      {failed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-300">
          {t('comments.loadFailed')}
          <Button size="sm" variant="outline" onClick={load}>
            {t('comments.retry')}
          </Button>
        </div>
      ) : !thread ? (
        <CommentsLoading />
      ) : roots.length === 0 ? (
        <EmptyState icon={MessageSquare} title={t('comments.empty')} hint={t('comments.emptyHint')} />
      ) : (
        <ol className="space-y-6" aria-labelledby="comments-heading">
          {roots.map((comment) => (
            <CommentBranch key={comment.id} comment={comment} holder={null} actions={actions} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** A comment and its replies; `holder` is the comment whose list it is in (to name a flattened reply's parent). */
function CommentBranch({
  comment,
  holder,
  actions,
  names = new Map(),
}: {
  comment: ThreadComment;
  holder: ThreadComment | null;
  actions: ThreadActions;
  names?: Map<number, string>;
}) {
  if (!comment.hidden) names.set(comment.id, comment.author.name);
  const answers = comment.parentId !== null && comment.parentId !== holder?.id ? names.get(comment.parentId) : undefined;
  return (
    <li>
      <CommentItem comment={comment} inReplyTo={answers} actions={actions} />
      {comment.replies.length ? (
        <ol className="ms-4 mt-4 space-y-4 border-s-2 border-border ps-4 sm:ms-6 sm:ps-6">
          {comment.replies.map((reply) => (
            <CommentBranch key={reply.id} comment={reply} holder={comment} actions={actions} names={names} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}
