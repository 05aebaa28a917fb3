import { lazy, Suspense, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError } from 'react-router';
import { localeDirection } from '../common/locales';
import type { SessionUser } from '../common/permissions';
import type { Route } from './+types/root';
import { DeviceBoot } from './components/device/device-boot';
import { loadedInstaller, loadInstaller } from './components/installer/installer-loader';
import { ErrorView, errorStatus } from './components/layout/error-view';
import { HeadCode } from './components/layout/head-code';
import { NavigationProgress } from './components/layout/navigation-progress';
import { TooltipProvider } from './components/ui/icon-button';
import { Toaster } from './components/ui/toast';
import { i18nFor } from './i18n/i18n';
import { ThemeHead, themeAttributes, useActiveTheme } from './lib/appearance';
import { fontFaces, fontPreload } from './lib/fonts';
import { type RootData, useRootData } from './lib/root-data';
import { SessionProvider } from './lib/session';
import { forcedColorModeOf, themeBootScript, useColorMode } from './lib/theme';
import { isReadingPage, ReadingScripts, readingScript } from './reading/document';
import { loadRoot } from './root.server';
import appCss from './styles/app.css?url';

export async function loader(args: Route.LoaderArgs): Promise<RootData> {
  return loadRoot(args);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' },
  { rel: 'apple-touch-icon', href: '/icon.png' },
];

/** The signed-in user a private page's loader checked on the server (the dashboard's), if any. */
function knownUser(matches: ReturnType<typeof useMatches>): SessionUser | undefined {
  for (const match of matches) {
    const data = match.loaderData as { sessionUser?: SessionUser } | undefined;
    if (data && typeof data === 'object' && data.sessionUser) return data.sessionUser;
  }
  return undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { locale, nonce, site } = root;
  const i18n = i18nFor(locale);
  // A page may force its colour mode (front matter `colorMode`): on <html> before the boot script
  // reads it, so the first paint is right; client navigations re-apply the reader's own mode.
  const matches = useMatches();
  const forced = forcedColorModeOf(matches);
  // Reading pages do not hydrate: their own small script instead of React Router's (decision 0007).
  const reading = readingScript(matches, root);
  useColorMode(forced);
  // Reading pages wear the theme chosen in Settings → Appearance (app/lib/appearance.tsx).
  const active = useActiveTheme();
  // Marks the page interactive; browser tests wait for it instead of guessing.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html
      lang={locale}
      dir={localeDirection[locale]}
      data-color-mode-forced={forced ?? undefined}
      {...themeAttributes(active)}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Settings → "Let search engines index this site" off (robots.txt says Disallow: / too). */}
        {site.indexable ? null : <meta name="robots" content="noindex" />}
        {/* Sets the theme class before first paint: no flash of the wrong theme. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, not user input. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        {/* Only this locale's script is preloaded and declared (app/lib/fonts.ts). */}
        <link rel="preload" href={fontPreload[locale]} as="font" type="font/woff2" crossOrigin="anonymous" />
        <style>{fontFaces[locale]}</style>
        <Meta />
        <Links />
        <ThemeHead active={active} />
        {/* The owner's verification tags and analytics scripts, on the public site only (Settings → Code). */}
        {root.headTags && isReadingPage(matches.map((match) => match.handle)) ? (
          <HeadCode tags={root.headTags} nonce={nonce} />
        ) : null}
      </head>
      <body className="antialiased">
        <I18nextProvider i18n={i18n}>
          <SessionProvider known={knownUser(matches)}>
            <TooltipProvider>
              <NavigationProgress />
              {children}
              <DeviceBoot />
              <Toaster />
            </TooltipProvider>
          </SessionProvider>
        </I18nextProvider>
        {reading ? (
          <ReadingScripts script={reading} matches={matches} root={root} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

// Loaded only while the site is not installed, so public pages never download the installer.
const LazyInstaller = lazy(() => loadInstaller().then((Installer) => ({ default: Installer })));

/** Root shell (docs/spec.md §2): the installer until the site is installed, then the site. */
export default function App({ loaderData }: Route.ComponentProps) {
  if (loaderData.installed || !loaderData.install) return <Outlet />;
  // In the browser the code is already here (entry.client.tsx): nothing suspends while hydrating.
  const Installer = loadedInstaller() ?? LazyInstaller;
  return (
    <Suspense>
      <Installer status={loaderData.install} />
    </Suspense>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorView status={errorStatus(error)} />;
}
