import { Article } from '../../components/content/article';
import { SubscribeForm } from '../../components/newsletter/subscribe-form';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/content-page';
import { loadContentPage } from './content-page.server';

/** The catch-all (docs/spec.md §2 /{locale}/{slug}): a published page, or 404 'Page not found: {path}'. */
export async function loader(args: Route.LoaderArgs) {
  return loadContentPage(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, { title: loaderData?.page.title, description: loaderData?.page.description, seo: loaderData?.seo });

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Article page={loaderData.page} />
      {loaderData.page.newsletter ? <SubscribeForm variant="card" /> : null}
    </>
  );
}
