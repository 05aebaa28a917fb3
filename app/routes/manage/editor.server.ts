import { type PageRef, pageFile, parsePageRef } from '../../../common/authoring';
import { AppError } from '../../../server/errors';
import { currentBuild, openBuildChanges, pendingChanges } from '../../../server/services/builds';
import { getPageSchedule } from '../../../server/services/page-schedules';
import { checkPagePath, getPage } from '../../../server/services/pages';
import { translationSource } from '../../../server/services/translation-source';
import type { EditorData } from '../../components/manage/editor/types';
import { serverContext } from '../../lib/app-context.server';
import { notFound } from '../../lib/auth.server';
import { rethrowRepositoryDamage } from '../../lib/repository-damage.server';
import type { Route } from './+types/editor';
import { dashboardUser } from './layout.server';

/** A page the service may not find is a new page; any other refusal stays a refusal. */
async function readOrNull(deps: Parameters<typeof getPage>[0], ref: PageRef) {
  try {
    return await getPage(deps, ref);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** A `{locale}/{path}` from the URL as a page reference; a malformed or reserved one is 404. */
function pageRefOf(value: string | undefined | null): PageRef | undefined {
  const ref = value ? parsePageRef(value.replace(/^\/+|\/+$/g, '')) : undefined;
  if (!ref) return undefined;
  try {
    return checkPagePath(ref.locale, ref.path);
  } catch {
    return undefined;
  }
}

/** `/manage/editor/{locale}/{...path}`: the page to edit, or an empty one to create. */
export async function loadEditor({ context, params, request }: Route.LoaderArgs): Promise<EditorData> {
  const user = dashboardUser(context);
  const { deps } = serverContext(context);
  const page = pageRefOf(params['*']) ?? notFound();
  const document = await readOrNull(deps, page).catch((error) => rethrowRepositoryDamage(error, params.locale));
  let from: EditorData['from'] = null;
  const asked = pageRefOf(new URL(request.url).searchParams.get('from'));
  const source = document ? undefined : asked;
  if (source) {
    const original = await readOrNull(deps, source);
    if (original) from = { page: source, frontMatter: original.frontMatter };
  }
  // The page it translates, shown beside it block by block (the translate action's `?from=`, or its pair).
  const beside = await translationSource(deps, page, document, asked).catch((error) =>
    rethrowRepositoryDamage(error, params.locale),
  );
  let pendingBy: EditorData['pendingBy'] = null;
  if (document?.pending) {
    const change = (await pendingChanges(deps.db)).find((item) => item.path === pageFile(page.locale, page.path));
    if (change && change.authorId !== user.id) {
      const listed = (await openBuildChanges(deps)).changes.find((item) => item.id === change.id);
      pendingBy = { displayName: listed?.author?.displayName ?? '', createdAt: change.createdAt.toISOString() };
    }
  }
  const open = await currentBuild(deps.db);
  const schedule = document ? await getPageSchedule(deps, page) : null;
  return {
    page,
    document,
    from,
    pendingBy,
    source: beside,
    buildScheduledAt: open?.status === 'open' && open.scheduledAt ? open.scheduledAt.toISOString() : null,
    schedule,
    canSchedule: user.permissions.includes('builds.create'),
    translation: document && beside ? beside.page : null,
  };
}
