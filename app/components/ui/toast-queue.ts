/*
 * The toast queue (docs/spec.md §3, §9), shared by the hydrated pages' Radix toaster
 * (./toast.tsx) and the reading pages' light one (app/reading/compat/toast.tsx): the latest 5,
 * each shown 5 000 ms, removed 200 ms after closing.
 */
export type ToastColor = 'success' | 'info' | 'warning' | 'error';
export type ToastItem = { id: number; open: boolean; title: string; description?: string; color: ToastColor };
export type ToastInput = Omit<ToastItem, 'id' | 'open'>;

export const TOAST_LIMIT = 5;
export const TOAST_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 200;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Queues a toast; returns its id. */
export function pushToast(input: ToastInput) {
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

export const subscribeToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const currentToasts = () => items;

/**
 * Where the toasts stand: at the bottom corner on the end side; on phones (below 640 px) across the
 * top, so they never cover the editor's fixed Save bar or a popover above it.
 */
export const toastViewportClass =
  'fixed z-50 flex flex-col gap-2 outline-none max-sm:inset-x-4 max-sm:top-4 sm:end-4 sm:bottom-4 sm:w-96';

/** The accent border of each kind of toast. */
export const toastColors: Record<ToastColor, string> = {
  success: 'border-s-green-500',
  info: 'border-s-blue-500',
  warning: 'border-s-amber-500',
  error: 'border-s-red-500',
};

/** Errors and warnings interrupt a screen reader; the rest wait their turn. */
export const isUrgent = (color: ToastColor) => color === 'error' || color === 'warning';
