import { Loader2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../../lib/form-errors';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';

/**
 * A form in a dialog: opens fresh (values reset, no old error), submits through `onSubmit`,
 * closes on success, and on failure puts the server's field errors on their fields or shows
 * its message above the form.
 */
export function FormDialog<T extends FieldValues>({
  form,
  values,
  trigger,
  title,
  description,
  submitLabel,
  cancelLabel,
  failureFallback,
  onSubmit,
  twoColumns = false,
  children,
}: {
  form: UseFormReturn<T>;
  /** What the form holds each time the dialog opens. */
  values: DefaultValues<T>;
  trigger: ReactNode;
  title: string;
  description: string;
  submitLabel: string;
  cancelLabel: string;
  failureFallback: string;
  onSubmit: (values: T) => Promise<void>;
  twoColumns?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { isSubmitting } = form.formState;
  const wide = twoColumns ? 'sm:col-span-2' : '';

  const submit = form.handleSubmit(async (submitted) => {
    setFailure(undefined);
    try {
      await onSubmit(submitted);
      setOpen(false);
    } catch (error) {
      setFailure(applyServerErrors(form, error, failureFallback));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset(values);
          setFailure(undefined);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <form
          onSubmit={submit}
          noValidate
          className={`grid gap-4 ${twoColumns ? 'sm:grid-cols-2' : ''}`}
          aria-busy={isSubmitting}
        >
          {failure ? (
            <div className={wide}>
              <Alert tone="error" title={failure} />
            </div>
          ) : null}
          {children}
          <div className={`flex flex-wrap justify-end gap-2 ${wide}`}>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {cancelLabel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
