import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../common/paths';
import { websiteLd } from '../../../common/structured-data';
import { ContentBody } from '../../components/content/content-body';
import { LogList } from '../../components/content/log-list';
import { MembersNote } from '../../components/content/members-note';
import { useActiveTheme } from '../../lib/appearance';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { documentLoad, readingHandle } from '../../reading/document';
import type { Route } from './+types/home';
import { loadHome } from './home.server';

// A reading page: not hydrated, enhanced by app/reading/entry.tsx (decision 0007).
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadHome(args);
}

// A members intro page's two views are kept apart in caches (app/lib/members.server.ts).
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

// The intro page's own `metaTitle` and `noindex` count here as on any page (issue 26).
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, {
    metaTitle: loaderData?.page?.metaTitle,
    noindex: loaderData?.page?.noindex,
    description: loaderData?.page?.description,
    seo: loaderData?.seo,
    structuredData: websiteLd,
  });

/** Home (docs/spec.md §1): the intro page (content/{locale}/index.md) and the latest logs. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, site } = useRootData();
  const { page, latest, totalLogs } = loaderData;
  // A theme may lay out the home its own way (themes/slots.ts): the same data, its own components.
  const { theme, options } = useActiveTheme();
  const intro = page ? (
    <>
      <ContentBody body={page.body} widgets={page.widgets} locale={locale} />
      {page.members === 'locked' && <MembersNote locale={locale} path={paths.home(locale)} />}
    </>
  ) : null;
  const ThemeHome = theme.slots.home;
  if (ThemeHome)
    return <ThemeHome locale={locale} page={page} intro={intro} latest={latest} totalLogs={totalLogs} options={options} />;
  return (
    <div className="space-y-12">
      <section className="mx-auto max-w-[42rem]" data-testid="home-intro">
        <div className="py-6 text-center">
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {page?.title ?? site.siteName[locale]}
          </h1>
          <p className="mt-4 text-lg text-fg-muted text-balance">{page?.description || site.description[locale]}</p>
        </div>
        {page ? (
          <div className="mt-6">{intro}</div>
        ) : (
          <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-fg-muted">{t('content.emptyHome')}</p>
        )}
      </section>
      <section aria-labelledby="latest-logs" className="mx-auto max-w-[42rem]">
        <div className="flex items-baseline justify-between gap-4 border-b border-border pb-3">
          <h2 id="latest-logs" className="text-2xl font-bold">
            {t('content.latestLogs')}
          </h2>
          {totalLogs > latest.length && (
            <Link to={paths.logs(locale)} className="text-sm text-primary-strong hover:underline">
              {t('content.allLogs')}
            </Link>
          )}
        </div>
        <LogList items={latest} locale={locale} />
      </section>
    </div>
  );
}
