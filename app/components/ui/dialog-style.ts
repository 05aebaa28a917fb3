import type { ReactNode } from 'react';

/*
 * What the dashboard's dialogs (./dialog.tsx, Radix) and the reading pages' stand-in
 * (app/reading/compat/dialog.tsx, the native <dialog>) share: the panel's look and the confirmation's
 * props. No React or Radix code here, so the reading bundle stays small.
 */
export const overlayClass = 'fixed inset-0 z-50 bg-neutral-950/50 backdrop-blur-[2px]';
export const panelClass =
  'fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-xl border border-border bg-surface p-6 shadow-xl focus:outline-none';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  /**
   * `danger` (red) for what cannot be undone or loses work: delete, discard, revoke, a new secret.
   * `neutral` (the primary colour) for a confirmed step that can be undone or is simply weighty:
   * restore a version, revert a build (itself a new build), send, disable. Danger when not given.
   */
  variant?: 'danger' | 'neutral';
};

/** The confirm button's Button variant. */
export const confirmButtonVariant = (variant: ConfirmDialogProps['variant']) => (variant === 'neutral' ? 'solid' : 'danger');
