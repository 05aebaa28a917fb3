/*
 * app/components/ui/icon-button.tsx for the reading islands (decision 0007): the same components
 * and the spec's timing (700 ms to open, 300 ms skip) without Radix Tooltip and its positioning
 * engine, which would cost more than the rest of the header. The tooltip sits above its control
 * (below when there is no room), inside the viewport, and is named by it (aria-describedby).
 */
import {
  cloneElement,
  type FocusEvent,
  isValidElement,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { Button, type ButtonProps } from '../../components/ui/button';

export const TOOLTIP_DELAYS = { openMs: 700, skipMs: 300 } as const;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

// When the last tooltip closed: moving to the next control within the skip delay opens it at once.
let lastClosed = 0;

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onPointerDown?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
};

export function Tip({
  label,
  side = 'top',
  children,
  onEscapeKeyDown,
}: {
  label: string;
  side?: 'top' | 'bottom';
  children: ReactNode;
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number>(undefined);
  const trigger = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);

  const show = (delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen((was) => {
      if (was) lastClosed = Date.now();
      return false;
    });
  };

  useLayoutEffect(() => {
    if (!open || !trigger.current || !content.current) return;
    const box = trigger.current.getBoundingClientRect();
    const tip = content.current.getBoundingClientRect();
    const above = side === 'top' && box.top - tip.height - 6 >= 0;
    const top = above ? box.top - tip.height - 6 : box.bottom + 6;
    const left = Math.min(Math.max(4, box.left + box.width / 2 - tip.width / 2), window.innerWidth - tip.width - 4);
    Object.assign(content.current.style, { top: `${top}px`, left: `${left}px`, visibility: 'visible' });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onEscapeKeyDown?.(event);
      lastClosed = Date.now();
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, side, onEscapeKeyDown]);

  if (!isValidElement(children)) return <>{children}</>;
  const child = children as ReactElement<TriggerProps & { ref?: unknown; 'aria-describedby'?: string }>;
  const own = child.props;
  const trig = cloneElement(child, {
    ref: trigger,
    'aria-describedby': open ? id : own['aria-describedby'],
    'data-state': open ? 'delayed-open' : 'closed',
    onPointerEnter: (event: PointerEvent) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(Date.now() - lastClosed < TOOLTIP_DELAYS.skipMs ? 0 : TOOLTIP_DELAYS.openMs);
    },
    onPointerLeave: (event: PointerEvent) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event: PointerEvent) => {
      own.onPointerDown?.(event);
      hide();
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      // Keyboard focus only, as Radix: a click's focus does not open it.
      if ((event.target as HTMLElement).matches(':focus-visible')) show(0);
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      hide();
    },
  } as Partial<TriggerProps>);
  return (
    <>
      {trig}
      {open
        ? createPortal(
            <div
              ref={content}
              id={id}
              role="tooltip"
              style={{ position: 'fixed', top: 0, left: 0, visibility: 'hidden' }}
              className="z-[70] rounded-md bg-neutral-900 px-2 py-1 text-xs text-white shadow-md dark:bg-neutral-100 dark:text-neutral-900"
            >
              {label}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

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
