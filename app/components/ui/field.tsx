import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tip } from './icon-button';

export type FieldProps = ComponentProps<'input'> & { label: string; error?: string; hint?: string; multiline?: boolean };

const inputClass =
  'block w-full rounded-md border border-border bg-surface px-3 py-2 text-fg placeholder:text-fg-muted focus:border-secondary focus:outline-none aria-[invalid=true]:border-error';

/**
 * A labelled input with its error wired for assistive technology (`aria-invalid`,
 * `aria-describedby`); password fields get a show/hide toggle (docs/spec.md §5).
 */
export const Field = forwardRef<HTMLInputElement & HTMLTextAreaElement, FieldProps>(function Field(
  { label, error, hint, multiline, type = 'text', className = '', ...props },
  ref,
) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
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
      {/* The wrapper takes the input's direction so the password toggle sits at its end. */}
      <div className="relative" dir={props.dir}>
        {multiline ? (
          <textarea ref={ref} rows={3} className={inputClass} {...shared} {...(props as ComponentProps<'textarea'>)} />
        ) : (
          <input
            ref={ref}
            type={type === 'password' && visible ? 'text' : type}
            className={`${inputClass} ${type === 'password' ? 'pe-10' : ''}`}
            {...shared}
            {...props}
          />
        )}
        {type === 'password' ? (
          <Tip label={visible ? t('common.hidePassword') : t('common.showPassword')}>
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
              aria-pressed={visible}
              className="absolute inset-y-0 end-0 flex items-center px-3 text-fg-muted hover:text-fg"
            >
              {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
            </button>
          </Tip>
        ) : null}
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
