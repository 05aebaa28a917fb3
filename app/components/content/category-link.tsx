import { Link } from 'react-router';
import type { Locale } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { categoryName } from '../../../common/site-settings';
import { useRootData } from '../../lib/root-data';

/** A category's name in the reader's language, from the site settings (its slug when they have none). */
export function useCategoryName() {
  const { site, locale } = useRootData();
  return (cat: string) => categoryName(site, locale, cat);
}

/** A small pill linking to /{locale}/cats/{cat}; plain text for a category the site does not list. */
export function CategoryLink({ locale, cat }: { locale: Locale; cat: string }) {
  const { site } = useRootData();
  const name = useCategoryName()(cat);
  const className = 'rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-fg';
  if (!site.cats.includes(cat)) return <span className={className}>{name}</span>;
  return (
    <Link to={paths.category(locale, cat)} className={`${className} hover:text-primary-strong`} data-testid="category-link">
      {name}
    </Link>
  );
}
