import { data } from 'react-router';
import { isLocale } from '../../../common/locales';
import { appContext } from '../../../server/context';
import { contentPageView } from '../../../server/services/page-views';
import { Article } from '../../components/content/article';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/content-page';

/** The catch-all (spec §2 /{locale}/{slug}): a published page, or 404 'Page not found: {path}'. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'fa';
  const view = await contentPageView({
    deps: context.get(appContext).deps,
    locale,
    requestUrl: request.url,
    slug: params['*'] ?? '',
  });
  if (!view) throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
  return view;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, { title: loaderData?.page.title, description: loaderData?.page.description, seo: loaderData?.seo });

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return <Article page={loaderData.page} />;
}
