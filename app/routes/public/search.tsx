import { localeOr } from '../../../common/locales';
import { SearchResults } from '../../components/search/search-results';
import { translate } from '../../i18n/i18n';
import { rootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { documentLoad, readingHandle } from '../../reading/document';
import type { Route } from './+types/search';
import { loadSearch } from './search.server';

/** /{locale}/search?q=: full-text search over the published pages of the locale (docs/content.md "Search"). */
// A reading page: not hydrated, enhanced by app/reading/entry.tsx (decision 0007).
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadSearch(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootData(matches);
  if (!root) return [{ title: 'Search' }];
  const query = loaderData?.query.trim();
  const title = query ? translate(root.locale, 'search.titleFor', { query }) : translate(root.locale, 'search.title');
  const tags = seoMeta(matches, { title, seo: loaderData?.seo });
  // Result lists are not pages of their own for search engines (the root says noindex for a hidden site).
  return root.site.indexable ? [...tags, { name: 'robots', content: 'noindex, follow' }] : tags;
};

export default function SearchPage({ loaderData, params }: Route.ComponentProps) {
  return <SearchResults locale={localeOr(params.locale)} {...loaderData} />;
}
