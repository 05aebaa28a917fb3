import { type ComponentProps, useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { ConfirmDialog } from '../ui/dialog';

/**
 * A form with unsaved changes: while `dirty`, the browser asks on reload or close, and a link inside
 * the site is blocked until `LeaveDialog` has asked.
 */
export function useLeaveGuard(dirty: boolean): Blocker {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
}

type Words = Pick<ComponentProps<typeof ConfirmDialog>, 'title' | 'description' | 'confirmLabel' | 'cancelLabel' | 'variant'>;

/** "Leave with unsaved changes?" for a blocked navigation: confirming goes on, cancelling stays. */
export function LeaveDialog({ blocker, ...words }: { blocker: Blocker } & Words) {
  return (
    <ConfirmDialog
      {...words}
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}
