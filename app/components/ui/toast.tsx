import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * Toasts (docs/spec.md §3, §9): a queue keeping the latest 5, each shown 5 000 ms, swipe right to dismiss,
 * F8 focuses the region, removal 200 ms after closing. Radix Toast's defaults are these constants.
 */
export type ToastColor = 'success' | 'info' | 'warning' | 'error';
export type ToastItem = { id: number; open: boolean; title: string; description?: string; color: ToastColor };

export const TOAST_LIMIT = 5;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 200;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(input: Omit<ToastItem, 'id' | 'open'>) {
  const item = { ...input, id: nextId++, open: true };
  items = [...items, item].slice(-TOAST_LIMIT);
  emit();
  return item.id;
}

export function dismissToast(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const noToasts: ToastItem[] = [];

const colors: Record<ToastColor, string> = {
  success: 'border-s-green-500',
  info: 'border-s-blue-500',
  warning: 'border-s-amber-500',
  error: 'border-s-red-500',
};

export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => noToasts,
  );
  return (
    <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label={t('common.notifications')}>
      {list.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          type={item.color === 'error' || item.color === 'warning' ? 'foreground' : 'background'}
          data-color={item.color}
          className={`relative rounded-lg border border-s-4 border-border bg-surface p-4 pe-10 shadow-lg data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${colors[item.color]}`}
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
      <RadixToast.Viewport className="fixed bottom-4 end-4 z-50 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
    </RadixToast.Provider>
  );
}
