import { pageTitle } from '../../common/site-settings';
import { translate } from '../i18n/i18n';
import type { RootData } from './root-data';

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** `<title>` and description for a page, in the spec's form 'page - site name • description'. */
export function pageMeta(matches: readonly MatchLike[], page?: string) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  if (!root) return [{ title: page ?? 'Daftar' }];
  return [
    { title: pageTitle(root.site, root.locale, page) },
    { name: 'description', content: root.site.description[root.locale] },
  ];
}

/** Like pageMeta, with the page name taken from the messages (`auth.loginTitle`…). */
export function pageMetaFor(matches: readonly MatchLike[], messageKey: string) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  return pageMeta(matches, root ? translate(root.locale, messageKey) : undefined);
}
