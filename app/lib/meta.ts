import { pageTitle } from '../../common/site-settings';
import { errorStatus, errorTitleKey } from '../components/layout/error-view';
import { translate } from '../i18n/i18n';
import { type MatchLike, rootData } from './root-data';

/** `<title>` and description for a page, in the spec's form 'page - site name • description'. */
export function pageMeta(matches: readonly MatchLike[], page?: string) {
  const root = rootData(matches);
  if (!root) return [{ title: page ?? 'Daftar' }];
  return [
    { title: pageTitle(root.site, root.locale, page) },
    { name: 'description', content: root.site.description[root.locale] },
  ];
}

/** Like pageMeta, with the page name taken from the messages (`auth.loginTitle`…). */
export function pageMetaFor(matches: readonly MatchLike[], messageKey: string) {
  const root = rootData(matches);
  return pageMeta(matches, root ? translate(root.locale, messageKey) : undefined);
}

/**
 * The `<title>` of a layout whose error boundary shows an error (404, a thrown 403…): without it
 * the tab title would be empty. Pages below the layout give their own meta when there is no error.
 */
export function errorMeta({ matches, error }: { matches: readonly MatchLike[]; error?: unknown }) {
  return error ? pageMetaFor(matches, errorTitleKey(errorStatus(error))) : [];
}
