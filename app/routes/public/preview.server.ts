import { previewPageView } from '../../../server/services/preview-links';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';
import type { Route } from './+types/preview';

/** `/{locale}/preview/{token}`: the page a preview link opens, or 404 (unknown, wrong, expired, revoked). */
export async function loadPreview({ context, params }: Route.LoaderArgs) {
  const { deps, state } = serverContext(context);
  if (!state.installed) return notFound();
  const view = await previewPageView(deps, state.site, state.locale, params.token ?? '');
  return view ? { ...view, colorMode: view.page.colorMode } : notFound();
}
