import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageSummary } from '../../../common/content';
import { siteTimeZone } from '../../../common/format';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { useActiveTheme } from '../../lib/appearance';
import { useRootData } from '../../lib/root-data';
import { CategoryLink } from './category-link';
import { PageDate } from './page-date';

/** Dated pages as a list: title, date, category and description. */
export function LogList({ items, locale, headingLevel = 2 }: { items: PageSummary[]; locale: Locale; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  // A date with a time shows its day on the site's clock: the day its date archive counts it in.
  const _zone = siteTimeZone(useRootData().site);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // A theme may draw each entry its own way (themes/slots.ts), e.g. as a card with its image.
  const { theme, options } = useActiveTheme();
  const ListItem = theme.slots.listItem;
  if (items.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-border p-8 text-center text-fg-muted">{t('content.emptyLogs')}</p>
    );
  return (
    <ul className="divide-y divide-border" data-testid="log-list">
      {items.map((item) =>
        ListItem ? (
          <li key={item.slug} className="py-5">
            <ListItem item={item} locale={locale} headingLevel={headingLevel} options={options} />
          </li>
        ) : (
          <li key={item.slug} className="py-5">
            <article>
              <Heading className="text-lg font-semibold leading-snug">
                <Link to={paths.page(locale, item.slug)} className="hover:text-primary-strong">
                  {item.title}
                </Link>
              </Heading>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
                {item.date && <PageDate locale={locale} date={item.date} />}
                {item.cat && <CategoryLink locale={locale} cat={item.cat} />}
              </p>
              {item.description && <p className="mt-2 text-fg-muted">{item.description}</p>}
            </article>
          </li>
        ),
      )}
    </ul>
  );
}
