import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressController, NAVIGATION_PROGRESS } from './navigation-progress';

const { throttle, hideDelay, resetDelay } = NAVIGATION_PROGRESS;

/** A controller over a recorded view: what the bar shows, as React state would hold it. */
function bar() {
  const state = { visible: false, progress: 0 };
  const controller = createProgressController({
    setVisible: (visible) => {
      state.visible = visible;
    },
    setProgress: (progress) => {
      state.progress = typeof progress === 'function' ? progress(state.progress) : progress;
    },
  });
  return { state, controller };
}

describe('the navigation progress bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing for a navigation done within the throttle', () => {
    const { state, controller } = bar();
    controller.start();
    vi.advanceTimersByTime(throttle - 10);
    controller.finish();
    vi.advanceTimersByTime(5000);
    expect(state).toEqual({ visible: false, progress: 0 });
  });

  it('shows after the throttle, creeps without reaching the end, completes, fades and resets', () => {
    const { state, controller } = bar();
    controller.start();
    vi.advanceTimersByTime(throttle);
    expect(state.visible).toBe(true);
    vi.advanceTimersByTime(3000);
    expect(state.progress).toBeGreaterThan(80);
    expect(state.progress).toBeLessThan(100);
    controller.finish();
    expect(state).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(hideDelay);
    expect(state.visible).toBe(false);
    vi.advanceTimersByTime(resetDelay);
    expect(state.progress).toBe(0);
  });

  it('hides a fading bar when a fast navigation starts and ends before it is gone', () => {
    const { state, controller } = bar();
    controller.start();
    vi.advanceTimersByTime(throttle + 300);
    controller.finish();
    // The next navigation starts while the bar is still fading and takes less than the throttle.
    vi.advanceTimersByTime(hideDelay / 2);
    controller.start();
    expect(state.visible).toBe(true);
    vi.advanceTimersByTime(throttle / 2);
    controller.finish();
    expect(state.progress).toBe(100);
    vi.advanceTimersByTime(hideDelay + resetDelay);
    expect(state).toEqual({ visible: false, progress: 0 });
  });

  it('stops every timer when disposed', () => {
    const { state, controller } = bar();
    controller.start();
    controller.dispose();
    vi.advanceTimersByTime(5000);
    expect(state.visible).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
