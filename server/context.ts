import { createContext, type RouterContext } from 'react-router';
import type { AppDeps } from './deps';

/** What route loaders and actions receive from the server, through React Router's context. */
export type AppLoadContext = {
  deps: AppDeps;
  /** CSP nonce for this response's inline scripts. */
  nonce?: string;
};

/*
 * React Router finds context values by object identity. The platform entry (which builds the
 * Hono app) and the React Router server build are bundled separately, so each would get its own
 * copy of this module; one process-wide instance keyed by a registered symbol keeps them equal.
 */
const key = Symbol.for('daftar.appContext');
const registry = globalThis as { [key]?: RouterContext<AppLoadContext> };
registry[key] ??= createContext<AppLoadContext>();
export const appContext: RouterContext<AppLoadContext> = registry[key];
