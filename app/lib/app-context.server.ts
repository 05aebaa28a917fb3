import { createContext, createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import type { AppLoadContext, PageHandler } from '../../server/deps';

/*
 * React Router finds context values by object identity. The platform entry (which builds the
 * Hono app) and the React Router server build are bundled separately, so each would get its own
 * copy of this module; one process-wide instance keyed by a registered symbol keeps them equal.
 */
const key = Symbol.for('daftar.appContext');
const registry = globalThis as { [key]?: RouterContext<AppLoadContext> };
registry[key] ??= createContext<AppLoadContext>();
export const appContext: RouterContext<AppLoadContext> = registry[key];

/**
 * The bridge between the server and React Router: the platforms render pages with this handler,
 * and createApp passes it the request's load context. The server itself never imports React Router.
 */
export function createPageHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: 'production' | 'development' = 'production',
): PageHandler {
  const handler = createRequestHandler(build, mode);
  return (request, load) => {
    const context = new RouterContextProvider();
    context.set(appContext, load);
    return handler(request, context);
  };
}

/** A loader's view of the server: dependencies, nonce and the request state resolved by createApp. */
export function serverContext(context: Readonly<RouterContextProvider>): AppLoadContext {
  return context.get(appContext);
}
