import { searchView } from '../../../server/services/search';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';

/** The search page: results for `?q=` (`?page=N` past the first); a page number past the last is 404. */
export async function loadSearch({ context, request }: { context: Parameters<typeof serverContext>[0]; request: Request }) {
  const { deps, state } = serverContext(context);
  return (await searchView({ deps, state, request })) ?? notFound();
}
