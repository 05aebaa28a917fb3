import { type ComponentProps, forwardRef, type ReactNode, useId } from 'react';

export type FieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
  hint?: string;
  multiline?: boolean;
  /** A control inside the input's end (the password toggle of ./password-field.tsx), absolutely placed. */
  action?: ReactNode;
};

const inputClass =
  'block w-full rounded-md border border-border bg-surface px-3 py-2 text-fg placeholder:text-fg-muted focus:border-secondary focus:outline-none aria-[invalid=true]:border-error';

/**
 * A labelled input with its error wired for assistive technology (`aria-invalid`,
 * `aria-describedby`). Passwords: ./password-field.tsx (show/hide toggle, autocomplete).
 */
export const Field = forwardRef<HTMLInputElement & HTMLTextAreaElement, FieldProps>(function Field(
  { label, error, hint, multiline, type = 'text', className = '', action, ...props },
  ref,
) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const shared = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };
  return (
    <div className={className}>
      <div className="mb-1 text-sm font-medium">
        <label htmlFor={id}>{label}</label>
        {/* The input's own `required` tells assistive technology; the mark, outside the label's name, is for the eye. */}
        {props.required ? (
          <span aria-hidden className="ms-1 text-error-strong">
            *
          </span>
        ) : null}
      </div>
      {/* The wrapper takes the input's direction so the action (the password toggle) sits at its end. */}
      <div className="relative" dir={props.dir}>
        {multiline ? (
          <textarea ref={ref} rows={3} className={inputClass} {...shared} {...(props as ComponentProps<'textarea'>)} />
        ) : (
          <input ref={ref} type={type} className={`${inputClass} ${action ? 'pe-10' : ''}`} {...shared} {...props} />
        )}
        {action}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-error-strong">
          {error}
        </p>
      ) : null}
    </div>
  );
});
