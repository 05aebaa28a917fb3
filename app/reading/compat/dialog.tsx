/*
 * app/components/ui/dialog.tsx for the reading islands (decision 0007): the confirmation a comment's
 * Delete asks for, on the browser's own modal <dialog> (focus kept inside and returned, Escape
 * cancels, the page behind is inert) instead of Radix Dialog with its focus and scroll locks.
 * Same look and roles: an alertdialog named by its title, focus starting on Cancel.
 */
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { type ConfirmDialogProps, confirmButtonVariant, panelClass } from '../../components/ui/dialog-style';

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
  variant = 'danger',
}: ConfirmDialogProps) {
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
      className={`${panelClass} text-fg backdrop:bg-neutral-950/50 backdrop:backdrop-blur-[2px]`}
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
            <Button type="button" variant={confirmButtonVariant(variant)} disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
