import type { TFunction } from 'i18next';
import type { Locale } from '../../../../common/locales';
import { formatNumber } from '../../../lib/format';

/**
 * A build's title or a change's note as shown. The server writes them in English, as git commit
 * messages: an untitled build after its changes (`Create en/logs/hello and 2 more`,
 * server/services/publish-completion.ts defaultTitle), a media upload `Upload photo.png`
 * (server/services/media.ts). The dashboard reads them in its own language (issue 30, D16); a
 * title someone wrote shows as written.
 */
export function automaticTitle(title: string, t: TFunction, locale: Locale): string {
  // A revert (server/services/builds/revert.ts): `Revert "<the reverted build's title>"`, that
  // title read the same way (D20), isolated so its quotes stay where they belong in Persian.
  const revert = /^Revert "(.*)"$/s.exec(title);
  if (revert) {
    const reverted = revert[1] ?? '';
    const number = /^build (\S+)$/.exec(reverted);
    const inner = number ? t('builds.autoTitle.buildNumber', { id: number[1] }) : automaticTitle(reverted, t, locale);
    return t('builds.autoTitle.revert', { title: `\u2068${inner}\u2069` });
  }
  // A media upload's change note (server/services/media.ts): `Upload photo.png`.
  const upload = /^Upload (.+)$/.exec(title);
  if (upload) return t('builds.autoTitle.upload', { name: `\u2068${upload[1]}\u2069` });
  const match = /^(Create|Update|Delete|Move) (\S+)(?: and (\d+) more)?$/.exec(title);
  if (!match) return title;
  const [, kind = '', name = '', more] = match;
  // The path is isolated (U+2068…U+2069) so it keeps its order inside Persian text.
  const first = t(`builds.autoTitle.${kind.toLowerCase()}`, { name: `\u2068${name}\u2069` });
  return more ? t('builds.autoTitle.more', { title: first, count: formatNumber(locale, Number(more)) }) : first;
}
