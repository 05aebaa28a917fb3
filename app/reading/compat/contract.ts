/*
 * The stand-ins' contract (issue 29 item 3): each module in this folder replaces a real one on the
 * reading pages (`swaps()` and the aliases in scripts/reading-islands.ts), and island components are type-checked
 * against the real module only. So this file makes `tsc --noEmit` (npm run typecheck) compare them:
 *
 * - every export of a stand-in exists in the real module with an assignable type (a component takes
 *   every props object the real one takes; a hook returns what the real hook's callers read);
 * - a component stand-in accepts every prop NAME the real component declares (`CoversProps`), so a
 *   prop added to `ConfirmDialog`, `Tip`, `IconButton` or a React Router component fails here until
 *   the stand-in handles it, instead of being silently dropped on reading pages;
 * - the real module's exports the islands may import exist in the stand-in (`HasExports`): a missing
 *   one would also fail the reading build ("not exported by"), this says so at typecheck time.
 *
 * Nothing here runs: it is types only. A deliberate difference is written out with its reason.
 */

import type * as RealI18n from 'react-i18next';
import type * as RealRouter from 'react-router';
import type * as RealMessages from '../../../common/messages';
import type * as RealDialog from '../../components/ui/dialog';
import type * as RealIconButton from '../../components/ui/icon-button';
import type * as RealToast from '../../components/ui/toast';
import type * as RealSession from '../../lib/session';
import type * as Dialog from './dialog';
import type * as IconButton from './icon-button';
import type * as Messages from './messages';
import type * as I18n from './react-i18next';
import type * as Router from './react-router';
import type * as Session from './session';
import type * as Toast from './toast';

/** Fails to compile unless `T` is `true`; the error names the check. */
type Assert<T extends true> = T;
type Props<C> = C extends (props: infer P, ...rest: never[]) => unknown
  ? P
  : C extends (props: infer P) => unknown
    ? P
    : C extends React.ExoticComponent<infer P>
      ? P
      : never;
/** The prop names the real component declares and the stand-in does not (never when it covers them). */
type MissingProps<Real, Stand> = Exclude<keyof Props<Real>, keyof Props<Stand> | 'key'>;
/** True when the stand-in accepts every prop name of the real component and every props object it takes. */
type CoversProps<Real, Stand> = [MissingProps<Real, Stand>] extends [never]
  ? Props<Real> extends Props<Stand>
    ? true
    : { error: 'a props object the real component takes is refused by the stand-in' }
  : { error: 'the stand-in lacks these props'; props: MissingProps<Real, Stand> };
/** True when each export of the stand-in is assignable to the real export of that name. */
type Mismatched<Real, Stand> = {
  [K in keyof Stand]: K extends keyof Real ? (Stand[K] extends Real[K] ? never : K) : K;
}[keyof Stand];
type Matches<Real, Stand> = [Mismatched<Real, Stand>] extends [never]
  ? true
  : {
      error: 'these exports of the stand-in are missing from the real module or do not match it';
      names: Mismatched<Real, Stand>;
    };
type HasExports<Stand, Names extends PropertyKey> = [Exclude<Names, keyof Stand>] extends [never]
  ? true
  : { error: 'the stand-in lacks these exports'; names: Exclude<Names, keyof Stand> };

// --- app/components/ui/dialog.tsx: the comment thread's delete confirmation.
export type DialogContract = [
  Assert<HasExports<typeof Dialog, 'ConfirmDialog'>>,
  Assert<CoversProps<typeof RealDialog.ConfirmDialog, typeof Dialog.ConfirmDialog>>,
  Assert<Matches<typeof RealDialog, typeof Dialog>>,
];

// --- app/components/ui/icon-button.tsx: tooltips on the header's controls.
export type IconButtonContract = [
  Assert<HasExports<typeof IconButton, keyof typeof RealIconButton>>,
  Assert<CoversProps<typeof RealIconButton.Tip, typeof IconButton.Tip>>,
  Assert<CoversProps<typeof RealIconButton.IconButton, typeof IconButton.IconButton>>,
  Assert<CoversProps<typeof RealIconButton.TooltipProvider, typeof IconButton.TooltipProvider>>,
  Assert<Matches<typeof RealIconButton, typeof IconButton>>,
];

// --- app/components/ui/toast.tsx: the same queue, shown without Radix Toast.
export type ToastContract = [
  Assert<HasExports<typeof Toast, keyof typeof RealToast>>,
  Assert<CoversProps<typeof RealToast.Toaster, typeof Toast.Toaster>>,
  Assert<Matches<typeof RealToast, typeof Toast>>,
];

// --- app/lib/session.tsx: one store per page instead of a context. `SessionProvider`'s `known`
// (the user a dashboard loader checked) is left out on purpose: reading pages are public and
// cacheable, so they never know the user on the server (spec §4).
export type SessionContract = [
  Assert<HasExports<typeof Session, keyof typeof RealSession>>,
  Assert<
    CoversProps<
      (props: Omit<Parameters<typeof RealSession.SessionProvider>[0], 'known'>) => React.ReactNode,
      typeof Session.SessionProvider
    >
  >,
  Assert<ReturnType<typeof Session.useSession> extends ReturnType<typeof RealSession.useSession> ? true : false>,
  Assert<RealSession.SessionState extends Session.SessionState ? true : false>,
  Assert<Matches<typeof RealSession, Omit<typeof Session, 'SessionProvider' | StoreOnly>>>,
];
/** The store's own controls, used by app/reading/entry.tsx only. */
type StoreOnly = 'startSession' | 'subscribeSession' | 'sessionState';

// --- common/messages.ts: the same helpers, `translateMessage` reading the page's locale only.
export type MessagesContract = [
  Assert<HasExports<typeof Messages, keyof typeof RealMessages>>,
  Assert<Matches<typeof RealMessages, typeof Messages>>,
];

// --- react-router: links, forms and the hooks the islands call, without a router.
type RouterComponents = 'Link' | 'NavLink' | 'Form';
type RouterHooks =
  | 'useLocation'
  | 'useNavigate'
  | 'useSearchParams'
  | 'useParams'
  | 'useRouteLoaderData'
  | 'useMatches'
  | 'useBlocker';
export type RouterContract = [
  Assert<HasExports<typeof Router, RouterComponents | RouterHooks>>,
  Assert<CoversProps<typeof RealRouter.Link, typeof Router.Link>>,
  Assert<CoversProps<typeof RealRouter.NavLink, typeof Router.NavLink>>,
  Assert<CoversProps<typeof RealRouter.Form, typeof Router.Form>>,
  // A hook's stand-in returns something its callers can use as the real result.
  Assert<ReturnType<typeof Router.useLocation> extends ReturnType<typeof RealRouter.useLocation> ? true : false>,
  Assert<ReturnType<typeof Router.useNavigate> extends ReturnType<typeof RealRouter.useNavigate> ? true : false>,
  Assert<ReturnType<typeof Router.useParams> extends ReturnType<typeof RealRouter.useParams> ? true : false>,
  Assert<ReturnType<typeof Router.useBlocker> extends Pick<ReturnType<typeof RealRouter.useBlocker>, 'state'> ? true : false>,
  Assert<Parameters<typeof RealRouter.useBlocker> extends Parameters<typeof Router.useBlocker> ? true : false>,
  Assert<Parameters<typeof RealRouter.useRouteLoaderData> extends Parameters<typeof Router.useRouteLoaderData> ? true : false>,
];

// --- react-i18next: `t` with nested keys, placeholders and plurals; of `i18n` only the language.
type ReadingT = (key: string, values?: Record<string, unknown>) => string;
export type I18nContract = [
  Assert<HasExports<typeof I18n, 'useTranslation'>>,
  Assert<ReturnType<typeof I18n.useTranslation>['t'] extends ReadingT ? true : false>,
  Assert<
    ReturnType<typeof I18n.useTranslation>['i18n'] extends Pick<ReturnType<typeof RealI18n.useTranslation>['i18n'], 'language'>
      ? true
      : false
  >,
];
