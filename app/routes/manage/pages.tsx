import { ManagePage } from '../../components/layout/manage-page';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/pages';

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.pages');

export default function ManagePages() {
  return <ManagePage section="pages" />;
}
