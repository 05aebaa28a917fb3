import { ManagePage } from '../../components/layout/manage-page';
import { pageMetaFor } from '../../lib/meta';
import type { Route } from './+types/newsletter';

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'manage.sections.newsletter');

export default function ManageNewsletter() {
  return <ManagePage section="newsletter" />;
}
