import { data, Outlet } from 'react-router';
import { isLocale } from '../../common/locales';
import type { Route } from './+types/locale';

/** Guards the locale segment: only the site's locales exist (a 404 for anything else). */
export function loader({ params }: Route.LoaderArgs) {
  if (!isLocale(params.locale)) throw data(null, { status: 404 });
  return null;
}

export default function LocaleRoute() {
  return <Outlet />;
}
