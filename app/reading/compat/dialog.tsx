/*
 * app/components/ui/dialog.tsx for the reading islands (decision 0007): the confirmation a comment's
 * Delete asks for, on the browser's own modal <dialog> (focus kept inside and returned, Escape
 * cancels, the page behind is inert) instead of Radix Dialog with its focus and scroll locks.
 * Same look and roles: an alertdialog named by its title, focus starting on Cancel.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-xl border border-border bg-surface p-6 text-fg shadow-xl backdrop:bg-neutral-950/50 backdrop:backdrop-blur-[2px] focus:outline-none"
    >
      {open ? (
        <>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p id={`${id}-description`} className="mt-2 text-sm text-fg-muted">
            {description}
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button ref={cancel} type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button type="button" variant="danger" disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
