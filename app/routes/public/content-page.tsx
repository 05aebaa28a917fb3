import { contentPageLd } from '../../../common/structured-data';
import { Article } from '../../components/content/article';
import { SubscribeForm } from '../../components/newsletter/subscribe-form';
import { seoMeta } from '../../lib/seo';
import { documentLoad, readingHandle } from '../../reading/document';
import { Island } from '../../reading/island';
import type { Route } from './+types/content-page';
import { loadContentPage } from './content-page.server';

/** The catch-all (docs/spec.md §2 /{locale}/{slug}): a published page, or 404 'Page not found: {path}'. */
// A reading page: not hydrated, enhanced by app/reading/entry.tsx (decision 0007).
export const handle = readingHandle;
export const clientLoader = documentLoad;

export async function loader(args: Route.LoaderArgs) {
  return loadContentPage(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, {
    title: loaderData?.page.title,
    metaTitle: loaderData?.page.metaTitle,
    noindex: loaderData?.page.noindex,
    description: loaderData?.page.description,
    seo: loaderData?.seo,
    structuredData: loaderData ? (context) => contentPageLd(context, loaderData.page, loaderData.seo.image) : undefined,
  });

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
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
