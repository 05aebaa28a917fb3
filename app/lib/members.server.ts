import { data, type RouterContextProvider } from 'react-router';
import type { ContentPage } from '../../common/content';
import { openMembersPage } from '../../server/services/content';
import { serverContext } from './app-context.server';
import { readPageSession } from './auth.server';

/**
 * The page as this reader may read it (docs/content.md "Members-only pages"), with the headers that
 * keep the two views of a members page apart in every cache: a signed-in reader gets it whole,
 * `private, no-store` (the page cache never stores a request with a session cookie either); anyone
 * else gets the first block, and `Vary: Cookie` tells shared caches the answer depends on signing in.
 * A public page is returned as it is, with no extra header.
 */
export async function forReader<T extends { page: ContentPage | null }>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  view: T,
) {
  const page = view.page;
  if (!page?.members) return data(view);
  const session = await readPageSession(args);
  if (!session) return data(view, { headers: { Vary: 'Cookie' } });
  const { deps, state } = serverContext(args.context);
  const whole = await openMembersPage(deps.db, page, state.site);
  return data({ ...view, page: whole }, { headers: { Vary: 'Cookie', 'Cache-Control': 'private, no-store' } });
}
