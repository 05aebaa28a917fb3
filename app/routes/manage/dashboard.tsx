import { ManagePage } from '../../components/layout/manage-page';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.dashboard');

export default function ManageDashboard() {
  return <ManagePage section="dashboard" />;
}
