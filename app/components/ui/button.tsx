import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';

type Variant = 'solid' | 'danger' | 'outline' | 'ghost' | 'link';
type Size = 'sm' | 'md' | 'icon';

// A disabled filled button turns grey: half-transparent green still looked clickable in dark mode.
const disabledFill = 'disabled:bg-muted disabled:text-fg-muted dark:disabled:bg-muted dark:disabled:text-fg-muted';
const variants: Record<Variant, string> = {
  solid: `bg-primary-strong text-white hover:opacity-90 dark:text-neutral-950 ${disabledFill}`,
  danger: `bg-red-600 text-white hover:bg-red-700 dark:bg-red-400 dark:text-neutral-950 dark:hover:bg-red-300 ${disabledFill}`,
  outline: 'border border-border bg-surface hover:bg-muted',
  ghost: 'hover:bg-muted',
  link: 'text-primary-strong underline-offset-4 hover:underline',
};
const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4',
  icon: 'size-9 justify-center',
};

export type ButtonProps = ComponentProps<'button'> & { variant?: Variant; size?: Size; asChild?: boolean };

/** The one button of the UI; `asChild` renders a link (or anything) with button styling. */
export function Button({ variant = 'solid', size = 'md', asChild, className = '', ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={`inline-flex items-center gap-2 rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 ${variants[variant]} ${sizes[size]} ${className}`}
      {...props}
    />
  );
}
