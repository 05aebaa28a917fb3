import { Rss } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageSummary } from '../../../common/content';
import type { ArchivePeriod, ArchiveYear } from '../../../common/date-archive';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { ArchiveCalendar } from './archive-calendar';
import { useCategoryName } from './category-link';
import { LogList } from './log-list';
import { Pagination } from './pagination';

/**
 * The logs archive, the category pages and the tag and author pages: heading, feed link, category
 * filter (archives only: without `cats`), list, pagination, and the logs' date archive widget. `feed`: the listing's own Atom feed
 * (default: the locale's); `lead`: shown before the heading (an author's picture).
 */
export function Archive(props: {
  locale: Locale;
  title: string;
  intro: string;
  items: PageSummary[];
  page: number;
  pageCount: number;
  base: string;
  cats?: string[];
  current?: string | null;
  feed?: { href: string; label: string };
  lead?: ReactNode;
  /** The date archive's widget (the logs and their months and years); `period` the one shown. */
  calendar?: ArchiveYear[];
  period?: ArchivePeriod;
}) {
  const { t } = useTranslation();
  const { locale } = props;
  return (
    <section className="mx-auto max-w-[42rem]">
      <div className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-4">
          {props.lead}
          <div className="min-w-0">
            <h1 className="text-3xl font-bold break-words">{props.title}</h1>
            <p className="mt-2 text-fg-muted">{props.intro}</p>
          </div>
        </div>
        <a
          href={props.feed?.href ?? paths.feed(locale)}
          type="application/atom+xml"
          title={props.feed?.label}
          className="inline-flex shrink-0 items-center gap-1 text-sm text-fg-muted hover:text-primary-strong"
          data-testid="archive-feed"
        >
          <Rss className="size-4" aria-hidden />
          {t('content.feed')}
        </a>
      </div>
      {props.cats && <CategoryNav locale={locale} cats={props.cats} current={props.current ?? null} />}
      <div className="mt-4">
        <LogList items={props.items} locale={locale} />
      </div>
      <Pagination locale={locale} base={props.base} page={props.page} pageCount={props.pageCount} />
      {props.calendar && <ArchiveCalendar locale={locale} years={props.calendar} current={props.period} />}
    </section>
  );
}

/** The archive's category filter: all logs, then each of the site's categories. */
function CategoryNav({ locale, cats, current }: { locale: Locale; cats: string[]; current: string | null }) {
  const { t } = useTranslation();
  const catName = useCategoryName();
  // The active chip is marked by its border and weight, not a tinted fill: a tint under green
  // text fell below 4.5:1 contrast.
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm ${active ? 'border-primary-strong font-semibold text-primary-strong' : 'border-border text-fg-muted hover:bg-muted'}`;
  return (
    <nav aria-label={t('content.categories')} className="mt-6 flex flex-wrap gap-2">
      <Link to={paths.logs(locale)} className={chip(current === null)} aria-current={current === null ? 'page' : undefined}>
        {t('content.allLogs')}
      </Link>
      {cats.map((cat) => (
        <Link
          key={cat}
          to={paths.category(locale, cat)}
          className={chip(current === cat)}
          aria-current={current === cat ? 'page' : undefined}
        >
          {catName(cat)}
        </Link>
      ))}
    </nav>
  );
}
