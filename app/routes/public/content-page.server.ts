import { redirect } from 'react-router';
import { archivePeriodView, contentPageView } from '../../../server/services/public-pages';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';
import { forReader } from '../../lib/members.server';
import type { Route } from './+types/content-page';

/** A published page, else a date archive at that address (`logs/1404/08`), else 404. */
export async function loadContentPage(args: Route.LoaderArgs) {
  const { context, params, request } = args;
  const { deps, state } = serverContext(context);
  const slug = params['*'] ?? '';
  const page = await contentPageView({ deps, state, request, slug });
  if (page) return forReader(args, page);
  const archive = await archivePeriodView({ deps, state, request, slug: slug.replace(/^\/+|\/+$/g, '') });
  if (archive?.kind === 'redirect') throw redirect(archive.to, 301);
  return archive ?? notFound();
}
