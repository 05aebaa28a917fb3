import { useTranslation } from 'react-i18next';
import { localeOr } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { Archive } from '../../components/content/archive';
import { translate } from '../../i18n/i18n';
import { rootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { documentLoad, readingHandle } from '../../reading/document';
import type { Route } from './+types/logs';
import { loadArchive } from './archive.server';

/** /{locale}/logs: dated pages, newest first, ten per page (`?page=2`). */
// A reading page: not hydrated, enhanced by app/reading/entry.tsx (decision 0007).
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadArchive(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootData(matches);
  return seoMeta(matches, { title: root ? translate(root.locale, 'content.logsTitle') : 'Logs', seo: loaderData?.seo });
};

export default function Logs({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const locale = localeOr(params.locale);
  return (
    <Archive
      locale={locale}
      title={t('content.logsTitle')}
      intro={t('content.logsIntro')}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      base={paths.logs(locale)}
      cats={loaderData.cats}
      current={null}
      calendar={loaderData.calendar}
    />
  );
}
