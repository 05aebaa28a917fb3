import { redirect } from 'react-router';
import { isLocale } from '../../../common/locales';
import { homeForUser, safeReturnPath } from '../../../common/page-access';
import { getRequestUser } from '../../../server/auth/request-user';
import type { AppLoadContext } from '../../../server/context';

/** Login and register are for visitors: a signed-in user is sent on (spec §2). */
export async function redirectSignedIn(request: Request, { deps }: AppLoadContext, localeParam: string | undefined) {
  const locale = isLocale(localeParam) ? localeParam : 'fa';
  const user = await getRequestUser(deps.db, request);
  if (!user) return null;
  const back = new URL(request.url).searchParams.get('redirectTo');
  throw redirect(back ? safeReturnPath(back, locale) : homeForUser(user.permissions, locale));
}
