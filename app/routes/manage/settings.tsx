import { ManagePage } from '../../components/layout/manage-page';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/settings';

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.settings');

export default function ManageSettings() {
  return <ManagePage section="settings" />;
}
