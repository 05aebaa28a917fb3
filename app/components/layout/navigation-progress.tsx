import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/** The spec's loading indicator (docs/spec.md §4, §9): 3 px high, timings in milliseconds. */
export const NAVIGATION_PROGRESS = { height: 3, duration: 2000, throttle: 200, hideDelay: 500, resetDelay: 400 } as const;
const { duration, throttle, hideDelay, resetDelay } = NAVIGATION_PROGRESS;
const TICK_MS = 100;

/**
 * A thin bar at the top while a navigation loads. It appears only if loading takes longer than
 * `throttle` (fast navigations show nothing), creeps towards the end over about `duration`, jumps to
 * 100 % when done, fades after `hideDelay` and resets after `resetDelay` more.
 */
export function NavigationProgress() {
  const loading = useNavigation().state !== 'idle';
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const shown = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (loading) {
      let tick: ReturnType<typeof setInterval> | undefined;
      timers.push(
        setTimeout(() => {
          shown.current = true;
          setVisible(true);
          setProgress(0);
          // Each tick covers a share of what is left, so the bar slows down and never quite ends.
          tick = setInterval(() => setProgress((value) => value + (100 - value) * (TICK_MS / duration) * 2), TICK_MS);
        }, throttle),
      );
      return () => {
        for (const timer of timers) clearTimeout(timer);
        if (tick) clearInterval(tick);
      };
    }
    if (!shown.current) return;
    shown.current = false;
    setProgress(100);
    timers.push(setTimeout(() => setVisible(false), hideDelay));
    timers.push(setTimeout(() => setProgress(0), hideDelay + resetDelay));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [loading]);

  return (
    <div
      role="progressbar"
      aria-hidden={!visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      data-visible={visible ? '' : undefined}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] transition-opacity duration-300"
      style={{ height: NAVIGATION_PROGRESS.height, opacity: visible ? 1 : 0 }}
    >
      {/* Grows from the start edge: right in Persian, left in English. */}
      <div className="h-full bg-primary transition-[width] duration-100 ease-out" style={{ width: `${progress}%` }} />
    </div>
  );
}
