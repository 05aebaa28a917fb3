import { pageTitle } from '../../common/site-settings';
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
