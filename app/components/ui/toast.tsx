import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentToasts,
  dismissToast,
  isUrgent,
  pushToast,
  subscribeToasts,
  TOAST_DURATION,
  type ToastItem,
  toastColors,
  toastViewportClass,
} from './toast-queue';

/*
 * Toasts on hydrated pages (docs/spec.md §3, §9): the shared queue (./toast-queue.ts) shown by Radix
 * Toast — swipe right to dismiss, F8 focuses the region.
 */
export type { ToastColor, ToastItem } from './toast-queue';
export { dismissToast, TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toast-queue';
export const toast = pushToast;

const noToasts: ToastItem[] = [];

export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(subscribeToasts, currentToasts, () => noToasts);
  return (
    <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label={t('common.notifications')}>
      {list.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={isUrgent(item.color) ? 'foreground' : 'background'}
          data-color={item.color}
          className={`relative rounded-lg border border-s-4 border-border bg-surface p-4 pe-10 shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${toastColors[item.color]}`}
        >
          <RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
          {item.description ? (
            <RadixToast.Description className="mt-1 text-sm text-fg-muted">{item.description}</RadixToast.Description>
          ) : null}
          <RadixToast.Close aria-label={t('common.close')} className="absolute end-2 top-2 rounded p-1 hover:bg-muted">
            <X aria-hidden className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className={toastViewportClass} />
    </RadixToast.Provider>
  );
}
