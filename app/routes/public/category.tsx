import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { isLocale } from '../../../common/locales';
import { appContext } from '../../../server/context';
import { archiveView } from '../../../server/services/page-views';
import { Archive } from '../../components/content/archive';
import { useCategoryName } from '../../components/content/category-link';
import { translate } from '../../i18n/i18n';
import type { RootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/category';

/** /{locale}/cats/{cat}: one of the site's categories (settings), newest first, paginated. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'fa';
  const url = new URL(request.url);
  const pageNumber = Number(url.searchParams.get('page') ?? '1');
  const view = await archiveView({
    deps: context.get(appContext).deps,
    locale,
    requestUrl: request.url,
    pageNumber,
    cat: params.cat,
  });
  if (!view) throw data(`Page not found: ${url.pathname}${url.search}`, { status: 404 });
  return view;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  const cat = params.cat ?? '';
  const name = root ? translate(root.locale, `content.cats.${cat}`, { defaultValue: cat }) : cat;
  const title = root ? translate(root.locale, 'content.catTitle', { cat: name }) : name;
  return seoMeta(matches, { title, seo: loaderData?.seo });
};

export default function Category({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const catName = useCategoryName();
  const locale = isLocale(params.locale) ? params.locale : 'fa';
  const name = catName(params.cat);
  return (
    <Archive
      locale={locale}
      title={t('content.catTitle', { cat: name })}
      intro={t('content.catIntro', { cat: name })}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      base={`/${locale}/cats/${encodeURIComponent(params.cat)}`}
      cats={loaderData.cats}
      current={params.cat}
    />
  );
}
