import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** The spec's loading indicator (docs/spec.md §4, §9): 3 px high, timings in milliseconds. */
export const NAVIGATION_PROGRESS = { height: 3, duration: 2000, throttle: 200, hideDelay: 500, resetDelay: 400 } as const;
const { duration, throttle, hideDelay, resetDelay } = NAVIGATION_PROGRESS;
const TICK_MS = 100;

/** What the bar shows; the controller below drives it. */
export type ProgressView = {
  setVisible: (visible: boolean) => void;
  setProgress: (progress: number | ((previous: number) => number)) => void;
};

/**
 * The bar's timeline, apart from React so its timings can be tested with fake timers. It appears
 * only if loading takes longer than `throttle` (fast navigations show nothing), creeps towards the
 * end over about `duration`, jumps to 100 % when done, fades after `hideDelay` and resets after
 * `resetDelay` more. Whether the bar is on screen is the controller's own state, not the last
 * navigation's: a navigation that starts while the previous one's bar is still fading, and ends
 * before the throttle, must still hide it.
 */
export function createProgressController(view: ProgressView) {
  let onScreen = false;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let tick: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    if (tick) clearInterval(tick);
    tick = undefined;
  };
  const creep = () => {
    onScreen = true;
    view.setVisible(true);
    view.setProgress(0);
    // Each tick covers a share of what is left, so the bar slows down and never quite ends.
    tick = setInterval(() => view.setProgress((value) => value + (100 - value) * (TICK_MS / duration) * 2), TICK_MS);
  };
  return {
    start() {
      stop();
      // Still fading from the last navigation: carry on at once rather than blink off and on.
      if (onScreen) creep();
      else timers.push(setTimeout(creep, throttle));
    },
    finish() {
      stop();
      if (!onScreen) return;
      view.setProgress(100);
      timers.push(
        setTimeout(() => {
          onScreen = false;
          view.setVisible(false);
        }, hideDelay),
        setTimeout(() => view.setProgress(0), hideDelay + resetDelay),
      );
    },
    dispose: stop,
  };
}

/** A thin bar at the top while a navigation loads (see createProgressController). */
export function NavigationProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state !== 'idle';
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const [controller] = useState(() => createProgressController({ setVisible, setProgress }));

  useEffect(() => controller.dispose, [controller]);
  useEffect(() => {
    if (loading) controller.start();
    else controller.finish();
  }, [controller, loading]);

  return (
    <div
      role="progressbar"
      // A progress bar needs a name (axe: aria-progressbar-name), seen while a navigation loads.
      aria-label={t('common.loading')}
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
