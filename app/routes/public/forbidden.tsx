import { data } from 'react-router';
import { ErrorView } from '../../components/layout/error-view';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/forbidden';

/** Where refused permission checks land; the status says the same to machines. */
export function loader() {
  return data(null, { status: 403 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '403');

export default function Forbidden() {
  return <ErrorView status={403} />;
}
