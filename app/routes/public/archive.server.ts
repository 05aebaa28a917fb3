import { archiveView } from '../../../server/services/public-pages';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';

/** The logs archive (no `cat`) or one category's; past the last page, or an unknown category, is 404. */
export async function loadArchive(
  { context, request }: { context: Parameters<typeof serverContext>[0]; request: Request },
  cat?: string,
) {
  const { deps, state } = serverContext(context);
  const pageNumber = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const view = await archiveView({ deps, state, requestUrl: request.url, pageNumber, cat });
  return view ?? notFound();
}
