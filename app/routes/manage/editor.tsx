import { ManagePage } from '../../components/layout/manage-page';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/editor';

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.editor');

export default function ManageEditor() {
  return <ManagePage section="editor" />;
}
