/*
 * app/components/ui/toast.tsx for the reading islands (decision 0007): the same queue and constants
 * (latest 5, 5 000 ms each, removal 200 ms after closing, F8 focuses the region) and the same look,
 * without Radix Toast's collection and swipe machinery. Each toast is a polite status (an error or
 * warning an assertive alert); hovering or focusing the region pauses nothing, a close button ends one.
 */
import { X } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentToasts,
  dismissToast,
  isUrgent,
  pushToast,
  subscribeToasts,
  TOAST_DURATION,
  type ToastInput,
  toastColors,
  toastViewportClass,
} from '../../components/ui/toast-queue';

export type { ToastColor, ToastItem } from '../../components/ui/toast-queue';
export { dismissToast, TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY } from '../../components/ui/toast-queue';

export function toast(input: ToastInput) {
  const id = pushToast(input);
  // Radix closes a toast after its duration on hydrated pages; here nothing else does.
  setTimeout(() => dismissToast(id), TOAST_DURATION);
  recent.push({ at: Date.now(), item: input });
  return id;
}

/*
 * A toast followed at once by a document load (logout, then the home page) would vanish with the
 * page; on a hydrated page it survives a client navigation. So toasts of the last second before the
 * page goes are kept in sessionStorage and shown again by the next page's script.
 */
const CARRIED_KEY = 'daftar.toasts';
const CARRY_MS = 1000;
const recent: { at: number; item: ToastInput }[] = [];
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    const carried = recent.filter((entry) => Date.now() - entry.at < CARRY_MS).map((entry) => entry.item);
    try {
      if (carried.length) sessionStorage.setItem(CARRIED_KEY, JSON.stringify(carried));
    } catch {
      // Storage blocked: the toast goes with the page.
    }
  });
  try {
    const stored = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
    for (const item of stored ? (JSON.parse(stored) as ToastInput[]) : []) toast(item);
  } catch {
    // Storage blocked or a damaged entry: nothing is carried.
  }
}

export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(subscribeToasts, currentToasts);
  const region = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') region.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <section aria-label={t('common.notifications')}>
      <ol ref={region} tabIndex={-1} className={toastViewportClass}>
        {list.map((item) => (
          <li
            key={item.id}
            role={isUrgent(item.color) ? 'alert' : 'status'}
            data-color={item.color}
            data-state={item.open ? 'open' : 'closed'}
            className={`relative rounded-lg border border-s-4 border-border bg-surface p-4 pe-10 shadow-lg transition-opacity data-[state=closed]:opacity-0 ${toastColors[item.color]}`}
          >
            <div className="font-semibold">{item.title}</div>
            {item.description ? <div className="mt-1 text-sm text-fg-muted">{item.description}</div> : null}
            <button
              type="button"
              aria-label={t('common.close')}
              onClick={() => dismissToast(item.id)}
              className="absolute end-2 top-2 rounded p-1 hover:bg-muted"
            >
              <X aria-hidden className="size-4" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
