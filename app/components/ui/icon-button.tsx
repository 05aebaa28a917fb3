import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

/** The spec's tooltip timing (docs/spec.md §9): open after 700 ms; moving to the next one within 300 ms opens it at once. */
export const TOOLTIP_DELAYS = { openMs: 700, skipMs: 300 } as const;

/** One provider for the whole page (root.tsx), so neighbouring tooltips share the skip delay. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAYS.openMs} skipDelayDuration={TOOLTIP_DELAYS.skipMs}>
      {children}
    </Tooltip.Provider>
  );
}

/**
 * A tooltip on one control (its only child, which must take a ref and props: a button, a link, a
 * Radix trigger). Shown after the spec's delay on hover, and on keyboard focus.
 */
export function Tip({
  label,
  side,
  children,
  onEscapeKeyDown,
}: {
  label: string;
  side?: 'top' | 'bottom';
  children: ReactNode;
  /** An open tooltip takes the Esc key before any dialog under it (it is the topmost layer). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side={side}
          onEscapeKeyDown={onEscapeKeyDown}
          sideOffset={6}
          className="z-[70] rounded-md bg-neutral-900 px-2 py-1 text-xs text-white shadow-md dark:bg-neutral-100 dark:text-neutral-900"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/**
 * An icon-only button. `label` is its accessible name and, unless `tooltip` says otherwise, the
 * tooltip that sighted mouse and keyboard users see on hover or focus.
 */
export function IconButton({
  label,
  tooltip = label,
  variant = 'ghost',
  ...props
}: Omit<ButtonProps, 'size' | 'aria-label'> & { label: string; tooltip?: string }) {
  return (
    <Tip label={tooltip}>
      <Button variant={variant} size="icon" aria-label={label} {...props} />
    </Tip>
  );
}
