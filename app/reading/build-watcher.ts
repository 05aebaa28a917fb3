import { BUILD_POLL_MS } from '../lib/build-watcher';

/**
 * The build watcher of a reading page (spec §4, §9; app/lib/build-watcher.ts for hydrated pages):
 * polls `builds/latest.json` every 60 s and on focus, and marks the document stale when another
 * build is published. A reading page has no client navigation, so its next navigation is a
 * document load anyway; the one way back to stale content is the back/forward cache, which a
 * stale page leaves by reloading.
 */
export function watchBuild(documentBuildId: string | undefined) {
  if (!documentBuildId) return;
  let stale = false;
  const check = async () => {
    if (stale) return;
    try {
      const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { headers: { accept: 'application/json' } });
      if (!response.ok) return;
      const { id } = (await response.json()) as { id?: string };
      if (id && id !== documentBuildId) {
        stale = true;
        document.documentElement.dataset.buildStale = 'true';
      }
    } catch {
      // Offline or the server is restarting: try again at the next tick or focus.
    }
  };
  window.setInterval(check, BUILD_POLL_MS);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && stale) location.reload();
  });
}
