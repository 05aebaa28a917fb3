/*
 * The one script of a reading page (home, content pages, logs, categories, search; decision 0007).
 * The page is server-rendered and does not hydrate: this module turns the few interactive parts
 * into small Preact islands that reuse the app's own components (scripts/reading-islands.ts aliases
 * React to preact/compat), and runs the page-wide behaviours the spec asks for.
 */
import { render as preactRender } from 'preact';
import type { ReactNode } from 'react';
import { CommentCount } from '../components/comments/comments-section';
import { HeaderSearch } from '../components/layout/header-search';
import { LanguageSwitcher } from '../components/layout/language-switcher';
import { ThemeSwitcher } from '../components/layout/theme-switcher';
import { UserMenu } from '../components/layout/user-menu';
import { Toaster } from '../components/ui/toast';
import { readFields, watchChunkFailures, writeFields } from '../lib/reload-guard';
import { watchBuild } from './build-watcher';
import { enhanceCodeBlocks } from './code-copy';
import { onLogout, sessionState, startSession, subscribeSession } from './compat/session';
import { enhanceEmbeds } from './embeds';
import { readingPage } from './page';

watchChunkFailures();
const page = readingPage();
const { locale } = page;
// The components are typed as React's; the build compiles them for Preact (scripts/reading-islands.ts).
// A visitor may type into the server-rendered fields (search, subscribe) before their island
// renders: what they typed is put back afterwards, as typing would, so the component's state has it.
const render = (node: ReactNode, element: HTMLElement) => {
  const typed = readFields(element);
  preactRender(node as never, element);
  writeFields(element, typed);
};
const islands = (name: string) => [...document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)];

// The header's controls: search, the session-aware user menu, language and theme.
for (const element of islands('header')) {
  // The switcher's links as the server made them (it knew the page's translations or its error).
  const targets = Object.fromEntries(
    [...element.querySelectorAll<HTMLAnchorElement>('a[hreflang]')].map((link) => [
      link.hreflang,
      link.getAttribute('href') ?? '',
    ]),
  );
  render(
    <>
      <HeaderSearch />
      <UserMenu />
      <LanguageSwitcher current={locale} targets={targets} />
      <ThemeSwitcher />
    </>,
    element,
  );
}

// Toasts (logout, comments, forms) in a root of their own at the end of the body.
const toaster = document.createElement('div');
document.body.appendChild(toaster);
render(<Toaster />, toaster);

startSession();
watchBuild(page.buildId);

// Forms and the thread load as their own chunks, only on pages that have them.
const subscribe = islands('subscribe');
if (subscribe.length && page.newsletter) {
  import('../components/newsletter/subscribe-form').then(({ SubscribeForm }) => {
    for (const element of subscribe)
      render(<SubscribeForm variant={element.dataset.variant === 'card' ? 'card' : 'footer'} />, element);
  });
}
for (const element of islands('comments')) {
  const path = element.dataset.path ?? '';
  const count = document.querySelector<HTMLElement>('[data-island="comment-count"]');
  const onCount = (total: number) => {
    if (count) render(<CommentCount locale={locale} count={total} />, count);
  };
  import('../components/comments/comment-thread').then(({ default: CommentThread }) => {
    // The server's placeholder (heading and loading rows) gives way to the thread, which has its own.
    element.replaceChildren();
    render(<CommentThread locale={locale} path={path} onCount={onCount} />, element);
  });
}

// Logout forgets the device identity and the local inbox (spec §4), and the account's unsaved
// editor drafts (security review F-54); their code loads only then.
onLogout(async (user) => {
  (await import('../lib/device')).clearDevice();
  await (await import('../lib/inbox')).resetInbox();
  await (await import('../components/manage/editor/drafts')).forgetDrafts(user?.id);
});

// A signed-out visitor gets a device identity (spec §4) once the page is idle.
const idle = (run: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(run) : setTimeout(run, 200));
const unsubscribe = subscribeSession(() => {
  const { authReady, loggedIn } = sessionState();
  if (!authReady) return;
  unsubscribe();
  if (!loggedIn)
    idle(() =>
      import('../lib/device')
        .then(({ initDevice }) => initDevice())
        .catch((error) => console.error('[device] could not create the device identity', error)),
    );
});

enhanceEmbeds();
enhanceCodeBlocks();

// The page is interactive: the same marker hydrated pages set (root.tsx), which browser tests wait for.
document.documentElement.dataset.hydrated = 'true';
