import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { isLocale } from '../../../common/locales';
import { appContext } from '../../../server/context';
import { archiveView } from '../../../server/services/page-views';
import { Archive } from '../../components/content/archive';
import { translate } from '../../i18n/i18n';
import type { RootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/logs';

/** /{locale}/logs: dated pages, newest first, ten per page (`?page=2`). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const locale = isLocale(params.locale) ? params.locale : 'fa';
  const url = new URL(request.url);
  const pageNumber = Number(url.searchParams.get('page') ?? '1');
  const view = await archiveView({ deps: context.get(appContext).deps, locale, requestUrl: request.url, pageNumber });
  if (!view) throw data(`Page not found: ${url.pathname}${url.search}`, { status: 404 });
  return view;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as RootData | undefined;
  return seoMeta(matches, { title: root ? translate(root.locale, 'content.logsTitle') : 'Logs', seo: loaderData?.seo });
};

export default function Logs({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = isLocale(params.locale) ? params.locale : 'fa';
  return (
    <Archive
      locale={locale}
      title={t('content.logsTitle')}
      intro={t('content.logsIntro')}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      base={`/${locale}/logs`}
      cats={loaderData.cats}
      current={null}
    />
  );
}
