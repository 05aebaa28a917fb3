import { archiveView, authorView, tagView } from '../../../server/services/public-pages';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';

/** The logs archive (no `cat`) or one category's; past the last page, or an unknown category, is 404. */
type LoaderInput = { context: Parameters<typeof serverContext>[0]; request: Request };

const pageNumberOf = (request: Request) => Number(new URL(request.url).searchParams.get('page') ?? '1');

export async function loadArchive({ context, request }: LoaderInput, cat?: string) {
  const { deps, state } = serverContext(context);
  const pageNumber = pageNumberOf(request);
  const view = await archiveView({ deps, state, request, pageNumber, cat });
  return view ?? notFound();
}

/** A tag's pages; an unknown tag (no public page of the locale has it), or past the last page, is 404. */
export async function loadTag({ context, request }: LoaderInput, tag: string) {
  const { deps, state } = serverContext(context);
  const view = await tagView({ deps, state, request, pageNumber: pageNumberOf(request), tag });
  return view ?? notFound();
}

/** An author's pages; no such account, no public page of it in the locale, or past the last page, is 404. */
export async function loadAuthor({ context, request }: LoaderInput, user: string) {
  const { deps, state } = serverContext(context);
  const view = await authorView({ deps, state, request, pageNumber: pageNumberOf(request), user });
  return view ?? notFound();
}
