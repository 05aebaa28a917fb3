import { useTranslation } from 'react-i18next';

/** Placeholder rows while the thread (its code or its data) loads. */
export function CommentsLoading() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="space-y-4" data-testid="comments-loading">
      <p className="sr-only" role="status">
        {t('comments.loading')}
      </p>
      {[0, 1].map((row) => (
        <div key={row} className="flex animate-pulse gap-3">
          <div className="size-9 shrink-0 rounded-full bg-muted" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-32 rounded bg-muted" />
            <div className="h-3 w-full rounded bg-muted" />
            <div className="h-3 w-2/3 rounded bg-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
