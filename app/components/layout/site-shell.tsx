import { NotebookPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../common/paths';
import { isExternalTarget } from '../../../common/site-settings';
import { useActiveTheme } from '../../lib/appearance';
import { useRootData } from '../../lib/root-data';
import { Island } from '../../reading/island';
import { FooterSubscribe } from '../newsletter/subscribe-form';
import { HeaderSearch } from './header-search';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

// Inset focus ring: the scrolling menu would clip an outer one.
const menuLinkClass = 'rounded-md px-3 py-1.5 text-sm hover:bg-muted focus-visible:-outline-offset-2';

/**
 * The public layout (docs/spec.md §2): sticky header with menu and switchers, content, footer credit.
 * `error`: the content is an error view (the language switcher then leads to the other home).
 */
export function SiteShell({ children, error, wide }: { children: ReactNode; error?: boolean; wide?: boolean }) {
  const { t } = useTranslation();
  const { locale, site } = useRootData();
  // A theme may draw the footer's line its own way (themes/slots.ts).
  const { theme, options, appearance } = useActiveTheme();
  const logo = appearance?.logo;
  const Footer = theme.slots.footer;
  // The dashboard is wider than reading pages: its menu, an editor and the page's details side by side.
  const width = wide ? 'max-w-7xl' : 'max-w-5xl';
  return (
    <div className="flex min-h-dvh flex-col max-sm:has-[[data-save-bar]]:pb-16">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        {t('common.skipToContent')}
      </a>
      {/* 65px high from the sm breakpoint; on phones the menu takes a second row (app.css adjusts the hash offset).
          In the dashboard on a phone it scrolls away, leaving the screen to the editor's sticky toolbar (D18). */}
      <header
        data-site-header
        className={`sticky top-0 z-40 ${wide ? 'max-sm:static' : ''} border-b border-border bg-surface/90 backdrop-blur focus-mode:hidden sm:h-[65px]`}
      >
        <div
          className={`mx-auto flex h-full ${width} flex-wrap items-center gap-x-1 px-4 py-2 sm:flex-nowrap sm:gap-x-4 sm:py-0`}
        >
          {/* The wordmark: a notebook mark in the brand colour beside the site's name in either script. */}
          <Link to={paths.home(locale)} className="me-auto flex items-center gap-2 sm:me-0" data-testid="wordmark">
            {logo ? (
              // Settings → Appearance: the owner's logo; the name beside it says what it is, so it is decoration.
              <img src={logo} alt="" width={32} height={32} className="size-8 rounded-lg object-contain" />
            ) : (
              <span
                aria-hidden
                className="grid size-8 place-items-center rounded-lg bg-primary-strong text-white shadow-sm dark:text-neutral-950"
              >
                <NotebookPen className="size-4" />
              </span>
            )}
            <span className="text-lg font-extrabold tracking-tight">
              {site.siteName[locale]}
              <span aria-hidden className="text-primary-strong">
                .
              </span>
            </span>
          </Link>
          <nav
            aria-label={t('common.mainMenu')}
            className="order-last -mx-3 flex w-full items-center gap-1 overflow-x-auto sm:order-none sm:mx-0 sm:w-auto sm:flex-1"
          >
            {site.mainMenu.map((entry) =>
              isExternalTarget(entry.to) ? (
                <a key={entry.to} href={entry.to} rel="noopener" className={`${menuLinkClass} text-fg-muted`}>
                  {entry.label[locale]}
                </a>
              ) : (
                <NavLink
                  key={entry.to}
                  to={paths.inLocale(locale, entry.to)}
                  end
                  className={({ isActive }) =>
                    `${menuLinkClass} ${isActive ? 'font-semibold text-primary-strong' : 'text-fg-muted'}`
                  }
                >
                  {entry.label[locale]}
                </NavLink>
              ),
            )}
          </nav>
          {/* On reading pages app/reading/entry.tsx makes these controls live (decision 0007). */}
          <Island name="header">
            <HeaderSearch />
            <UserMenu />
            <LanguageSwitcher current={locale} error={error} />
            <ThemeSwitcher />
          </Island>
        </div>
      </header>
      <main id="main" className={`mx-auto w-full ${width} flex-1 px-4 ${wide ? 'py-4 sm:py-8' : 'py-8'}`}>
        {children}
      </main>
      <footer
        data-site-footer
        className="border-t border-border bg-surface py-6 text-center text-sm text-fg-muted focus-mode:hidden"
      >
        <FooterSubscribe />
        {Footer ? <Footer locale={locale} credit={site.footer[locale]} options={options} /> : <p>{site.footer[locale]}</p>}
      </footer>
    </div>
  );
}
