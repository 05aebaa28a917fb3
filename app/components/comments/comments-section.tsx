import { MessageSquare } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../common/locales';
import { formatNumber } from '../../lib/format';
import { CommentsLoading } from './comments-loading';

// The thread's code is its own chunk: pages without comments never download it.
const CommentThread = lazy(() => import('./comment-thread'));

/**
 * The comments of a page with `comments: true`. Nothing about them is in the server's HTML, which
 * stays the same for every reader (and cacheable): after hydration the thread's module and the
 * thread itself load in the browser.
 */
export function CommentsSection({ locale, path, onCount }: { locale: Locale; path: string; onCount: (count: number) => void }) {
  const { t } = useTranslation();
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const placeholder = (
    <>
      <h2 id="comments-heading" className="text-2xl font-bold">
        {t('comments.heading')}
      </h2>
      <div className="mt-6">
        <CommentsLoading />
      </div>
    </>
  );
  return (
    <section
      id="comments"
      // A reading page's script renders the thread here (app/reading/entry.tsx).
      data-island="comments"
      data-path={path}
      aria-labelledby="comments-heading"
      className="mt-12 max-w-3xl scroll-mt-24 border-t border-border pt-8"
    >
      {inBrowser ? (
        <Suspense fallback={placeholder}>
          <CommentThread locale={locale} path={path} onCount={onCount} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}

/** The page header's link to the thread, with the count once the thread has loaded. */
export function CommentCount({ locale, count }: { locale: Locale; count: number | null }) {
  const { t } = useTranslation();
  const text =
    count === null
      ? t('comments.heading')
      : count === 0
        ? t('comments.countNone')
        : count === 1
          ? t('comments.countOne')
          : t('comments.countMany', { total: formatNumber(locale, count) });
  return (
    <a
      href="#comments"
      className="inline-flex items-center gap-1 text-primary-strong hover:underline"
      data-testid="comment-count"
    >
      <MessageSquare aria-hidden className="size-4" />
      <span aria-live="polite">{text}</span>
    </a>
  );
}
