import { data } from 'react-router';
import type { Route } from './+types/not-found';

/** Catch-all: any path no other route claims is a 404 (content pages join here later). */
export function loader({ request }: Route.LoaderArgs) {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
