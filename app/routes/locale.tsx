import { data, Outlet } from 'react-router';
import { isLocale } from '../../common/locales';
import type { Route } from './+types/locale';

/** Guards the locale segment: only /fa and /en exist. */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
  return null;
}

export default function LocaleRoute() {
  return <Outlet />;
}
