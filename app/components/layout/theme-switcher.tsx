import { Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTheme, readThemePreference, storeThemePreference } from '../../lib/theme';
import { IconButton } from '../ui/icon-button';

/**
 * Sun/moon button (docs/spec.md §2). A click picks the opposite of what is shown and remembers it; with no
 * stored choice the site follows the system setting, also when it changes.
 */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const [dark, setDark] = useState<boolean | null>(null);

  useEffect(() => {
    setDark(document.documentElement.classList.contains('dark'));
    const media = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => {
      if (readThemePreference() === 'system') setDark(applyTheme('system'));
    };
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  return (
    // The accessible name is the spec's literal 'Theme Switcher'; the tooltip says what a click does.
    <IconButton
      type="button"
      label="Theme Switcher"
      tooltip={dark ? t('theme.toLight') : t('theme.toDark')}
      data-ready={dark === null ? undefined : true}
      onClick={() => setDark(storeThemePreference(dark ? 'light' : 'dark'))}
    >
      {/* Both icons render on the server; CSS shows the right one before hydration. */}
      <Sun aria-hidden className="hidden size-5 dark:block" />
      <Moon aria-hidden className="size-5 dark:hidden" />
    </IconButton>
  );
}
