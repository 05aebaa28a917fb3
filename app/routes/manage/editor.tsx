import { EditorScreen } from '../../components/manage/editor/editor-screen';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/editor';
import { loadEditor } from './editor.server';

/** `/manage/editor/{locale}/{...path}`: edit a page, or create it when it does not exist yet. */
export async function loader(args: Route.LoaderArgs) {
  return loadEditor(args);
}

/** A page being written, for one signed-in editor: never stored by a shared cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.editor');

export default function ManageEditor({ loaderData }: Route.ComponentProps) {
  // A new page per path: switching pages starts the editor afresh (its state, drafts, editor).
  return <EditorScreen key={`${loaderData.page.locale}/${loaderData.page.path}`} data={loaderData} />;
}
