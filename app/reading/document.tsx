import entries from 'virtual:reading-entries';
import { redirectDocument, type UIMatch } from 'react-router';
import type { Locale } from '../../common/locales';
import type { RootData } from '../lib/root-data';
import { READING_DATA_ID, type ReadingPageData } from './page';

// What makes a page a reading page lives apart (./handle.ts), free of this module's build-time entries.
export { isReadingPage, readingHandle } from './handle';

import { isReadingPage } from './handle';

/**
 * A hydrated page (login, profile, dashboard) never renders a reading page in the browser: a
 * client navigation to one becomes a document load, so the reader gets the page as everyone else
 * does (cached, not hydrated). Exported by each reading route as its `clientLoader`.
 */
export function documentLoad({ request }: { request: Request }): never {
  throw redirectDocument(request.url);
}

/** The reading script of this page, or null when the page hydrates (any other page, the installer, `vite dev`). */
export function readingScript(matches: readonly UIMatch[], root: RootData): { src: string; preload: string[] } | null {
  if (!entries || !root.installed) return null;
  return isReadingPage(matches.map((match) => match.handle)) ? entries[root.locale as Locale] : null;
}

/** What the islands need from the server, as JSON in the page (the same for every reader: cacheable). */
export function ReadingScripts({
  script,
  matches,
  root,
}: {
  script: { src: string; preload: string[] };
  matches: readonly UIMatch[];
  root: RootData;
}) {
  const buildId = matches
    .map((match) => (match.loaderData as { buildId?: string } | undefined)?.buildId)
    .find((id) => typeof id === 'string');
  const data: ReadingPageData = {
    buildId,
    turnstileSiteKey: root.turnstileSiteKey,
    newsletter: root.newsletter,
    defaultAvatar: root.site.defaultAvatar,
    timeZone: root.site.timeZone,
  };
  // `<` escaped: the settings' text can never close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data (not executed), `<` escaped. */}
      <script type="application/json" id={READING_DATA_ID} dangerouslySetInnerHTML={{ __html: json }} />
      <script type="module" src={script.src} />
      {/* Its imports load beside it instead of after it. */}
      {script.preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </>
  );
}
