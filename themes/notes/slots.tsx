import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageDate } from '../../app/components/content/page-date';
import type { PageSummary } from '../../common/content';
import type { Locale } from '../../common/locales';
import { paths } from '../../common/paths';
import type { FooterSlotProps, HomeSlotProps, ListItemSlotProps, ThemeSlots } from '../slots';

/** A line of the notebook: the date in its own column at the start, then the title (and the summary). */
function Entry({
  item,
  locale,
  headingLevel,
  summary,
}: {
  item: PageSummary;
  locale: Locale;
  headingLevel: 2 | 3;
  summary: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="grid gap-x-6 gap-y-1 sm:grid-cols-[8.5rem_1fr]">
      <p className="text-sm text-fg-muted tabular-nums sm:pt-0.5">
        {item.date ? <PageDate locale={locale} date={item.date} /> : null}
      </p>
      <div>
        <Heading className="font-semibold leading-snug">
          <Link
            to={paths.page(locale, item.slug)}
            className="underline decoration-border underline-offset-4 hover:decoration-primary-strong"
          >
            {item.title}
          </Link>
        </Heading>
        {summary && item.description ? <p className="mt-1 text-sm text-fg-muted">{item.description}</p> : null}
      </div>
    </article>
  );
}

function ListItem({ item, locale, headingLevel }: ListItemSlotProps) {
  return <Entry item={item} locale={locale} headingLevel={headingLevel} summary />;
}

/** The home: the intro page as written, then the notebook's latest entries, one line each. */
function Home({ page, intro, latest, totalLogs, locale, options }: HomeSlotProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-12">
      <section data-testid="home-intro">
        {page ? (
          <>
            <h1 className="text-2xl font-bold">{page.title}</h1>
            {page.description ? <p className="mt-2 text-fg-muted">{page.description}</p> : null}
            <div className="mt-6">{intro}</div>
          </>
        ) : (
          <p className="rounded-lg border border-dashed border-border p-6 text-fg-muted">{t('content.emptyHome')}</p>
        )}
      </section>
      <section aria-labelledby="latest-logs">
        <h2 id="latest-logs" className="border-b border-dashed border-border pb-2 text-sm font-semibold text-fg-muted">
          {t('content.latestLogs')}
        </h2>
        {latest.length === 0 ? (
          <p className="mt-4 text-fg-muted">{t('content.emptyLogs')}</p>
        ) : (
          <ul className="mt-4 space-y-4" data-testid="log-list">
            {latest.map((item) => (
              <li key={item.slug}>
                <Entry item={item} locale={locale} headingLevel={3} summary={options.home !== 'titles'} />
              </li>
            ))}
          </ul>
        )}
        {totalLogs > latest.length && (
          <p className="mt-6">
            <Link to={paths.logs(locale)} className="text-sm text-primary-strong underline underline-offset-4">
              {t('content.allLogs')}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

/** The footer: the site's line, quietly, at the column's start. */
function Footer({ credit }: FooterSlotProps) {
  return <p className="mx-auto max-w-[42rem] px-4 text-start">{credit}</p>;
}

export const slots: ThemeSlots = { home: Home, listItem: ListItem, footer: Footer };
