import { useCallback, useEffect, useRef, useState } from 'react';

/** Where the browser remembers the editor's focus mode (issue 26 item 8). */
export const FOCUS_MODE_KEY = 'editor.focusMode';

function stored(): boolean {
  try {
    return localStorage.getItem(FOCUS_MODE_KEY) === 'on';
  } catch {
    // Storage refused (private mode, a sandbox): the mode simply is not remembered.
    return false;
  }
}

/**
 * The editor's focus mode: `<html data-focus-mode>` while it is on, which the `focus-mode:` variant
 * (app.css) uses to hide the site header, footer and dashboard menu and to widen the writing column.
 * Remembered in this browser; leaving the editor always shows the chrome again.
 */
export function useFocusMode(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false);
  // Read after hydration: the server never knows the browser's choice.
  useEffect(() => {
    setOn(stored());
  }, []);
  useEffect(() => {
    const root = document.documentElement;
    if (on) root.setAttribute('data-focus-mode', '');
    else root.removeAttribute('data-focus-mode');
    return () => {
      root.removeAttribute('data-focus-mode');
    };
  }, [on]);
  const set = useCallback((next: boolean) => {
    setOn(next);
    try {
      if (next) localStorage.setItem(FOCUS_MODE_KEY, 'on');
      else localStorage.removeItem(FOCUS_MODE_KEY);
    } catch {
      // Not remembered; the mode still changes.
    }
  }, []);
  return [on, set];
}

/** Focus mode with its keys: Ctrl/Cmd+Shift+F turns it on or off, Esc leaves it (the toolbar's button is the other way). */
export function useFocusModeKeys(): [boolean, (on: boolean) => void] {
  const [focusMode, setFocusMode] = useFocusMode();
  const focusRef = useRef(focusMode);
  focusRef.current = focusMode;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setFocusMode(!focusRef.current);
      } else if (event.key === 'Escape' && focusRef.current) {
        // An Esc that closed a dialog, popover or list (they mark it handled) leaves the mode on; the text
        // itself (ProseMirror marks every Esc handled) does not count.
        const inText = event.target instanceof Element && event.target.closest('.ProseMirror');
        if (!event.defaultPrevented || inText) setFocusMode(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setFocusMode]);
  return [focusMode, setFocusMode];
}
