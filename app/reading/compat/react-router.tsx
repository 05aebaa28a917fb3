/*
 * React Router's browser API as the reading islands need it (decision 0007). Reading pages do not
 * hydrate, so there is no router: links and forms are plain elements (every navigation is a
 * document load), the location is the window's, and the root's data comes from the page
 * (app/reading/page.ts). Aliased in place of `react-router` by scripts/reading-islands.ts only.
 */
import { type AnchorHTMLAttributes, type CSSProperties, type FormHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { readingPage } from '../page';

type To = string | { pathname?: string; search?: string; hash?: string };
const href = (to: To) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`);

// Router-only props that must not reach the DOM.
type RouterProps = {
  to: To;
  reloadDocument?: boolean;
  replace?: boolean;
  state?: unknown;
  prefetch?: string;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
  discover?: string;
  relative?: string;
  mask?: To;
  defaultShouldRevalidate?: boolean;
};

export const Link = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & RouterProps>(function Link(
  {
    to,
    reloadDocument,
    replace,
    state,
    prefetch,
    preventScrollReset,
    viewTransition,
    discover,
    relative,
    mask,
    defaultShouldRevalidate,
    ...props
  },
  ref,
) {
  return <a ref={ref} href={href(to)} {...props} />;
});

/** The state a NavLink's className, style and children may be functions of (never pending: no router). */
type NavState = { isActive: boolean; isPending: boolean; isTransitioning: boolean };
type OrOfState<T> = T | ((state: NavState) => T);
export const NavLink = forwardRef<
  HTMLAnchorElement,
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'style' | 'children'> &
    RouterProps & {
      end?: boolean;
      caseSensitive?: boolean;
      className?: OrOfState<string | undefined>;
      style?: OrOfState<CSSProperties | undefined>;
      children?: OrOfState<ReactNode>;
    }
>(function NavLink({ className, style, children, end, caseSensitive, ...props }, ref) {
  const target = href(props.to);
  const current = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const wanted = caseSensitive ? target : target.toLowerCase();
  const isActive = end ? current === wanted : current.startsWith(wanted);
  const state: NavState = { isActive, isPending: false, isTransitioning: false };
  const of = <T,>(value: OrOfState<T>) => (typeof value === 'function' ? (value as (state: NavState) => T)(state) : value);
  return (
    <Link ref={ref} className={of(className)} style={of(style)} aria-current={isActive ? 'page' : undefined} {...props}>
      {of(children)}
    </Link>
  );
});

export const Form = forwardRef<
  HTMLFormElement,
  FormHTMLAttributes<HTMLFormElement> &
    Pick<
      RouterProps,
      | 'reloadDocument'
      | 'replace'
      | 'state'
      | 'relative'
      | 'preventScrollReset'
      | 'viewTransition'
      | 'discover'
      | 'defaultShouldRevalidate'
    > & { navigate?: boolean; fetcherKey?: string }
>(function Form(
  {
    reloadDocument,
    replace,
    navigate,
    state,
    relative,
    preventScrollReset,
    viewTransition,
    discover,
    defaultShouldRevalidate,
    fetcherKey,
    ...props
  },
  ref,
) {
  return <form ref={ref} {...props} />;
});

export function useLocation() {
  return { pathname: location.pathname, search: location.search, hash: location.hash, key: 'default', state: null };
}

/** Every navigation is a document load. */
export function useNavigate() {
  return (to: To | number) => {
    if (typeof to === 'number') history.go(to);
    else location.assign(href(to));
  };
}

export function useSearchParams(): [URLSearchParams, () => void] {
  return [new URLSearchParams(location.search), () => undefined];
}

export function useParams(): Record<string, string | undefined> {
  return { locale: readingPage().locale };
}

export function useRouteLoaderData(id: string) {
  return id === 'root' ? readingPage() : undefined;
}

/** The one match data the islands look at: a colour mode the page forces (root.tsx writes it on <html>). */
export function useMatches() {
  const colorMode = document.documentElement.dataset.colorModeForced;
  return [{ id: 'root', pathname: location.pathname, params: {}, handle: undefined, data: undefined, loaderData: { colorMode } }];
}

/** Nothing to block: every navigation of a reading page is a document load (app/reading/build-watcher.ts). */
export function useBlocker(_when: unknown) {
  return { state: 'unblocked' as const, location: undefined, proceed: () => undefined, reset: () => undefined };
}
