import { X } from 'lucide-react';
import { AlertDialog as RadixAlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { type ConfirmDialogProps, confirmButtonVariant, overlayClass, panelClass } from './dialog-style';
import { Tip } from './icon-button';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/**
 * A modal dialog: focus is trapped and returned, Escape and the close button dismiss it, the
 * title names it for assistive technology.
 */
export function DialogContent({
  title,
  description,
  children,
  onCloseAutoFocus,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Where the focus goes on closing (Radix returns it to the element focused before, by default). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClass} />
      {/* Without a description Radix is told so explicitly (aria-describedby undefined). */}
      <RadixDialog.Content
        className={panelClass}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 pe-8">
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-fg-muted">{description}</RadixDialog.Description>
          ) : null}
        </div>
        {children}
        {/* When the dialog opens on its close button, that button's tooltip shows and would take the
            first Esc: one Esc closes the dialog, tooltip and all. */}
        <Tip label={t('common.close')} onEscapeKeyDown={() => close.current?.click()}>
          <RadixDialog.Close
            ref={close}
            aria-label={t('common.close')}
            className="absolute end-3 top-3 rounded-md p-1.5 text-fg-muted hover:bg-muted hover:text-fg"
          >
            <X aria-hidden className="size-4" />
          </RadixDialog.Close>
        </Tip>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export type { ConfirmDialogProps };

/**
 * Asks before an action (Radix AlertDialog: the focus starts on Cancel, and a click outside does
 * not confirm or dismiss by accident). `variant`: danger for destructive actions, neutral otherwise.
 * On reading pages app/reading/compat/dialog.tsx stands in for it (same props, checked by tsc).
 */
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
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className={overlayClass} />
        <RadixAlertDialog.Content className={panelClass}>
          <RadixAlertDialog.Title className="text-lg font-semibold">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="mt-2 text-sm text-fg-muted">{description}</RadixAlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <RadixAlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </RadixAlertDialog.Cancel>
            <Button
              type="button"
              variant={confirmButtonVariant(variant)}
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
