import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, useBlocker } from 'react-router';
import { ConfirmDialog } from '../../ui/dialog';

/** While `dirty`, closing the tab asks the browser's question and leaving the page is blocked (`LeaveDialog` asks). */
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

/** "Leave with unsaved changes?" for a blocked navigation: Leave goes on, Stay keeps the editor. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('editor.leaveTitle')}
      description={t('editor.leaveDetail')}
      confirmLabel={t('editor.leave')}
      cancelLabel={t('editor.stay')}
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
    />
  );
}
