import { useTranslation } from 'react-i18next';
import { archivePeriodName, archiveSlug } from '../../../common/date-archive';
import { formatNumber } from '../../../common/format';
import { type Locale, localeOr } from '../../../common/locales';
import { paths } from '../../../common/paths';
import { contentPageLd } from '../../../common/structured-data';
import { Archive } from '../../components/content/archive';
import { Article } from '../../components/content/article';
import { SubscribeForm } from '../../components/newsletter/subscribe-form';
import { translate } from '../../i18n/i18n';
import { rootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { documentLoad, readingHandle } from '../../reading/document';
import { Island } from '../../reading/island';
import type { Route } from './+types/content-page';
import { loadContentPage } from './content-page.server';

/**
 * The catch-all (docs/spec.md §2 /{locale}/{slug}): a published page, else the date archive its
 * address names (`/fa/logs/1404/08`, docs/content.md "Date archives"), or 404 'Page not found: {path}'.
 */
// A reading page: not hydrated, enhanced by app/reading/entry.tsx (decision 0007).
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadContentPage(args);
}

// A members page's two views are kept apart in caches (app/lib/members.server.ts).
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (loaderData?.kind === 'archive') {
    const root = rootData(matches);
    const locale = root?.locale ?? 'en';
    const title = translate(locale, 'content.archiveTitle', { period: archivePeriodName(locale, loaderData.period) });
    return seoMeta(matches, { title, seo: loaderData.seo });
  }
  return seoMeta(matches, {
    title: loaderData?.page.title,
    metaTitle: loaderData?.page.metaTitle,
    noindex: loaderData?.page.noindex,
    description: loaderData?.page.description,
    seo: loaderData?.seo,
    structuredData: loaderData ? (context) => contentPageLd(context, loaderData.page, loaderData.seo.image) : undefined,
  });
};

export default function ContentPageRoute({ loaderData, params }: Route.ComponentProps) {
  if (loaderData.kind === 'archive') return <PeriodArchive data={loaderData} locale={localeOr(params.locale)} />;
  return (
    <>
      <Article page={loaderData.page} />
      {loaderData.page.newsletter ? (
        <Island name="subscribe" data-variant="card">
          <SubscribeForm variant="card" />
        </Island>
      ) : null}
    </>
  );
}

type ArchiveData = Extract<Route.ComponentProps['loaderData'], { kind: 'archive' }>;

/** A month's or a year's logs (Jalali in Persian), with the widget to the others. */
function PeriodArchive({ data, locale }: { data: ArchiveData; locale: Locale }) {
  const { t } = useTranslation();
  const period = archivePeriodName(locale, data.period);
  return (
    <Archive
      locale={locale}
      title={t('content.archiveTitle', { period })}
      intro={t('content.archiveIntro', { count: data.total, n: formatNumber(locale, data.total), period })}
      items={data.items}
      page={data.page}
      pageCount={data.pageCount}
      base={paths.page(locale, archiveSlug(data.period))}
      calendar={data.calendar}
      period={data.period}
    />
  );
}
