import { MessageSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { useClock } from '../../lib/format';
import { EmptyState } from './empty-state';

export type ProfileComment = {
  id: number;
  locale: Locale;
  pageSlug: string;
  /** The page's title, or null when the page is gone from the site. */
  pageTitle: string | null;
  body: string;
  status: 'pending' | 'approved' | 'spam';
  createdAt: Date;
};

const statusTone = {
  pending: 'bg-amber-500/15 text-amber-800 dark:text-amber-200',
  approved: 'bg-green-500/15 text-green-800 dark:text-green-200',
  spam: 'bg-red-500/15 text-red-800 dark:text-red-200',
} as const;

/** The user's own comments (the latest 50), newest first, with their status; the text is shown as typed, never as HTML. */
export function CommentList({ comments }: { comments: ProfileComment[] }) {
  const { t } = useTranslation();
  const clock = useClock();
  if (comments.length === 0)
    return <EmptyState icon={MessageSquare} title={t('profile.comments.empty')} hint={t('profile.comments.emptyHint')} />;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label={t('profile.tabs.comments')}>
      {comments.map((comment) => (
        <li key={comment.id} className="p-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
            <Link
              to={`${paths.page(comment.locale, comment.pageSlug)}#comments`}
              className="font-medium text-primary-strong hover:underline"
            >
              {t('profile.comments.onPage', { page: comment.pageTitle ?? `/${comment.locale}/${comment.pageSlug}` })}
            </Link>
            <time dateTime={new Date(comment.createdAt).toISOString()}>{clock.time(comment.createdAt)}</time>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone[comment.status]}`}>
              {t(`profile.comments.status.${comment.status}`)}
            </span>
          </div>
          <p dir="auto" className="mt-2 whitespace-pre-line break-words">
            {comment.body}
          </p>
        </li>
      ))}
    </ul>
  );
}
