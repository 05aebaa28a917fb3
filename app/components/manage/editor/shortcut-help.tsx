import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../ui/dialog';

/** The editor's keyboard shortcuts, as the help dialog lists them (Ctrl on Windows and Linux, Cmd on a Mac). */
export const EDITOR_SHORTCUTS = [
  { keys: ['Mod', 'B'], action: 'bold' },
  { keys: ['Mod', 'I'], action: 'italic' },
  { keys: ['Mod', 'K'], action: 'link' },
  { keys: ['Mod', 'Z'], action: 'undo' },
  { keys: ['Mod', 'Shift', 'Z'], action: 'redo' },
  { keys: ['Mod', 'S'], action: 'save' },
  { keys: ['Mod', 'Shift', 'F'], action: 'focus' },
  { keys: ['Mod', '/'], action: 'help' },
] as const;

/**
 * A dialog listing the editor's shortcuts (Ctrl+/ or the toolbar's "?" button); Radix traps the
 * focus, Esc closes it and gives the focus back. Keys are always written left to right, even in Persian.
 */
export function ShortcutHelp({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const mod = t('editor.shortcuts.mod');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('editor.shortcuts.title')} onCloseAutoFocus={onCloseAutoFocus}>
        <table className="w-full text-sm" data-testid="shortcut-help">
          <tbody>
            {EDITOR_SHORTCUTS.map(({ keys, action }) => (
              <tr key={action} className="border-b border-border last:border-0">
                <td className="py-2 pe-4">{t(`editor.shortcuts.${action}`)}</td>
                <td className="py-2 text-end">
                  <span dir="ltr" className="inline-flex gap-1">
                    {keys.map((key) => (
                      <kbd
                        key={key}
                        className="whitespace-nowrap rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-xs"
                      >
                        {key === 'Mod' ? mod : key}
                      </kbd>
                    ))}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
