import { Rss } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageSummary } from '../../../common/content';
import type { Locale } from '../../../common/locales';
import { useCategoryName } from './category-link';
import { LogList } from './log-list';
import { Pagination } from './pagination';

/** The logs archive and the category pages: heading, category filter, list, pagination. */
export function Archive(props: {
  locale: Locale;
  title: string;
  intro: string;
  items: PageSummary[];
  page: number;
  pageCount: number;
  base: string;
  cats: string[];
  current: string | null;
}) {
  const { t } = useTranslation();
  const catName = useCategoryName();
  const { locale } = props;
  // The active chip is marked by its border and weight, not a tinted fill: a tint under green
  // text fell below 4.5:1 contrast.
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm ${active ? 'border-primary-strong font-semibold text-primary-strong' : 'border-border text-fg-muted hover:bg-muted'}`;
  return (
    <section className="mx-auto max-w-[42rem]">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{props.title}</h1>
          <p className="mt-2 text-fg-muted">{props.intro}</p>
        </div>
        <a
          href={`/${locale}/feed.xml`}
          className="inline-flex shrink-0 items-center gap-1 text-sm text-fg-muted hover:text-primary-strong"
        >
          <Rss className="size-4" aria-hidden />
          {t('content.feed')}
        </a>
      </div>
      <nav aria-label={t('content.categories')} className="mt-6 flex flex-wrap gap-2">
        <Link
          to={`/${locale}/logs`}
          className={chip(props.current === null)}
          aria-current={props.current === null ? 'page' : undefined}
        >
          {t('content.allLogs')}
        </Link>
        {props.cats.map((cat) => (
          <Link
            key={cat}
            to={`/${locale}/cats/${encodeURIComponent(cat)}`}
            className={chip(props.current === cat)}
            aria-current={props.current === cat ? 'page' : undefined}
          >
            {catName(cat)}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        <LogList items={props.items} locale={locale} />
      </div>
      <Pagination locale={locale} base={props.base} page={props.page} pageCount={props.pageCount} />
    </section>
  );
}
