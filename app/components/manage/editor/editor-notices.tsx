import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Locale } from '../../../../common/locales';
import { paths } from '../../../../common/paths';
import { isolateLtr } from '../../../../common/text-direction';
import { formatNumber, formatTime, useClock } from '../../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { pageAddress } from '../pages/page-path';
import type { EditorDraft } from './drafts';
import type { EditorData } from './types';
import type { Upload } from './use-image-uploads';

/** "27 Nov 2026, 10:41" in the browser's time zone. */
/** A path inside a translated sentence, kept left-to-right in Persian (Unicode LRI … PDI). */

/** A draft kept in this browser that differs from the page: Restore or Discard. */
export function RestoreOffer({
  offer,
  locale,
  onRestore,
  onDiscard,
}: {
  offer: EditorDraft;
  locale: Locale;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const clock = useClock();
  return (
    <div data-testid="restore-offer">
      <Alert tone="info" title={t('editor.restoreTitle', { time: formatTime(locale, offer.savedAt, clock.zone) })}>
        <p>{t('editor.restoreDetail')}</p>
        <div className="mt-3 flex gap-2">
          <Button type="button" size="sm" onClick={onRestore}>
            {t('editor.restore')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
            {t('editor.discard')}
          </Button>
        </div>
      </Alert>
    </div>
  );
}

/** What the page is: someone else's unpublished change, or the author's own pending one, and for a new page its address and source. */
export function PageNotices({ data, created, locale }: { data: EditorData; created: boolean; locale: Locale }) {
  const { t } = useTranslation();
  const { pendingBy, document, from } = data;
  const clock = useClock();
  return (
    <>
      {pendingBy ? (
        <Alert
          tone="warning"
          title={
            pendingBy.displayName
              ? t('editor.pendingOther', {
                  name: pendingBy.displayName,
                  time: formatTime(locale, pendingBy.createdAt, clock.zone),
                })
              : t('editor.pendingSomeone', { time: formatTime(locale, pendingBy.createdAt, clock.zone) })
          }
        />
      ) : document?.pending ? (
        <Alert tone="info" title={t('editor.pendingKind', { kind: t(`editor.pendingKinds.${document.pending}`) })} />
      ) : null}
      {!created ? <Alert tone="info" title={t('editor.newNotice', { path: isolateLtr(pageAddress(data.page)) })} /> : null}
      {from && !created ? (
        <Alert tone="info" title={t('editor.fromNotice', { page: isolateLtr(pageAddress(from.page)) })} />
      ) : null}
      {data.buildScheduledAt && !data.schedule?.publishAt ? (
        // Defect P1: a save joins the open build, which publishes itself at its time.
        <div data-testid="build-scheduled-notice">
          <Alert
            tone="warning"
            title={t('editor.buildScheduled', { when: clock.time(data.buildScheduledAt, 'full'), zone: clock.label })}
          >
            <p>{t(data.canSchedule ? 'editor.buildScheduledOut' : 'editor.buildScheduledAsk')}</p>
          </Alert>
        </div>
      ) : null}
    </>
  );
}

/** After the author's own save: saved, with a link to the open build. */
export function SavedNotice({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Alert tone="success" title={t('editor.saved')}>
      <Link to={paths.manage(locale, 'builds')} className="text-primary-strong underline">
        {t('editor.openBuilds')}
      </Link>
    </Alert>
  );
}

/** The images being uploaded, each with its progress. */
export function UploadList({ uploads, locale }: { uploads: Upload[]; locale: Locale }) {
  const { t } = useTranslation();
  if (!uploads.length) return null;
  return (
    <ul className="space-y-1 text-sm" aria-live="polite" data-testid="uploads">
      {uploads.map((upload) => (
        <li key={upload.id} className="flex items-center gap-2">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {t('editor.upload.progress', {
            name: upload.name,
            percent: formatNumber(locale, upload.fraction, { style: 'percent' }),
          })}
          <progress max={1} value={upload.fraction} className="h-1.5 w-24 accent-primary" />
        </li>
      ))}
    </ul>
  );
}
