import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageRef, TranslationStatus } from '../../../../common/authoring';
import { translationLocale } from '../../../../common/locales';
import { api } from '../../../lib/api-client';
import { useClock } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { DiffView, parseUnifiedDiff } from '../builds/diff-view';
import { editorPath, pageAddress } from '../pages/page-path';

type Outdated = NonNullable<TranslationStatus['outdated']>;

/** `/fa/trip` from a page reference (shown isolated left to right inside text of either direction). */

/**
 * Above an out-of-date translation in the editor (docs/content.md "Outdated translations"): when
 * its source changed, and the source's diff since the translation last changed, collapsible. Asks
 * `GET /api/translations/{locale}/{path}` once; shows nothing while it asks or when the page is up
 * to date (most pages), and a quiet line when it cannot tell.
 */
export function OutdatedSourcePanel({ page }: { page: PageRef }) {
  const { t } = useTranslation();
  const { locale: uiLocale } = useRootData();
  const clock = useClock();
  const [state, setState] = useState<{ outdated: Outdated | null } | 'failed' | undefined>();

  useEffect(() => {
    if (page.locale !== translationLocale) return;
    let live = true;
    api.pages.translation<TranslationStatus>({ params: { locale: page.locale, path: page.path }, locale: uiLocale }).then(
      (status) => live && setState({ outdated: status.outdated }),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [page.locale, page.path, uiLocale]);

  if (state === 'failed') return <p className="text-sm text-fg-muted">{t('editor.outdated.failed')}</p>;
  const outdated = state?.outdated;
  if (!outdated) return null;
  const date = (iso: string) => clock.time(iso, 'date');
  const diff = outdated.diff;
  const hasLines = diff !== null && parseUnifiedDiff(diff).length > 0;
  return (
    <section data-testid="outdated-source" aria-label={t('editor.outdated.diff')}>
      <Alert
        tone="warning"
        title={t('editor.outdated.title', {
          language: t(`overview.languages.${outdated.source.locale}`),
          date: date(outdated.changedAt),
        })}
      >
        <p>{t('editor.outdated.detail', { since: date(outdated.since) })}</p>
        <p className="mt-1">
          <Link to={editorPath(uiLocale, outdated.source)} className="text-primary-strong underline-offset-4 hover:underline">
            {t('editor.outdated.openSource')} <bdi dir="ltr">{pageAddress(outdated.source)}</bdi>
          </Link>
        </p>
        {!outdated.sourceExisted ? <p className="mt-1">{t('editor.outdated.wasElsewhere')}</p> : null}
        {diff === null ? (
          <p className="mt-1">{t('editor.outdated.tooBig')}</p>
        ) : !hasLines ? (
          <p className="mt-1">{t('editor.outdated.noDiff')}</p>
        ) : (
          <details className="mt-2" open={diff.length < 4000}>
            <summary className="cursor-pointer font-medium">{t('editor.outdated.diff')}</summary>
            <div className="mt-2 max-h-96 overflow-y-auto">
              <DiffView diff={diff} labels={{ added: t('builds.added'), removed: t('builds.removed') }} />
            </div>
          </details>
        )}
      </Alert>
    </section>
  );
}
