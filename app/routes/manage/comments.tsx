import { ManagePage } from '../../components/layout/manage-page';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/comments';

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.comments');

export default function ManageComments() {
  return <ManagePage section="comments" />;
}
