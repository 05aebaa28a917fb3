import { ManagePage } from '../../components/layout/manage-page';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/builds';

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.builds');

export default function ManageBuilds() {
  return <ManagePage section="builds" />;
}
