import { Loader2, Save } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../common/locales';
import { formatTime, useClock } from '../../../lib/format';
import { Button } from '../../ui/button';

type Props = {
  locale: Locale;
  saving: boolean;
  dirty: boolean;
  lastSave: Date | null;
  /** Save works only once the page is hydrated. */
  ready: boolean;
  onSave: () => void;
};

/** The save state and Save; on a phone they stay in a bar at the bottom of the screen (D18). */
export function SaveBar({ locale, saving, dirty, lastSave, ready, onSave }: Props) {
  const { t } = useTranslation();
  // "10:41" on the site's clock, as every time on the dashboard.
  const clock = useClock();
  return (
    <div
      data-testid="save-bar"
      data-save-bar
      className="flex items-center gap-3 max-sm:fixed max-sm:inset-x-0 max-sm:bottom-0 max-sm:z-30 max-sm:justify-between max-sm:border-t max-sm:border-border max-sm:bg-surface max-sm:px-4 max-sm:py-2 max-sm:shadow-[0_-2px_6px_rgb(0_0_0/0.06)]"
    >
      <span className="text-sm text-fg-muted" role="status" data-testid="save-state">
        {saving
          ? t('editor.saving')
          : dirty
            ? t('editor.unsaved')
            : lastSave
              ? t('editor.savedAt', { time: formatTime(locale, lastSave, clock.zone, 'time') })
              : t('editor.allSaved')}
      </span>
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <Button type="button" onClick={onSave} disabled={saving || !ready} aria-keyshortcuts="Control+S Meta+S">
              {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
              {saving ? t('editor.saving') : t('editor.save')}
            </Button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content
              side="bottom"
              sideOffset={6}
              className="z-50 rounded-md bg-neutral-900 px-2 py-1 text-xs text-white shadow dark:bg-neutral-100 dark:text-neutral-900"
            >
              {t('editor.saveShortcut')}
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </Tooltip.Provider>
    </div>
  );
}
