import { type ComponentProps, forwardRef, useId } from 'react';

/** A labelled native select styled like `Field` (keyboard and screen readers get the platform's own control). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  ComponentProps<'select'> & { label: string; options: { value: string; label: string }[] }
>(function SelectField({ label, options, className = '', ...props }, ref) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className="block h-10 w-full rounded-md border border-border bg-surface px-3 text-fg focus:border-secondary focus:outline-none"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
});
