import { useTranslation } from 'react-i18next';
import { localeOr } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { categoryName } from '../../../common/site-settings';
import { Archive } from '../../components/content/archive';
import { useCategoryName } from '../../components/content/category-link';
import { translate } from '../../i18n/i18n';
import { rootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { documentLoad, readingHandle } from '../../reading/document';
import type { Route } from './+types/category';
import { loadArchive } from './archive.server';

/** /{locale}/cats/{cat}: one of the site's categories (settings), newest first, paginated. */
// A reading page: not hydrated, enhanced by app/reading/entry.tsx (decision 0007).
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadArchive(args, args.params.cat);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const root = rootData(matches);
  const cat = params.cat ?? '';
  const name = root ? categoryName(root.site, root.locale, cat) : cat;
  const title = root ? translate(root.locale, 'content.catTitle', { cat: name }) : name;
  // The category's own feed beside the locale's (`<link rel="alternate">`).
  const feed = loaderData && root ? { href: paths.categoryFeed(root.locale, cat), title } : undefined;
  return seoMeta(matches, { title, seo: loaderData?.seo, feed });
};

export default function Category({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const catName = useCategoryName();
  const locale = localeOr(params.locale);
  const name = catName(params.cat);
  return (
    <Archive
      locale={locale}
      title={t('content.catTitle', { cat: name })}
      intro={t('content.catIntro', { cat: name })}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      base={paths.category(locale, params.cat)}
      cats={loaderData.cats}
      current={params.cat}
      feed={{ href: paths.categoryFeed(locale, params.cat), label: t('content.catFeed') }}
    />
  );
}
