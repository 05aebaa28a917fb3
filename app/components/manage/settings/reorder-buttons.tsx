import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { IconButton } from '../../ui/icon-button';

/**
 * Move up, move down and remove for one row of a list: plain buttons, so reordering works from the
 * keyboard and with screen readers (the list announces each move through its live region).
 * `data-action` lets the list put the focus back on the same button after the row moved.
 */
export function ReorderButtons({
  index,
  count,
  labels,
  onMove,
  onRemove,
  removeDisabled,
  removeDescribedBy,
}: {
  index: number;
  count: number;
  labels: { up: string; down: string; remove: string };
  onMove: (from: number, to: number, action: 'up' | 'down') => void;
  onRemove: () => void;
  removeDisabled?: boolean;
  removeDescribedBy?: string;
}) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <IconButton
        type="button"
        label={labels.up}
        data-action="up"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1, 'up')}
      >
        <ArrowUp aria-hidden className="size-4" />
      </IconButton>
      <IconButton
        type="button"
        label={labels.down}
        data-action="down"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1, 'down')}
      >
        <ArrowDown aria-hidden className="size-4" />
      </IconButton>
      <IconButton
        type="button"
        label={labels.remove}
        disabled={removeDisabled}
        aria-describedby={removeDescribedBy}
        onClick={onRemove}
        className="text-error-strong"
      >
        <Trash2 aria-hidden className="size-4" />
      </IconButton>
    </div>
  );
}

/**
 * After a row moved, the focus stays on the button that moved it (in the row's new place), or on
 * the other arrow when that one is now disabled at the end of the list.
 */
export function refocusMoved(list: HTMLElement | null, rowKey: string, action: 'up' | 'down') {
  requestAnimationFrame(() => {
    const row = list?.querySelector<HTMLElement>(`[data-row="${CSS.escape(rowKey)}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-action="${action === 'up' ? 'down' : 'up'}"]`);
    (same && !same.disabled ? same : other)?.focus();
  });
}
