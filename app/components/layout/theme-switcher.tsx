import { Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { forcedColorModeOf, useColorMode } from '../../lib/theme';
import { IconButton } from '../ui/icon-button';

/**
 * Sun/moon button (docs/spec.md §2). A click picks the opposite of what is shown and remembers it; with no
 * stored choice the site follows the system setting, also when it changes. On a page that forces a
 * colour mode (front matter `colorMode`) it stays focusable but does nothing (`aria-disabled`), and its
 * tooltip and description say the page is always shown that way; the stored choice is kept for other pages.
 */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const forced = forcedColorModeOf(useMatches());
  const { mode, setPreference } = useColorMode(forced);
  const descriptionId = useId();
  const dark = mode ? mode.value === 'dark' : null;

  if (forced) {
    const explanation = forced === 'dark' ? t('theme.forcedDark') : t('theme.forcedLight');
    return (
      <>
        <IconButton
          type="button"
          label={t('theme.label')}
          data-testid="theme-switcher"
          tooltip={explanation}
          aria-disabled="true"
          aria-describedby={descriptionId}
          data-forced={forced}
          data-ready={mode ? true : undefined}
          className="cursor-not-allowed opacity-60"
        >
          {forced === 'dark' ? <Moon aria-hidden className="size-5" /> : <Sun aria-hidden className="size-5" />}
        </IconButton>
        <span id={descriptionId} hidden>
          {explanation}
        </span>
      </>
    );
  }

  return (
    // The accessible name is the spec's 'Theme Switcher' in the page's language; the tooltip says what a click does.
    <IconButton
      type="button"
      label={t('theme.label')}
      data-testid="theme-switcher"
      tooltip={dark ? t('theme.toLight') : t('theme.toDark')}
      data-ready={dark === null ? undefined : true}
      onClick={() => setPreference(dark ? 'light' : 'dark')}
    >
      {/* Both icons render on the server; CSS shows the right one before hydration. */}
      <Sun aria-hidden className="hidden size-5 dark:block" />
      <Moon aria-hidden className="size-5 dark:hidden" />
    </IconButton>
  );
}
