import type { LucideIcon } from 'lucide-react';
import { FileText, GitCommitHorizontal, Languages, Mail, MessageSquare, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SiteFacts as Facts } from '../../../../common/analytics';
import { type Locale, locales, translationLocale } from '../../../../common/locales';
import { paths } from '../../../../common/paths';
import { formatNumber, useClock } from '../../../lib/format';

export type FactLinks = { pages: boolean; builds: boolean; comments: boolean; newsletter: boolean };

function Fact({ icon: Icon, title, value, children }: { icon: LucideIcon; title: string; value?: string; children?: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-lg border border-border p-4">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
      <div className="min-w-0 flex-1">
        <h3 className="text-sm text-fg-muted">{title}</h3>
        {value !== undefined ? <p className="text-2xl font-semibold tabular-nums">{value}</p> : null}
        {children ? <div className="mt-1 space-y-1 text-sm">{children}</div> : null}
      </div>
    </li>
  );
}

const linkClass = 'text-primary-strong underline-offset-4 hover:underline';

/** Translations whose source changed after them, linked to the pages screen showing just those. */
function OutdatedFact({ locale, count, linked }: { locale: Locale; count: number; linked: boolean }) {
  const { t } = useTranslation();
  if (!count) return <p className="text-fg-muted">{t('overview.facts.outdatedNone')}</p>;
  const text = t('overview.facts.outdated', { count, n: formatNumber(locale, count) });
  return (
    <p data-testid="outdated-translations">
      {linked ? (
        <Link className={linkClass} to={`${paths.manage(locale, 'pages')}?locale=${translationLocale}&outdated=1`}>
          {text}
        </Link>
      ) : (
        text
      )}
    </p>
  );
}

/** What the site holds and what waits for someone: pages, translations, changes, comments, subscribers, the last publish. */
export function SiteFacts({ locale, facts, can }: { locale: Locale; facts: Facts; can: FactLinks }) {
  const { t } = useTranslation();
  const clock = useClock();
  const n = (value: number) => formatNumber(locale, value);
  const language = (value: Locale) => t(`overview.languages.${value}`);
  const pagesOf = (value: Locale) => `${paths.manage(locale, 'pages')}?locale=${value}`;
  const missing = locales.filter((value) => facts.missingTranslations[value] > 0);
  const build = facts.lastBuild;

  return (
    <section aria-labelledby="site-facts" className="space-y-3">
      <h2 id="site-facts" className="text-xl font-semibold">
        {t('overview.facts.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Fact
          icon={FileText}
          title={t('overview.facts.pages')}
          value={n(locales.reduce((sum, value) => sum + facts.pages[value], 0))}
        >
          {locales.map((value) => (
            <p key={value}>
              {can.pages ? (
                <Link className={linkClass} to={pagesOf(value)}>
                  {t('overview.facts.pagesIn', { n: n(facts.pages[value]), language: language(value) })}
                </Link>
              ) : (
                t('overview.facts.pagesIn', { n: n(facts.pages[value]), language: language(value) })
              )}
            </p>
          ))}
        </Fact>
        <Fact
          icon={Languages}
          title={t('overview.facts.missing')}
          value={n(locales.reduce((sum, value) => sum + facts.missingTranslations[value], 0))}
        >
          {missing.length ? (
            missing.map((value) => (
              <p key={value}>
                {can.pages ? (
                  <Link className={linkClass} to={pagesOf(value)}>
                    {t('overview.facts.missingIn', { n: n(facts.missingTranslations[value]), language: language(value) })}
                  </Link>
                ) : (
                  t('overview.facts.missingIn', { n: n(facts.missingTranslations[value]), language: language(value) })
                )}
              </p>
            ))
          ) : (
            <p className="text-fg-muted">{t('overview.facts.missingNone')}</p>
          )}
          <OutdatedFact locale={locale} count={facts.outdatedTranslations} linked={can.pages} />
        </Fact>
        <Fact icon={GitCommitHorizontal} title={t('overview.facts.pending')} value={n(facts.pendingChanges)}>
          {can.builds && facts.pendingChanges > 0 ? (
            <Link className={linkClass} to={paths.manage(locale, 'builds')}>
              {t('overview.facts.pendingLink')}
            </Link>
          ) : null}
        </Fact>
        <Fact icon={MessageSquare} title={t('overview.facts.comments')} value={n(facts.pendingComments)}>
          {can.comments && facts.pendingComments > 0 ? (
            <Link className={linkClass} to={paths.manage(locale, 'comments')}>
              {t('overview.facts.commentsLink')}
            </Link>
          ) : null}
        </Fact>
        <Fact icon={Mail} title={t('overview.facts.subscribers')} value={n(facts.subscribers)}>
          {can.newsletter && facts.subscribers > 0 ? (
            <Link className={linkClass} to={paths.manage(locale, 'newsletter')}>
              {t('overview.facts.subscribersLink')}
            </Link>
          ) : null}
        </Fact>
        <Fact icon={Rocket} title={t('overview.facts.lastBuild')}>
          {build ? (
            <>
              <p className="font-medium">{build.title || t('overview.facts.untitled', { id: n(build.id) })}</p>
              <p className="text-fg-muted">
                {build.publishedBy
                  ? t('overview.facts.lastBuildBy', {
                      date: clock.time(build.publishedAt),
                      name: build.publishedBy,
                    })
                  : clock.time(build.publishedAt)}
              </p>
            </>
          ) : (
            <p className="text-fg-muted">{t('overview.facts.lastBuildNone')}</p>
          )}
          {can.builds ? (
            <Link className={linkClass} to={paths.manage(locale, 'builds')}>
              {t('overview.facts.buildsLink')}
            </Link>
          ) : null}
        </Fact>
      </ul>
    </section>
  );
}
