import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';

/** Spec §4/§9: polled every 60 s and on focus; a reload guard of 10 s prevents reload loops. */
export const BUILD_POLL_MS = 60_000;
export const RELOAD_GUARD_MS = 10_000;
const GUARD_KEY = 'daftar:build-reload';

/**
 * Watches `builds/latest.json` (with a timestamp query, so no cache answers). When the published
 * build differs from the one this document was rendered with, the next navigation is a full page
 * load instead of a client-side one, so the reader gets the new content and code.
 */
export function useBuildWatcher(documentBuildId: string | undefined) {
  const [stale, setStale] = useState(false);

  useEffect(() => {
    if (!documentBuildId) return;
    let active = true;
    const check = async () => {
      try {
        const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { headers: { accept: 'application/json' } });
        if (!response.ok) return;
        const { id } = (await response.json()) as { id?: string };
        if (active && id && id !== documentBuildId) {
          setStale(true);
          document.documentElement.dataset.buildStale = 'true';
        }
      } catch {
        // Offline or the server is restarting: try again at the next tick or focus.
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = window.setInterval(check, BUILD_POLL_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      active = false;
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [documentBuildId]);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => stale && currentLocation.key !== nextLocation.key);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const last = Number(sessionStorage.getItem(GUARD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) {
      blocker.proceed();
      return;
    }
    sessionStorage.setItem(GUARD_KEY, String(Date.now()));
    const { pathname, search, hash } = blocker.location;
    window.location.assign(`${pathname}${search}${hash}`);
  }, [blocker]);
}
