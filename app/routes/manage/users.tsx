import { ManagePage } from '../../components/layout/manage-page';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/users';

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.users');

export default function ManageUsers() {
  return <ManagePage section="users" />;
}
