import { useCallback, useEffect, useMemo, useRef } from 'react';

/** How long after the last keystroke the page is saved to the server (issue 26). */
export const AUTOSAVE_DELAY_MS = 3_000;

/**
 * The automatic save: `run` a few seconds after the last `schedule()`. `stop()` holds it back (after a
 * conflict only the author's own Save goes on, never over someone else's pending change) until `resume()`.
 */
export function useAutosave(run: () => void, { stopped }: { stopped: boolean }) {
  const runRef = useRef(run);
  runRef.current = run;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stoppedRef = useRef(stopped);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!stoppedRef.current) runRef.current();
    }, AUTOSAVE_DELAY_MS);
  }, []);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  const stop = useCallback(() => {
    stoppedRef.current = true;
  }, []);
  const resume = useCallback(() => {
    stoppedRef.current = false;
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useMemo(() => ({ schedule, cancel, stop, resume }), [schedule, cancel, stop, resume]);
}
